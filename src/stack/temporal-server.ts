import type { EphemeralServerExecutable } from '@temporalio/testing';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { SearchAttributeType } from '@temporalio/common';
import { customSearchAttributes } from '../domain/search-attributes.js';
import type { Logger } from '../logger.js';
import { goInstall } from './go-install.js';

export const temporalCliVersion = 'v1.5.1';
// Newer CLI tags carry a replace directive in go.mod, which `go install pkg@version` refuses.
const cliModule = `github.com/temporalio/cli/cmd/temporal@${temporalCliVersion}`;

export interface TemporalCliSource {
  executable: EphemeralServerExecutable;
  /** How the binary was found, for logs and `doctor`. */
  origin: 'TEMPORAL_CLI_PATH' | 'PATH' | 'cache' | 'go-build' | 'sdk-download';
}

/**
 * Finds the Temporal CLI: TEMPORAL_CLI_PATH, then `temporal` on PATH, then a cached build, then a
 * build with Go when Go is present, and last the SDK's own download (needs internet).
 */
export async function findTemporalCli(
  opts: { cliPath?: string; cacheDir: string; build: boolean },
  log: Logger,
): Promise<TemporalCliSource> {
  if (opts.cliPath) return { executable: { type: 'existing-path', path: opts.cliPath }, origin: 'TEMPORAL_CLI_PATH' };
  const onPath = findOnPath('temporal');
  if (onPath) return { executable: { type: 'existing-path', path: onPath }, origin: 'PATH' };
  const cached = cachedCliPath(opts.cacheDir);
  if (existsSync(cached)) return { executable: { type: 'existing-path', path: cached }, origin: 'cache' };
  if (opts.build && findOnPath('go')) {
    await buildWithGo(opts.cacheDir, log);
    return { executable: { type: 'existing-path', path: cached }, origin: 'go-build' };
  }
  return { executable: { type: 'cached-download', downloadDir: opts.cacheDir }, origin: 'sdk-download' };
}

export function cachedCliPath(cacheDir: string): string {
  return join(cacheDir, `temporal-${temporalCliVersion}`, 'temporal');
}

export function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

async function buildWithGo(cacheDir: string, log: Logger): Promise<void> {
  const bin = join(cacheDir, `temporal-${temporalCliVersion}`);
  log.info(
    { module: cliModule, into: bin },
    'Building the Temporal CLI with Go. This happens once and takes a few minutes (it compiles the whole Temporal server); later starts reuse the cached binary.',
  );
  await goInstall(cliModule, bin);
}

export function cliVersion(path: string): string | undefined {
  const out = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : undefined;
}

export interface DevServerHandle {
  address: string;
  uiUrl: string;
  stop(): Promise<void>;
}

const cliTypeNames: Record<SearchAttributeType, string> = {
  TEXT: 'Text',
  KEYWORD: 'Keyword',
  INT: 'Int',
  DOUBLE: 'Double',
  BOOL: 'Bool',
  DATETIME: 'Datetime',
  KEYWORD_LIST: 'KeywordList',
};

/** Starts `temporal server start-dev` with its state in a SQLite file, our search attributes and the Web UI on. */
export async function startTemporalDevServer(
  source: TemporalCliSource,
  opts: { port: number; uiPort: number; dbFile?: string; namespace: string },
): Promise<DevServerHandle> {
  // Loaded here: finding the CLI (doctor, the test preflight) should not pay for the whole SDK.
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: source.executable,
      ip: '127.0.0.1',
      port: opts.port,
      ui: true,
      uiPort: opts.uiPort,
      dbFilename: opts.dbFile,
      namespace: opts.namespace,
      extraArgs: [
        '--log-level',
        'error',
        ...customSearchAttributes.flatMap((key) => ['--search-attribute', `${key.name}=${cliTypeNames[key.type]}`]),
      ],
    },
  });
  return {
    address: env.address,
    uiUrl: `http://127.0.0.1:${opts.uiPort}`,
    stop: () => env.teardown(),
  };
}
