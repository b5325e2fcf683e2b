import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/**
 * The service's own processes as production runs them: `npm run api` (api/main.ts) and
 * `npm run worker` (src/worker-main.ts), started through tsx as those scripts do, each with its log
 * in a file of the run. Each can be killed like a crash (kill -9) and started again.
 */
export interface ServiceProcess {
  name: string;
  /** The api's origin; undefined for a worker. */
  origin?: string;
  pid(): number | undefined;
  start(): Promise<void>;
  kill(): Promise<void>;
  /** SIGTERM, then wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

async function ready(check: () => Promise<boolean>, child: ChildProcess, name: string): Promise<void> {
  const until = Date.now() + 120_000;
  while (!(await check())) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} while starting`);
    if (Date.now() > until) throw new Error(`${name} not ready after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function serviceProcess(
  name: string,
  entry: string,
  env: Record<string, string>,
  logFile: string,
  isReady: (child: ChildProcess, output: () => string) => () => Promise<boolean>,
  origin?: string,
): ServiceProcess {
  let child: ChildProcess | undefined;
  const log = createWriteStream(logFile, { flags: 'a' });
  const alive = () => child && child.exitCode === null && child.signalCode === null;
  const ended = () => new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  return {
    name,
    origin,
    pid: () => (alive() ? child!.pid : undefined),
    async start() {
      let output = '';
      child = spawn(process.execPath, ['--import', 'tsx', entry], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        log.write(chunk);
        output = (output + chunk.toString()).slice(-2000);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      await ready(
        isReady(child, () => output),
        child,
        name,
      );
    },
    async kill() {
      if (!alive()) return;
      const exited = ended();
      child!.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return child?.exitCode ?? null;
      const exited = ended();
      child!.kill('SIGTERM');
      return exited;
    },
  };
}

/** An api process on `port`; ready once /readyz answers 200 (PostgreSQL and Temporal reachable, search index loaded). */
export function apiProcess(name: string, port: number, env: Record<string, string>, logFile: string): ServiceProcess {
  const origin = `http://127.0.0.1:${port}`;
  const readyz = () => () =>
    fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  return serviceProcess(name, 'api/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' }, logFile, readyz, origin);
}

/** A worker process; ready once it says it polls its task queue. */
export function workerProcess(name: string, env: Record<string, string>, logFile: string): ServiceProcess {
  const polling = (_child: ChildProcess, output: () => string) => () => Promise.resolve(output().includes('worker running'));
  return serviceProcess(name, 'src/worker-main.ts', env, logFile, polling);
}
