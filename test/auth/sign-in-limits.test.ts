import { loadConfig } from '../../src/config.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { WebClient, type Page } from '../support/web-client.js';

let app: TestApp;
beforeAll(async () => {
  // The defaults, which the other test files raise because all of them sign in from 127.0.0.1.
  app = await startTestApp({ worker: false, env: { SIGN_IN_LINKS_PER_CLIENT: '20', SIGN_IN_LINKS_PER_EMAIL: '5' } });
});
afterAll(() => app.close());

const mailsTo = async (pattern: string) =>
  (
    await app.deps.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from mail_outbox where recipient like ?`, [pattern])
  )[0].n;

describe('sign-in link limits', () => {
  it('are 5 links per email address and 20 per client address each quarter hour by default', () => {
    expect(loadConfig({}).auth.signInLimits).toEqual({ perEmail: 5, perClient: 20, windowMinutes: 15 });
  });

  it('one client asking links for 100 different addresses gets 429 after 20, whatever X-Forwarded-For it sends, and nothing more is mailed', async () => {
    const browser = new WebClient(app.url);
    const form = await browser.get('/sign-in');
    const statuses: number[] = [];
    let refused: Page | undefined;
    for (let i = 0; i < 100; i++) {
      // Forged forwarding headers do not make a new client: TRUST_PROXY is off, the socket decides.
      const page = await browser.request('/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${i}` },
        body: new URLSearchParams({ csrf: /name="csrf" value="([^"]+)"/.exec(form.html)![1], email: `spray${i}@example.org` }),
      });
      statuses.push(page.status);
      if (page.status === 429) refused ??= page;
    }
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(80).fill(429)]);
    expect(refused!.html).toContain('Too many sign-in links were asked for from your network');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo('spray%@example.org')).toBe(20);
  });
});

describe('the per-email limit', () => {
  let own: TestApp;
  beforeAll(async () => {
    // A client budget of its own: the test above used up 127.0.0.1's.
    own = await startTestApp({ worker: false, env: { SIGN_IN_LINKS_PER_EMAIL: '5' } });
  });
  afterAll(() => own.close());

  it('counts a+1@, a+2@... as the one mailbox a@, and still mails each link to the address typed', async () => {
    const browser = new WebClient(own.url);
    const form = await browser.get('/sign-in');
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.html)![1];
    const ask = (email: string) => browser.post('/sign-in', { csrf, email });
    const statuses: number[] = [];
    let refused: Page | undefined;
    for (let i = 1; i <= 7; i++) {
      const page = await ask(i === 7 ? 'Share+7@Example.org' : `share+${i}@example.org`);
      statuses.push(page.status);
      if (page.status === 429) refused ??= page;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(refused!.html).toContain('Several sign-in links were sent to this address lately');
    expect((await ask('share@example.org')).status).toBe(429);
    const mailed = await own.deps.orm.em
      .fork()
      .execute<{ recipient: string }[]>(`select recipient from mail_outbox where recipient ilike 'share%' order by id`);
    expect(mailed.map((m) => m.recipient)).toEqual([1, 2, 3, 4, 5].map((i) => `share+${i}@example.org`));
    // Another mailbox at the same domain keeps its own budget.
    expect((await ask('other+1@example.org')).status).toBe(200);
  });
});

describe('client addresses behind one trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY=true alone: one proxy in front, which appends the address it was reached from.
    proxied = await startTestApp({
      worker: false,
      env: { TRUST_PROXY: 'true', SIGN_IN_LINKS_PER_CLIENT: '20', RATE_LIMIT_POINTS: '10' },
    });
  });
  afterAll(() => proxied.close());

  /** What the proxy sends on: the client's own X-Forwarded-For, then the address it saw, here with the client's port. */
  const viaProxy = (spoofed: string, client: string) => ({ 'x-forwarded-for': `${spoofed}, ${client}` });

  it('limits sign-in links by the address the proxy saw, whatever the client writes before it', async () => {
    const browser = new WebClient(proxied.url);
    const form = await browser.get('/sign-in');
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.html)![1];
    const ask = (i: number, client: string) =>
      browser.request('/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...viaProxy(`198.51.100.${i}`, client) },
        body: new URLSearchParams({ csrf, email: `proxied${i}@example.org` }),
      });
    const statuses: number[] = [];
    // A fresh leftmost entry each time, and another source port, as a script behind one address would send.
    for (let i = 0; i < 30; i++) statuses.push((await ask(i, i % 2 ? `203.0.113.7:${40000 + i}` : '203.0.113.7')).status);
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(10).fill(429)]);
    // Another client behind the same proxy keeps its own budget.
    expect((await ask(99, '[2001:db8::7]:443')).status).toBe(200);
  });

  it('limits API requests by that address too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await fetch(`${proxied.api}/site`, { headers: viaProxy(`192.0.2.${i}`, '203.0.113.8') });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
  });
});
