import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { buildApp } from '../../api/app.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { runTimeSecrets } from '../support/secrets.js';

/**
 * /dev/mail holds everyone's sign-in links. Requests from another machine are made here from this
 * machine's own non-loopback address (the socket's peer is then that address, not 127.0.0.1), to
 * a second listener of the same app bound to it.
 */
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

let app: TestApp;
let server: Server;
let remoteUrl: string;

beforeAll(async () => {
  if (!external) throw new Error('This test needs a non-loopback IPv4 address on this machine.');
  app = await startTestApp({ worker: false, env: { TRUST_PROXY: 'true' } });
  server = createServer(buildApp(app.deps).callback()).listen(0, external);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  remoteUrl = `http://${external}:${port}`;
  await app.deps.mailer.send({
    to: 'someone@example.test',
    subject: 'Sign in',
    text: 'https://example.test/sign-in/link?token=x',
  });
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
});

describe('/dev/mail', () => {
  it('answers a client on this machine', async () => {
    const page = await request(`${app.url}/dev/mail`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('someone@example.test');
  });

  it('is not found for a client elsewhere, even one claiming 127.0.0.1 in X-Forwarded-For with TRUST_PROXY on', async () => {
    const forged: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '::1', 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of forged) {
      const page = await request(`${remoteUrl}/dev/mail`, { headers });
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('someone@example.test');
    }
    // The same listener serves everything else to that client.
    expect((await request(`${remoteUrl}/sign-in`)).status).toBe(200);
  });

  it('does not exist with NODE_ENV=production, even on this machine', async () => {
    // Production insists on SMTP, a payment provider and its own vote network key; nothing is sent or paid in this test.
    const production = await startTestApp({
      worker: false,
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:9',
        PAYMENT_PROVIDER: 'test',
        ALLOW_TEST_PAYMENTS: 'true',
        VOTE_NETWORK_KEY: runTimeSecrets().VOTE_NETWORK_KEY,
      },
    });
    try {
      await production.deps.orm.em
        .fork()
        .execute(`insert into mail_outbox (recipient, subject, text_body) values ('someone@example.test', 'Sign in', 'a link')`);
      const page = await request(`${production.url}/dev/mail`);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('someone@example.test');
    } finally {
      await production.close();
    }
  });
});
