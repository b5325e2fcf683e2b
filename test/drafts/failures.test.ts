import { startDraftWorld, waitUntilSettled, type DraftWorld } from './support.js';

let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld();
  dw.world.dns.set('broken.test', ['127.0.0.1']);
  dw.world.sites.route('broken.test/', (_req, res) =>
    res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Down for maintenance</h1>'),
  );
  dw.world.dns.set('internal.test', ['10.0.0.7']);
  dw.world.dns.set('slow.test', ['127.0.0.1']);
  dw.world.sites.route('slow.test/', (_req, res) => {
    setTimeout(
      () =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Slow</title><h1>Slow Co</h1><p>We take our time.</p>'),
      2500,
    );
  });
});
afterAll(() => dw.close());

describe('submit_listing on a site that cannot be read', () => {
  it.each([
    ['a name that does not resolve', 'http://nowhere.test/', 'dns_error'],
    ['a server answering 503', 'broken', 'http_error'],
    ['a robots.txt that forbids everything', 'closed', 'robots_forbidden'],
    ['a name resolving to a private address', 'internal', 'refused_address'],
  ])('%s ends in failed with the reason', async (_label, site, reason) => {
    const url = site.startsWith('http') ? site : `http://${site}.test:${dw.world.sites.port}/`;
    const created = await dw.owner.call('POST', '/drafts', { url });
    expect(created.status).toBe(201);
    const draft = await waitUntilSettled(dw.owner, created.body.id);
    expect(draft.status).toBe('failed');
    expect(draft.failure).toEqual({ reason, message: expect.any(String) });
    expect(draft.failure.message.length).toBeGreaterThan(10);
    for (const field of Object.values<any>(draft.fields)) expect(field.value).toBeNull();

    const submitted = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(submitted.status).toBe(409);
    expect(submitted.body.code).toBe('draft_not_ready');
  });

  it('names the 503 in the failure message', async () => {
    const created = await dw.owner.call('POST', '/drafts', { url: `http://broken.test:${dw.world.sites.port}/` });
    const draft = await waitUntilSettled(dw.owner, created.body.id);
    expect(draft.failure.message).toContain('503');
  });
});

describe('a draft still being built', () => {
  it('shows crawling while the site is read, and refuses regenerate, restore and submit with 409 draft_not_ready', async () => {
    const created = await dw.owner.call('POST', '/drafts', { url: `http://slow.test:${dw.world.sites.port}/` });
    const polled = await dw.owner.call('GET', `/drafts/${created.body.id}`);
    expect(polled.body.status).toBe('crawling');
    for (const body of [{ regenerate: ['name'] }, { restore: ['name'] }]) {
      const res = await dw.owner.call('PATCH', `/drafts/${created.body.id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('draft_not_ready');
    }
    expect((await dw.owner.call('POST', `/drafts/${created.body.id}/submit`)).body.code).toBe('draft_not_ready');
    // An owner's edit during the build is kept: the AI fills only what the owner has not set.
    expect((await dw.owner.call('PATCH', `/drafts/${created.body.id}`, { fields: { tagline: 'Unhurried' } })).status).toBe(200);
    const ready = await waitUntilSettled(dw.owner, created.body.id);
    expect(ready.status).toBe('ready');
    expect(ready.fields.tagline).toMatchObject({ value: 'Unhurried', state: 'manual', ai_original: 'Slow Co' });
    expect(ready.fields.name).toMatchObject({ value: 'Slow', state: 'ai' });
  });
});
