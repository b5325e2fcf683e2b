import { readFileSync } from 'node:fs';

/** One schemathesis run: which credentials it sent and its NDJSON event stream. */
export interface ModeResult {
  mode: 'anonymous' | 'api-key';
  exitStatus: number;
  events: string;
}

/** A failure the tool reports that is not a fault of the service, with why. */
export interface BaselineEntry {
  /** e.g. `POST /drafts`; `*` for a class of false positives any operation can show. */
  operation: string;
  /** schemathesis' failure code (ST103...) or `runtime_error` for an error of the tool itself. */
  code: string;
  /** A piece of the failure's title, message, request (method and URI) or response that tells this case from others. */
  match: string;
  reason: string;
}

export interface Finding {
  mode: string;
  operation: string;
  code: string;
  title: string;
  message: string;
  /** The request that failed, as method and URI. */
  request: string;
  /** The status and body it was answered with. */
  response: string;
}

function answerOf(response: { status_code: number; content?: { $base64?: string } } | undefined): string {
  if (!response) return '';
  const body = response.content?.$base64 ? Buffer.from(response.content.$base64, 'base64').toString('utf8') : '';
  return `${response.status_code} ${body.slice(0, 2000)}`;
}

export function readBaseline(path: string): BaselineEntry[] {
  const entries = JSON.parse(readFileSync(path, 'utf8')) as BaselineEntry[];
  for (const entry of entries) {
    if (!entry.operation || !entry.code || !entry.match || !entry.reason) {
      throw new Error(`${path}: every entry needs operation, code, match and reason: ${JSON.stringify(entry)}`);
    }
  }
  return entries;
}

interface CheckResult {
  name: string;
  status: string;
  failure_info?: { failure: { code: string; operation: string; title: string; message: string } };
}
interface Event {
  ScenarioFinished?: {
    recorder: {
      label: string;
      cases?: Record<string, unknown>;
      checks?: Record<string, CheckResult[]>;
      interactions?: Record<
        string,
        { request: { method: string; uri: string }; response?: { status_code: number; content?: { $base64?: string } } }
      >;
    };
  };
  NonFatalError?: { label: string; value: string };
  FatalError?: { exception: unknown };
  EngineFinished?: { stop_reason?: string };
}

/** Cases generated and failures found in one NDJSON event stream, each failure once. */
export function readEvents(mode: string, ndjson: string): { cases: number; findings: Finding[]; finished: boolean } {
  let cases = 0;
  let finished = false;
  const findings = new Map<string, Finding>();
  for (const line of ndjson.split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as Event;
    if (event.ScenarioFinished) {
      const { recorder } = event.ScenarioFinished;
      cases += Object.keys(recorder.cases ?? {}).length;
      for (const [caseId, checks] of Object.entries(recorder.checks ?? {})) {
        for (const check of checks) {
          const failure = check.failure_info?.failure;
          if (check.status !== 'failure' || !failure) continue;
          const interaction = recorder.interactions?.[caseId];
          const sent = interaction?.request;
          const finding: Finding = {
            mode,
            operation: failure.operation,
            code: failure.code,
            title: failure.title,
            message: failure.message,
            request: sent ? `${sent.method} ${sent.uri}` : '',
            response: answerOf(interaction?.response),
          };
          findings.set(JSON.stringify([finding.operation, finding.code, finding.message]), finding);
        }
      }
    }
    if (event.NonFatalError) {
      const { label, value } = event.NonFatalError;
      const finding = {
        mode,
        operation: label,
        code: 'runtime_error',
        title: 'Tool error',
        // schemathesis sends some errors (a schema it could not load) as objects.
        message: typeof value === 'string' ? value : JSON.stringify(value),
        request: '',
        response: '',
      };
      findings.set(`error:${label}:${value}`, finding);
    }
    if (event.FatalError) {
      const message = JSON.stringify(event.FatalError.exception);
      const finding = { mode, operation: '(run)', code: 'fatal_error', title: 'Fatal error', message, request: '', response: '' };
      findings.set(`fatal:${message}`, finding);
    }
    if (event.EngineFinished) finished = true;
  }
  return { cases, findings: [...findings.values()], finished };
}

/** The 5xx lines of the server's log (pino JSON): an error-level line or a response status >= 500. */
export function serverErrors(log: string): string[] {
  return log.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false;
    const entry = JSON.parse(line) as { level?: number; status?: number };
    return (entry.level ?? 0) >= 50 || (entry.status ?? 0) >= 500;
  });
}

export function isBaselined(finding: Finding, baseline: BaselineEntry[]): boolean {
  return baseline.some(
    (entry) =>
      (entry.operation === '*' || entry.operation === finding.operation) &&
      entry.code === finding.code &&
      [finding.title, finding.message, finding.request, finding.response].join('\n').includes(entry.match),
  );
}

/** The verdict of a fuzz run: passes when every failure is baselined and the server logged no 5xx. */
export function judgeRun(results: ModeResult[], log: string, baseline: BaselineEntry[]): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  let ok = true;
  let total = 0;
  for (const result of results) {
    const { cases, findings, finished } = readEvents(result.mode, result.events);
    total += cases;
    const fresh = findings.filter((finding) => !isBaselined(finding, baseline));
    lines.push(
      `${result.mode}: ${cases} cases generated, ${findings.length} failures (${findings.length - fresh.length} in the baseline, ${fresh.length} new)`,
    );
    for (const finding of fresh) {
      lines.push(`  NEW ${finding.code} ${finding.operation}: ${finding.title}: ${finding.message.split('\n')[0]}`);
      lines.push(`      ${finding.request} -> ${finding.response.slice(0, 300)}`);
    }
    if (!finished) lines.push(`  the run did not finish (schemathesis exit status ${result.exitStatus})`);
    ok &&= fresh.length === 0 && finished;
  }
  const errors = serverErrors(log);
  lines.push(`server: ${errors.length} error lines (5xx) in its log`);
  for (const line of errors.slice(0, 20)) lines.push(`  ${line.slice(0, 400)}`);
  lines.push(`total: ${total} cases generated; ${ok && errors.length === 0 ? 'PASS' : 'FAIL'}`);
  return { ok: ok && errors.length === 0, lines };
}
