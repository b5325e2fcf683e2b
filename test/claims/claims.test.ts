import type { ServerResponse } from 'node:http';
import { startTestApp, type TestApp } from '../support/app.js';
import { startCrawlWorld, type CrawlWorld } from '../support/crawl-world.js';
import { WebClient } from '../support/web-client.js';
import { htmlProblems } from '../web/pages.js';
import { insertListing, ownerWithKey, type Owner } from '../listings/support.js';

let app: TestApp;
let world: CrawlWorld;
let previousOwner: Owner;
let claimant: Owner;
let rival: Owner;

const em = () => app.deps.orm.em.fork();
const roleAddresses = (domain: string) =>
  ['admin', 'administrator', 'webmaster', 'hostmaster', 'postmaster'].map((box) => `${box}@${domain}`);
const allowedMessage = (domain: string, published: string[] = []) =>
  `must be one of ${[...roleAddresses(domain), ...published].join(', ')}: an address that speaks for ${domain}, not any mailbox there`;
const verificationFile = '/.well-known/launch-directory-verification.txt';

/** A live listing owned by the previous owner, whose website is http://<slug>.test:<port>/ on the loopback world. */
async function liveListing(slug: string, status = 'live'): Promise<number> {
  const id = await insertListing(em(), app.deps.site.id, { slug, ownerId: previousOwner.id, status });
  await em().execute('update listing set website_url = ?, domain = ? where id = ?', [world.urlOf(slug), `${slug}.test`, id]);
  world.dns.set(`${slug}.test`, ['127.0.0.1']);
  return id;
}

const serve =
  (body: string, type = 'text/html') =>
  (_req: unknown, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': type }).end(body);

const mailsTo = (address: string) =>
  em().execute<{ subject: string; text_body: string }[]>(
    'select subject, text_body from mail_outbox where recipient = ? order by id',
    [address],
  );

async function claimOf(who: Owner, id: number): Promise<any> {
  const list = await who.call('GET', '/claims?per_page=100');
  return list.body.items.find((c: any) => c.id === id);
}

/** Polls the claimant's list until the claim leaves pending (a workflow step, not a request, moved it). */
async function settled(who: Owner, id: number): Promise<any> {
  for (let i = 0; i < 100; i++) {
    const claim = await claimOf(who, id);
    if (claim.status !== 'pending') return claim;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`claim ${id} stayed pending`);
}

async function expectOwnerChanged(listingId: number): Promise<void> {
  expect((await claimant.call('GET', `/me/listings/${listingId}`)).status).toBe(200);
  expect((await previousOwner.call('GET', `/me/listings/${listingId}`)).status).toBe(404);
  const edit = await claimant.call('PATCH', `/me/listings/${listingId}`, { fields: { tagline: 'Now run by the claimant' } });
  expect(edit.status).toBe(200);
}

beforeAll(async () => {
  world = await startCrawlWorld();
  app = await startTestApp({
    env: {
      CRAWL_ALLOW_LOOPBACK: 'true',
      CRAWL_DNS_SERVER: world.dns.server,
      CRAWL_BROWSER: 'off',
      // Lets a slow site outlast verify_claim's 15-second wait without the request timing out first.
      CRAWL_REQUEST_TIMEOUT_MS: '30000',
    },
  });
  previousOwner = await ownerWithKey(app, 'previous@owners.test');
  claimant = await ownerWithKey(app, 'claimant@people.test');
  rival = await ownerWithKey(app, 'rival@people.test');
});
afterAll(async () => {
  await app.close();
  await world.close();
});

describe('claim_listing', () => {
  it('answers 201 with the claim, the instructions with the token, and a second claim returns the first (200)', async () => {
    await liveListing('twice');
    const first = await claimant.call('POST', '/claims', { slug: 'twice', method: 'dns' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ slug: 'twice', method: 'dns', status: 'pending', checks: 0, checked_at: null });
    expect(Date.parse(first.body.next_check_at) - Date.parse(first.body.created_at)).toBeCloseTo(60_000, -4);
    expect(first.body.token).toMatch(/^[0-9a-f]{32}$/);
    expect(first.body.instructions).toContain(
      `TXT record on twice.test with the value "launch-directory-verification=${first.body.token}"`,
    );
    expect(Date.parse(first.body.expires_at) - Date.parse(first.body.created_at)).toBeCloseTo(7 * 24 * 3600 * 1000, -4);

    const again = await claimant.call('POST', '/claims', { slug: 'twice', method: 'meta' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, method: 'dns', token: first.body.token });
    const [{ n }] = await em().execute<{ n: number }[]>(
      "select count(*)::int as n from claim c join listing l on l.id = c.listing_id where c.user_id = ? and l.slug = 'twice'",
      [claimant.id],
    );
    expect(n).toBe(1);
  });

  it('gives instructions for the meta tag, the file and the email link', async () => {
    await liveListing('wordy');
    const meta = await rival.call('POST', '/claims', { slug: 'wordy', method: 'meta' });
    expect(meta.body.instructions).toContain(
      `<meta name="launch-directory-verification" content="${meta.body.token}"> in the <head> of the homepage ${world.urlOf('wordy')}`,
    );
    await liveListing('filed');
    const file = await rival.call('POST', '/claims', { slug: 'filed', method: 'file' });
    expect(file.body.instructions).toContain(
      `file at ${world.urlOf('filed', verificationFile)} whose content is exactly "${file.body.token}"`,
    );
    await liveListing('mailed');
    const email = await rival.call('POST', '/claims', { slug: 'mailed', method: 'email', email: 'hostmaster@mailed.test' });
    expect(email.body).toMatchObject({ email: 'hostmaster@mailed.test' });
    expect(email.body.instructions).toContain('We mailed a one-time link to hostmaster@mailed.test');
  });

  it('refuses an email outside the listing domain (400 naming the rule), a missing one, and one for another method', async () => {
    await liveListing('strict');
    const outside = await claimant.call('POST', '/claims', { slug: 'strict', method: 'email', email: 'me@gmail.test' });
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual([{ path: 'body.email', message: allowedMessage('strict.test') }]);
    const missing = await claimant.call('POST', '/claims', { slug: 'strict', method: 'email' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'body.email', message: 'is required for method email' }]);
    const extra = await claimant.call('POST', '/claims', { slug: 'strict', method: 'dns', email: 'me@strict.test' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual([{ path: 'body.email', message: 'is only for method email' }]);
    const fax = await claimant.call('POST', '/claims', { slug: 'strict', method: 'fax' });
    expect(fax.status).toBe(400);
    expect(fax.body.errors).toEqual([{ path: 'body.method', message: 'must be one of dns, meta, file, email' }]);
    const bad = await claimant.call('POST', '/claims', { slug: 'Not A Slug', method: 'dns', more: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.path).sort()).toEqual(['body.more', 'body.slug']);
  });

  it('is 404 for a listing that is not public and 409 for one the caller owns', async () => {
    await liveListing('hidden', 'draft');
    const hidden = await claimant.call('POST', '/claims', { slug: 'hidden', method: 'dns' });
    expect(hidden.status).toBe(404);
    await liveListing('mine');
    const own = await previousOwner.call('POST', '/claims', { slug: 'mine', method: 'dns' });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('conflict');
  });
});

describe('dns', () => {
  it('stays pending while the TXT record is absent, then verify_claim right after publishing it is verified in that response', async () => {
    const listingId = await liveListing('dnsco');
    const other = await rival.call('POST', '/claims', { slug: 'dnsco', method: 'meta' });
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'dnsco', method: 'dns' });

    const absent = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(absent.status).toBe(200);
    expect(absent.body).toMatchObject({ status: 'pending', checks: 1, result: 'TXT record not found on dnsco.test' });
    expect(absent.body.checked_at).not.toBeNull();
    expect(Date.parse(absent.body.next_check_at)).toBeGreaterThan(Date.parse(absent.body.checked_at));

    world.dns.setTxt('dnsco.test', ['v=spf1 -all', `launch-directory-verification=${claim.token}`]);
    const verified = await claimant.call('POST', `/claims/${claim.id}/verify`, {});
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      status: 'verified',
      checks: 2,
      result: `TXT record launch-directory-verification=${claim.token} found on dnsco.test`,
      next_check_at: null,
    });
    await expectOwnerChanged(listingId);

    const [notice] = await mailsTo('previous@owners.test');
    expect(notice.subject).toBe('Product dnsco on Launch Directory has a new owner');
    expect(notice.text_body).toContain('claimant@people.test proved that they run dnsco.test (by a DNS TXT record)');

    const canceled = await settled(rival, other.body.id);
    expect(canceled).toMatchObject({
      status: 'canceled',
      status_reason: expect.stringContaining('Another claim on dnsco was verified first'),
    });
    // A closed claim is answered as it is.
    const again = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(again.body).toMatchObject({ status: 'verified', checks: 2 });
  });

  it('fails only once the record is found with another token', async () => {
    await liveListing('wrongco');
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'wrongco', method: 'dns' });
    const absent = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(absent.body.status).toBe('pending');
    world.dns.setTxt('wrongco.test', ['launch-directory-verification=someone-elses-token']);
    const failed = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(failed.body).toMatchObject({
      status: 'failed',
      result: 'TXT record launch-directory-verification=... found on wrongco.test with a different token',
      status_reason: expect.stringContaining('another token'),
      next_check_at: null,
    });
    expect((await previousOwner.call('GET', '/me/listings?per_page=100')).body.items.map((l: any) => l.slug)).toContain(
      'wrongco',
    );
  });
});

describe('meta', () => {
  it('finds the tag on the homepage and verifies', async () => {
    const listingId = await liveListing('metaco');
    world.sites.route('metaco.test/', serve('<html><head><title>Metaco</title></head><body>Hello</body></html>'));
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'metaco', method: 'meta' });
    const absent = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(absent.body).toMatchObject({ status: 'pending', result: `meta tag not found on ${world.urlOf('metaco')}` });
    world.sites.route(
      'metaco.test/',
      serve(`<html><head><meta name="launch-directory-verification" content="${claim.token}"></head><body>Hi</body></html>`),
    );
    const verified = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(verified.body).toMatchObject({ status: 'verified', result: `meta tag found on ${world.urlOf('metaco')}` });
    await expectOwnerChanged(listingId);
  });
  it('refuses a homepage that redirects to another site carrying the token', async () => {
    await liveListing('victimco');
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'victimco', method: 'meta' });
    world.dns.set('attacker.test', ['127.0.0.1']);
    world.sites.route(
      'attacker.test/',
      serve(`<html><head><meta name="launch-directory-verification" content="${claim.token}"></head></html>`),
    );
    world.sites.route('victimco.test/', (_req, res) => res.writeHead(302, { location: world.urlOf('attacker') }).end());
    const refused = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(refused.body).toMatchObject({
      status: 'pending',
      result: 'redirected to another site: attacker.test (the proof must be on victimco.test)',
    });
    expect(world.sites.hits).not.toContain('attacker.test/');
    expect((await previousOwner.call('GET', '/me/listings?per_page=100')).body.items.map((l: any) => l.slug)).toContain(
      'victimco',
    );
  });

  it('refuses a redirect to a neighbour under a private public suffix (a.github.io to b.github.io)', async () => {
    const listingId = await liveListing('pagesco');
    const home = (host: string) => `http://${host}:${world.sites.port}/`;
    await em().execute("update listing set website_url = ?, domain = 'a.github.io' where id = ?", [
      home('a.github.io'),
      listingId,
    ]);
    world.dns.set('a.github.io', ['127.0.0.1']);
    world.dns.set('b.github.io', ['127.0.0.1']);
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'pagesco', method: 'meta' });
    world.sites.route(
      'b.github.io/',
      serve(`<html><head><meta name="launch-directory-verification" content="${claim.token}"></head></html>`),
    );
    world.sites.route('a.github.io/', (_req, res) => res.writeHead(301, { location: home('b.github.io') }).end());
    const refused = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(refused.body).toMatchObject({
      status: 'pending',
      result: 'redirected to another site: b.github.io (the proof must be on a.github.io)',
    });
    expect(world.sites.hits).not.toContain('b.github.io/');
  });

  it('follows a redirect to www on the same site and verifies', async () => {
    const listingId = await liveListing('wwwco');
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'wwwco', method: 'meta' });
    world.dns.set('www.wwwco.test', ['127.0.0.1']);
    world.sites.route('wwwco.test/', (_req, res) =>
      res.writeHead(301, { location: `http://www.wwwco.test:${world.sites.port}/` }).end(),
    );
    world.sites.route(
      'www.wwwco.test/',
      serve(`<html><head><meta name="launch-directory-verification" content="${claim.token}"></head></html>`),
    );
    const verified = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(verified.body).toMatchObject({
      status: 'verified',
      result: `meta tag found on http://www.wwwco.test:${world.sites.port}/`,
    });
    await expectOwnerChanged(listingId);
  });
});

describe('file', () => {
  it('finds the file at the well-known path and verifies', async () => {
    const listingId = await liveListing('fileco');
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'fileco', method: 'file' });
    const absent = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(absent.body).toMatchObject({
      status: 'pending',
      result: `file not found at ${world.urlOf('fileco', verificationFile)} (HTTP 404)`,
    });
    world.sites.route(`fileco.test${verificationFile}`, serve(`${claim.token}\n`, 'text/plain'));
    const verified = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(verified.body).toMatchObject({
      status: 'verified',
      result: `file found at ${world.urlOf('fileco', verificationFile)} with the token`,
    });
    await expectOwnerChanged(listingId);
  });

  it('follows a redirect within the registrable domain', async () => {
    const listingId = await liveListing('apexco');
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'apexco', method: 'file' });
    world.dns.set('www.apexco.test', ['127.0.0.1']);
    world.sites.route(`apexco.test${verificationFile}`, (_req, res) =>
      res.writeHead(301, { location: `http://www.apexco.test:${world.sites.port}${verificationFile}` }).end(),
    );
    world.sites.route(`www.apexco.test${verificationFile}`, serve(claim.token, 'text/plain'));
    const verified = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(verified.body).toMatchObject({
      status: 'verified',
      result: `file found at http://www.apexco.test:${world.sites.port}${verificationFile} with the token`,
    });
    await expectOwnerChanged(listingId);
  });

  it('refuses a redirect to another domain, even one serving the token', async () => {
    await liveListing('hopco');
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'hopco', method: 'file' });
    world.dns.set('elsewhere.test', ['127.0.0.1']);
    world.sites.route(`elsewhere.test${verificationFile}`, serve(claim.token, 'text/plain'));
    world.sites.route(`hopco.test${verificationFile}`, (_req, res) =>
      res.writeHead(302, { location: world.urlOf('elsewhere', verificationFile) }).end(),
    );
    const refused = await claimant.call('POST', `/claims/${claim.id}/verify`);
    expect(refused.body).toMatchObject({
      status: 'pending',
      result: 'redirected to another site: elsewhere.test (the proof must be on hopco.test)',
    });
    expect(world.sites.hits).not.toContain(`elsewhere.test${verificationFile}`);
  });
});

describe('verify_claim and a slow check', () => {
  it('answers the claim as it stands after 15 seconds; the check lands later', async () => {
    await liveListing('slowco');
    const { body: claim } = await claimant.call('POST', '/claims', { slug: 'slowco', method: 'file' });
    world.sites.route(`slowco.test${verificationFile}`, (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end(claim.token), 22_000);
    });
    const askedAt = Date.now();
    const answered = await claimant.call('POST', `/claims/${claim.id}/verify`);
    const waited = Date.now() - askedAt;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'pending', checks: 0, checked_at: null });
    expect(waited).toBeGreaterThanOrEqual(15_000);
    // Well before the check lands (22 s), with room for a busy machine.
    expect(waited).toBeLessThan(19_000);
    expect(await settled(claimant, claim.id)).toMatchObject({ status: 'verified', checks: 1 });
  }, 50_000);
});

describe('email', () => {
  it('mails a one-time link; opening it changes nothing, the confirm button verifies', async () => {
    const listingId = await liveListing('mailco');
    const created = await claimant.call('POST', '/claims', {
      slug: 'mailco',
      method: 'email',
      email: 'WebMaster@Mailco.test',
    });
    expect(created.status).toBe(201);
    let mails: { subject: string; text_body: string }[] = [];
    for (let i = 0; i < 100 && !mails.length; i++) {
      mails = await mailsTo('webmaster@mailco.test');
      if (!mails.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm that claimant@people.test may manage Product mailco on Launch Directory');
    const link = mails[0].text_body.match(/http\S+\/claims\/confirm\?token=\S+/)![0];

    const browser = new WebClient(app.url);
    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Confirm the claim');
    expect(page.html).toContain('<strong>claimant@people.test</strong> asked to manage the listing');
    expect(await htmlProblems(page.html)).toEqual([]);
    expect((await claimant.call('POST', `/claims/${created.body.id}/verify`)).body).toMatchObject({
      status: 'pending',
      result: 'waiting for the link mailed to webmaster@mailco.test to be confirmed',
    });

    const confirmed = await browser.submit(page, '/claims/confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('Claim confirmed');
    const verified = await settled(claimant, created.body.id);
    expect(verified).toMatchObject({ status: 'verified', result: 'link confirmed by webmaster@mailco.test' });
    await expectOwnerChanged(listingId);

    const spent = await browser.get(link);
    expect(spent.status).toBe(400);
    expect(spent.html).toContain('This link no longer works');
  });
});

describe('email: an address that speaks for the domain', () => {
  it('refuses any other mailbox at the domain with 400 naming the allowed ones; admin@ is accepted', async () => {
    await liveListing('provider');
    const someone = await claimant.call('POST', '/claims', { slug: 'provider', method: 'email', email: 'someone@provider.test' });
    expect(someone.status).toBe(400);
    expect(someone.body.code).toBe('invalid_input');
    expect(someone.body.errors).toEqual([{ path: 'body.email', message: allowedMessage('provider.test') }]);
    expect(someone.body.detail).toContain(roleAddresses('provider.test').join(', '));
    for (const email of ['admin@mail.provider.test', 'admin@provider.test.evil.test', 'admin@notprovider.test']) {
      const refused = await claimant.call('POST', '/claims', { slug: 'provider', method: 'email', email });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ path: 'body.email', message: allowedMessage('provider.test') }]);
    }
    const admin = await claimant.call('POST', '/claims', { slug: 'provider', method: 'email', email: 'admin@provider.test' });
    expect(admin.status).toBe(201);
    expect(admin.body).toMatchObject({ method: 'email', email: 'admin@provider.test', status: 'pending' });
  });

  it('accepts the contact email the crawler quoted from the listing website, not one only typed in', async () => {
    // The previous owner made the listing from its website: the draft build quoted the contact page.
    const created = await previousOwner.call('POST', '/drafts', { url: world.urlOf('static') });
    expect(created.status).toBe(201);
    let draft: any;
    for (let i = 0; i < 450 && !['ready', 'failed'].includes(draft?.status); i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 100));
      draft = (await previousOwner.call('GET', `/drafts/${created.body.id}`)).body;
    }
    expect(draft).toMatchObject({ status: 'ready', fields: { contact_email: { value: 'hello@tallyfox.test' } } });
    const submitted = await previousOwner.call('POST', `/drafts/${created.body.id}/submit`);
    expect(submitted.status).toBe(200);
    const { slug } = submitted.body.listing;
    await em().execute("update listing set status = 'live', launched_at = now() where id = ?", [submitted.body.listing_id]);

    const published = await claimant.call('POST', '/claims', { slug, method: 'email', email: 'Hello@Tallyfox.test' });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ email: 'hello@tallyfox.test' });
    const elsewhere = await rival.call('POST', '/claims', { slug, method: 'email', email: 'sales@tallyfox.test' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([
      { path: 'body.email', message: allowedMessage('static.test', ['hello@tallyfox.test']) },
    ]);

    // A contact email with no quote from the website is only the owner's word.
    await liveListing('typedco');
    await em().execute("update listing set contact_email = 'me@typedco.test' where slug = 'typedco'");
    const typed = await claimant.call('POST', '/claims', { slug: 'typedco', method: 'email', email: 'me@typedco.test' });
    expect(typed.status).toBe(400);
    expect(typed.body.errors).toEqual([{ path: 'body.email', message: allowedMessage('typedco.test') }]);
  }, 60_000);
  it('fails a claim left from the old rule (any mailbox at the domain) even once its link is confirmed', async () => {
    const listingId = await liveListing('legacyco');
    // What claim_listing wrote before this rule: a link mailed to, and confirmed by, any mailbox there.
    const [{ id }] = await em().execute<{ id: number }[]>(
      `insert into claim (listing_id, user_id, method, token, email, expires_at, link_sent_at, link_confirmed_at)
       values (?, ?, 'email', 'legacy-token', 'someone@legacyco.test', now() + interval '7 days', now(), now()) returning id`,
      [listingId, claimant.id],
    );
    const checked = await claimant.call('POST', `/claims/${id}/verify`);
    expect(checked.body).toMatchObject({
      status: 'failed',
      status_reason: `someone@legacyco.test does not speak for legacyco.test: an email claim needs one of ${roleAddresses('legacyco.test').join(', ')}`,
    });
    expect((await previousOwner.call('GET', `/me/listings/${listingId}`)).status).toBe(200);
  });
});

describe('list_my_claims and verify_claim', () => {
  it("lists the caller's claims newest first, paginated; another person's claim is 404", async () => {
    const list = await claimant.call('GET', '/claims?per_page=2');
    expect(list.status).toBe(200);
    expect(list.body.per_page).toBe(2);
    expect(list.body.total).toBeGreaterThan(2);
    const ids = (await claimant.call('GET', '/claims?per_page=100')).body.items.map((c: any) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(list.body.items.map((c: any) => c.id)).toEqual(ids.slice(0, 2));

    const theirs = (await rival.call('GET', '/claims')).body.items[0];
    const foreign = await claimant.call('POST', `/claims/${theirs.id}/verify`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect((await claimant.call('POST', '/claims/999999/verify')).status).toBe(404);
    const extras = await claimant.call('POST', `/claims/${ids[0]}/verify`, { force: true });
    expect(extras.status).toBe(400);
    expect(extras.body.errors).toEqual([{ path: 'body.force', message: 'unknown property' }]);
  });

  it('claim_listing, verify_claim and list_my_claims are in OpenAPI with their request and response', async () => {
    const document: any = await (await fetch(`${app.api}/openapi.json`)).json();
    const verify = document.paths['/claims/{claim_id}/verify'].post;
    expect(verify.operationId).toBe('verify_claim');
    expect(verify.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(verify.responses['200'].content['application/json'].schema).toBeDefined();
    const claim = document.paths['/claims'].post;
    expect(Object.keys(claim.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '404', '409']));
    expect(document.paths['/claims'].get.operationId).toBe('list_my_claims');
  });
});
