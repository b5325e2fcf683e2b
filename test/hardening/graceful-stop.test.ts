import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { startApiProcess } from '../support/api-process.js';
import { startTestApp, type TestApp } from '../support/app.js';

/**
 * SIGTERM to a real api process (npm run api) while clients keep sending on keep-alive connections:
 * every request it received is answered (none with a 5xx but /readyz's "draining"), the answers
 * from then on close their connection, a connection left idle across the signal still gets its next
 * request answered, and the process exits 0. A refused connection is fine: nothing was sent.
 */
let app: TestApp;
const started: ChildProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ worker: false });
}, 120_000);

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await app?.close();
});

interface Sent {
  path: string;
  status?: number;
  connection?: string;
  body?: string;
  /** The network error, for a request that got no answer. */
  error?: string;
}

/** One request on `agent`'s connections; a failure is kept, not thrown. */
function send(agent: Agent, origin: string, path: string): Promise<Sent> {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, { agent, headers: { accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ path, status: res.statusCode, connection: res.headers.connection, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ path, error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ path, error: error.code ?? error.message }));
    req.end();
  });
}

const paths = ['/api/v1/site', '/api/v1/listings', '/readyz', '/api/v1/categories'];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('answers every request it received while it drains, then exits 0', async () => {
  const { api, child, output } = await startApiProcess({ ...app.env, API_SHUTDOWN_GRACE_MS: '20000' }, started);
  const origin = new URL(api).origin;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // Connections opened before the signal and left idle across it.
  const idle = new Agent({ keepAlive: true, maxSockets: 3 });
  const warm = await Promise.all([0, 1, 2].map(() => send(idle, origin, '/api/v1/site')));
  expect(warm.map((s) => s.status)).toEqual([200, 200, 200]);

  // Clients sending one request after another on their keep-alive connections until they are refused.
  const busy = new Agent({ keepAlive: true, maxSockets: 4 });
  const log: Sent[] = [];
  let signalled = false;
  const lane = async (n: number) => {
    for (let i = n; ; i++) {
      const sent = await send(busy, origin, paths[i % paths.length]);
      log.push(sent);
      if (sent.error === 'ECONNREFUSED' && signalled) return;
    }
  };
  const lanes = Promise.all([0, 1, 2, 3].map(lane));
  while (log.length < 40) await pause(10);
  child.kill('SIGTERM');
  signalled = true;
  while (!output().includes('stopping api: draining')) await pause(10);

  const afterSignal = await Promise.all(['/api/v1/site', '/readyz', '/api/v1/listings'].map((p) => send(idle, origin, p)));
  await lanes;
  expect(await exited).toBe(0);

  expect(afterSignal.map((s) => [s.path, s.status, s.connection])).toEqual([
    ['/api/v1/site', 200, 'close'],
    ['/readyz', 503, 'close'],
    ['/api/v1/listings', 200, 'close'],
  ]);
  expect(JSON.parse(afterSignal[1].body!)).toEqual({ status: 'draining' });
  const unanswered = log.filter((s) => s.error && s.error !== 'ECONNREFUSED');
  const serverErrors = log.filter((s) => s.status! >= 500 && !(s.path === '/readyz' && s.body === '{"status":"draining"}'));
  expect({ unanswered, serverErrors }).toEqual({ unanswered: [], serverErrors: [] });
  expect(log.filter((s) => s.connection === 'close').length).toBeGreaterThan(0);
  expect(output()).not.toContain('requests still running were cut');
}, 120_000);
