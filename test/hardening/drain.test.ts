import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainableServer, type Shutdown } from '../../api/drain.js';

/**
 * The drain itself, on a bare listener: an answer in flight when it begins closes its connection,
 * an idle connection stays usable until the grace time ends, and a request still running then is
 * cut and counted.
 */
interface Answer {
  status?: number;
  connection?: string;
  error?: string;
}

function get(agent: Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
    req.end();
  });
}

it('closes the connections of answers in flight, keeps idle ones to the end, and counts what it cut', async () => {
  const shutdown: Shutdown = { draining: false };
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived: string[] = [];
  const drainable = drainableServer((req, res) => {
    arrived.push(req.url!);
    if (req.url === '/slow') void released.then(() => res.end('slow'));
    else if (req.url !== '/hang') res.end('ok');
  }, shutdown);
  const { server } = drainable;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const idle = new Agent({ keepAlive: true });
  const busy = new Agent({ keepAlive: true });
  const lingering = new Agent({ keepAlive: true });

  expect(await get(idle, port, '/')).toEqual({ status: 200, connection: 'keep-alive' });
  expect(await get(lingering, port, '/')).toEqual({ status: 200, connection: 'keep-alive' });
  const slow = get(busy, port, '/slow');
  const hanging = get(busy, port, '/hang');
  while (arrived.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));

  const drained = drainable.drain(1_000);
  expect(shutdown.draining).toBe(true);
  release();
  expect(await slow).toEqual({ status: 200, connection: 'close' });
  // The connection left idle before the drain still takes a request, answered with close.
  expect(await get(idle, port, '/')).toEqual({ status: 200, connection: 'close' });
  // Idle at the end of the grace time, the lingering connection is closed, not counted.
  expect(await drained).toBe(1);
  expect((await hanging).error).toBe('ECONNRESET');
  for (const agent of [idle, busy, lingering]) agent.destroy();
});
