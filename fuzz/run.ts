import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { homedir, networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { judgeRun, readBaseline, type ModeResult } from './judge.js';

/**
 * `npm run fuzz [-- --max-time S] [--workers N] [--seed N]`: schemathesis (coverage, fuzzing and
 * stateful phases, every check) against a fresh server, once without credentials and once with a
 * fresh user's API key. A fixed seed and no store of earlier failures make two runs draw the same
 * cases, so a finding is the code's and not the draw's; pass another seed to explore. Server and
 * fuzzer run in a network namespace of their own that holds only loopback, so a submitted URL can
 * never be crawled anywhere else. Fails on any failure not in fuzz/baseline.json and on any 5xx in
 * the server's log.
 */
const schemathesisVersion = '4.32.5';
const root = resolve(import.meta.dirname, '..');
const venv = join(homedir(), '.cache', 'launch-directory', `schemathesis-${schemathesisVersion}`);
const st = join(venv, 'bin', 'st');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const insideFlag = '--inside-namespace';
/** The server log and schemathesis' event streams of the last run, kept for reading after it. */
const reports = join(root, 'node_modules', '.cache', 'fuzz');
const toolState = join(root, 'node_modules', '.cache', 'schemathesis');

const { values } = parseArgs({
  options: {
    'max-time': { type: 'string', default: '180' },
    workers: { type: 'string', default: '2' },
    seed: { type: 'string', default: '20261125' },
    'inside-namespace': { type: 'boolean', default: false },
  },
});

if (!values['inside-namespace']) {
  installSchemathesis();
  process.exit(runInNamespace());
} else {
  process.exit(await fuzz());
}

function installSchemathesis(): void {
  if (existsSync(st)) return;
  console.log(`Installing schemathesis ${schemathesisVersion} into ${venv}`);
  mkdirSync(venv, { recursive: true });
  run('python3', ['-m', 'venv', venv]);
  run(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${schemathesisVersion}`]);
}

/** Root needs only a network namespace; anyone else maps themselves to root in a user namespace too. */
function runInNamespace(): number {
  const unshare = process.getuid?.() === 0 ? ['-n'] : ['-r', '-n'];
  const inner = `ip link set lo up && exec "$@"`;
  const args = [...unshare, 'sh', '-c', inner, 'fuzz', tsx, join(root, 'fuzz', 'run.ts'), insideFlag];
  args.push('--max-time', values['max-time'], '--workers', values.workers, '--seed', values.seed);
  const result = spawnSync('unshare', args, { stdio: 'inherit', cwd: root });
  if (result.error || result.status === null) {
    console.error(`Could not start a loopback-only network namespace (unshare): ${result.error?.message ?? result.signal}`);
    return 1;
  }
  return result.status;
}

async function fuzz(): Promise<number> {
  const outside = Object.entries(networkInterfaces()).filter(([, addresses]) => addresses?.some((a) => !a.internal));
  if (outside.length) {
    console.error(
      `Refusing to fuzz: this network namespace reaches beyond loopback (${outside.map(([name]) => name).join(', ')}).`,
    );
    return 1;
  }
  const work = mkdtempSync(join(tmpdir(), 'ld-fuzz-'));
  chmodSync(work, 0o755); // PostgreSQL runs as its own user when we are root.
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  mkdirSync(toolState, { recursive: true });
  const port = 3000;
  const origin = `http://127.0.0.1:${port}`;
  const logFile = join(reports, 'server.log');
  const env = serverEnv(work, port, origin);
  const server = startServer(env, logFile);
  try {
    await waitUntilReady(`${origin}/readyz`, server);
    const email = 'fuzz@example.test';
    run(tsx, ['src/cli.ts', 'user', 'create', '--email', email], { env });
    const apiKey = run(tsx, ['src/cli.ts', 'apikey', 'create', '--email', email, '--name', 'fuzz'], { env })
      .trim()
      .split('\n')
      .pop()!;
    const results: ModeResult[] = [];
    for (const mode of ['anonymous', 'api-key'] as const) {
      const reportPath = join(reports, `${mode}.ndjson`);
      const headers = mode === 'api-key' ? ['-H', `Authorization: Bearer ${apiKey}`] : [];
      const outputPath = join(reports, `${mode}.log`);
      console.log(`schemathesis, ${mode}, ${values['max-time']} s, seed ${values.seed}: its report goes to ${outputPath}`);
      const output = openSync(outputPath, 'w');
      const status = spawnSync(
        st,
        [
          'run',
          `${origin}/api/v1/openapi.json`,
          '--phases',
          'coverage,fuzzing,stateful',
          '--checks',
          'all',
          '--max-time',
          values['max-time'],
          '--workers',
          values.workers,
          '--suppress-health-check',
          'all',
          '--seed',
          values.seed,
          '--generation-database',
          'none',
          '--no-color',
          '--report',
          'ndjson',
          '--report-ndjson-path',
          reportPath,
          ...headers,
        ],
        // Its own cwd for any state it keeps; its report is long, so it goes to a file and the verdict below says what matters.
        { stdio: ['ignore', output, output], cwd: toolState },
      );
      closeSync(output);
      results.push({ mode, exitStatus: status.status ?? -1, events: readFileSync(reportPath, 'utf8') });
    }
    await stop(server);
    const verdict = judgeRun(results, readFileSync(logFile, 'utf8'), readBaseline(join(root, 'fuzz', 'baseline.json')));
    console.log(`\n${verdict.lines.join('\n')}`);
    return verdict.ok ? 0 : 1;
  } finally {
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
}

/** A fresh stack under `work`; crawls go to a DNS server nobody runs, and chromium stays off. */
function serverEnv(work: string, port: number, origin: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: work,
    LOG_LEVEL: 'info',
    SEED_LISTINGS: '300',
    RATE_LIMIT_POINTS: '1000000000',
    VALIDATE_RESPONSES: 'true',
    CRAWL_ALLOW_LOOPBACK: 'false',
    CRAWL_DNS_SERVER: '127.0.0.1:9',
    CRAWL_BROWSER: 'off',
  };
  for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'AI_BASE_URL', 'AI_API_KEY', 'SMTP_URL']) delete env[name];
  return env;
}

function startServer(env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = openSync(logFile, 'a');
  return spawn(tsx, ['api/start.ts'], { cwd: root, env, stdio: ['ignore', out, out] });
}

async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was ready.`);
    const ready = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${url} was not ready within 5 minutes.`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await exited;
}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): string {
  const result = spawnSync(command, args, { cwd: root, env: options.env ?? process.env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  return result.stdout;
}
