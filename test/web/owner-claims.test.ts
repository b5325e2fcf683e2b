import type { ServerResponse } from 'node:http';
import { insertListing } from '../listings/support.js';
import { formsOf, WebClient, type Page } from '../support/web-client.js';
import { startDraftWorld, type DraftWorld } from '../drafts/support.js';
import { htmlProblems } from './pages.js';

/** The claim pages over HTTP: views over claim_listing, verify_claim and list_my_claims, CSRF-checked, 404 for another person's. */
let dw: DraftWorld;
let owner: WebClient;
let claimant: WebClient;
let stranger: WebClient;
let ownerId: number;
beforeAll(async () => {
  dw = await startDraftWorld();
  owner = await WebClient.signedIn(dw.app, 'founder@example.test');
  claimant = await WebClient.signedIn(dw.app, 'claimant@example.test');
  stranger = await WebClient.signedIn(dw.app, 'stranger@example.test');
  [{ id: ownerId }] = await em().execute<{ id: number }[]>(`select id from app_user where email = 'founder@example.test'`);
});
afterAll(() => dw.close());

const em = () => dw.app.deps.orm.em.fork();
const claimsOn = async (slug: string) =>
  em().execute<{ id: number; method: string; checks: number; token: string }[]>(
    `select c.id, c.method, c.checks, c.token from claim c join listing l on l.id = c.listing_id where l.slug = ? order by c.id`,
    [slug],
  );

/** A live listing of the founder whose website is http://<slug>.test:<port>/ on the loopback world, serving `homepage`. */
async function liveListing(
  slug: string,
  homepage = '<html><head><title>Home</title></head><body>Hi</body></html>',
): Promise<number> {
  const id = await insertListing(em(), dw.app.deps.site.id, { slug, ownerId, status: 'live' });
  await em().execute('update listing set website_url = ?, domain = ? where id = ?', [dw.world.urlOf(slug), `${slug}.test`, id]);
  dw.world.dns.set(`${slug}.test`, ['127.0.0.1']);
  serve(slug, homepage);
  return id;
}

function serve(slug: string, homepage: string): void {
  dw.world.sites.route(`${slug}.test/`, (_req: unknown, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(homepage),
  );
}

/** Opens the claim form of a listing and sends it; answers the response (a redirect to the claim when it started). */
async function claim(client: WebClient, slug: string, fields: Record<string, string>): Promise<Page> {
  return client.submit(await client.get(`/listings/${slug}/claim`), `/listings/${slug}/claim`, fields);
}

const csrfOf = async (client: WebClient) => formsOf((await client.get('/account')).html)[0].fields.csrf;

describe('"Claim it" on the public listing page', () => {
  it('is offered to visitors and other people, not to the owner, and a visitor is asked to sign in and come back', async () => {
    await liveListing('inviting');
    const link = '<p id="claim-it">Is this your product? <a href="/listings/inviting/claim">Claim it</a></p>';
    expect((await new WebClient(dw.app.url).get('/listings/inviting')).html).toContain(link);
    expect((await claimant.get('/listings/inviting')).html).toContain(link);
    expect((await owner.get('/listings/inviting')).html).not.toContain('id="claim-it"');

    const visitor = new WebClient(dw.app.url);
    const asked = await visitor.get('/listings/inviting/claim');
    expect(asked.status).toBe(303);
    expect(asked.location).toBe('/sign-in?return_to=%2Flistings%2Finviting%2Fclaim');
    const back = await visitor.signIn(dw.app, 'visitor@example.test', await visitor.get(asked.location!));
    expect(new URL(back.url).pathname).toBe('/listings/inviting/claim');
    expect(back.html).toContain('<legend>How will you prove it?</legend>');
  });
});

describe('/me/claims', () => {
  it('sends a visitor to sign in and back, is linked from the account page, and says when there is no claim', async () => {
    const res = await new WebClient(dw.app.url).get('/me/claims');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/sign-in?return_to=%2Fme%2Fclaims');
    expect((await stranger.get('/account')).html).toContain('<a href="/me/claims">Your claims</a>');
    const empty = await stranger.get('/me/claims');
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('You have no claim.');
    expect(await htmlProblems(empty.html)).toEqual([]);
  });
});

describe('claiming by a meta tag', () => {
  it('starts claim_listing, shows the exact tag to copy, the last check and Check now, then the way to the listing', async () => {
    const listingId = await liveListing('tagged');
    const form = await claimant.get('/listings/tagged/claim');
    expect(form.status).toBe(200);
    expect(await htmlProblems(form.html)).toEqual([]);

    const started = await claim(claimant, 'tagged', { method: 'meta' });
    expect(started.status).toBe(303);
    const [{ id, token, method }] = await claimsOn('tagged');
    expect(method).toBe('meta');
    expect(started.location).toBe(`/me/claims/${id}`);

    const tag = `<meta name="launch-directory-verification" content="${token}">`;
    const page = await claimant.get(`/me/claims/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain(
      `<textarea id="proof-value" rows="3" readonly>${tag.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</textarea>`,
    );
    expect(page.html).toContain('<button type="button" data-copy="proof-value" hidden>Copy</button>');
    expect(page.html).toMatch(/<script src="\/assets\/copy-embed.js" integrity="sha384-[^"]+" defer><\/script>/);
    expect(page.html).toContain('data-status="pending"');
    expect(page.html).toContain('Last check: not yet');
    expect(await htmlProblems(page.html)).toEqual([]);

    const absent = await claimant.follow(await claimant.submit(page, `/me/claims/${id}/check`));
    expect(absent.html).toContain(`<span id="check-result">meta tag not found on ${dw.world.urlOf('tagged')}</span>`);
    expect(absent.html).toContain('data-status="pending"');

    serve('tagged', `<html><head>${tag}<title>Tagged</title></head><body>Hi</body></html>`);
    const verified = await claimant.follow(await claimant.submit(absent, `/me/claims/${id}/check`));
    expect(verified.html).toContain('data-status="verified"');
    expect(verified.html).toContain(`<a href="/me/listings/${listingId}">manage the listing</a>`);
    expect(verified.html).not.toContain(`action="/me/claims/${id}/check"`);
    expect((await claimant.get(`/me/listings/${listingId}`)).status).toBe(200);

    const list = await claimant.get('/me/claims');
    expect(list.html).toContain(`<a href="/me/claims/${id}">Claim #${id}</a>`);
    expect(list.html).toMatch(new RegExp(`<tr data-claim="${id}"><td><a href="/listings/tagged">tagged</a></td><td>A meta tag`));
    expect(await htmlProblems(list.html)).toEqual([]);
  });

  it('shows the TXT record and the file to publish, each with its copy value', async () => {
    await liveListing('recorded');
    await liveListing('filed');
    await claim(claimant, 'recorded', { method: 'dns' });
    await claim(claimant, 'filed', { method: 'file' });
    const [dns] = await claimsOn('recorded');
    const [file] = await claimsOn('filed');
    const dnsPage = await claimant.get(`/me/claims/${dns.id}`);
    expect(dnsPage.html).toContain('<input type="text" id="proof-where" value="recorded.test" readonly>');
    expect(dnsPage.html).toContain(
      `<textarea id="proof-value" rows="3" readonly>launch-directory-verification=${dns.token}</textarea>`,
    );
    const filePage = await claimant.get(`/me/claims/${file.id}`);
    expect(filePage.html).toContain(
      `<input type="text" id="proof-where" value="${dw.world.urlOf('filed', '/.well-known/launch-directory-verification.txt')}" readonly>`,
    );
    expect(filePage.html).toContain(`<textarea id="proof-value" rows="3" readonly>${file.token}</textarea>`);
  });
});

describe("another person's claim", () => {
  it('is 404 on its page and its Check now form, and is not checked', async () => {
    await liveListing('private-claim');
    await claim(claimant, 'private-claim', { method: 'dns' });
    const [{ id }] = await claimsOn('private-claim');
    expect((await claimant.get(`/me/claims/${id}`)).status).toBe(200);

    const page = await stranger.get(`/me/claims/${id}`);
    expect(page.status).toBe(404);
    expect(page.html).not.toContain('launch-directory-verification');
    const check = await stranger.post(`/me/claims/${id}/check`, { csrf: await csrfOf(stranger) });
    expect(check.status).toBe(404);
    expect((await claimsOn('private-claim'))[0].checks).toBe(0);
    expect((await stranger.get('/me/claims')).html).not.toContain(`/me/claims/${id}"`);
    expect((await claimant.get('/me/claims/abc')).status).toBe(404);
    expect((await claimant.get('/me/claims/99999999999')).status).toBe(404);
  });
});

describe('CSRF', () => {
  it('refuses a claim form without the token and opens no claim', async () => {
    await liveListing('forged-claim');
    expect((await claimant.get('/listings/forged-claim/claim')).status).toBe(200);
    const res = await claimant.post('/listings/forged-claim/claim', { method: 'meta' });
    expect(res.status).toBe(403);
    expect(await claimsOn('forged-claim')).toEqual([]);
  });

  it('refuses Check now without the token and runs no check', async () => {
    await liveListing('forged-check');
    await claim(claimant, 'forged-check', { method: 'dns' });
    const [{ id }] = await claimsOn('forged-check');
    expect(formsOf((await claimant.get(`/me/claims/${id}`)).html).map((f) => f.action)).toContain(`/me/claims/${id}/check`);
    const res = await claimant.post(`/me/claims/${id}/check`, {});
    expect(res.status).toBe(403);
    expect((await claimsOn('forged-check'))[0].checks).toBe(0);
  });
});

describe('refusals next to their field', () => {
  it("shows the email method's refusal, naming the allowed addresses, next to the email field", async () => {
    await liveListing('mailbox');
    const res = await claim(claimant, 'mailbox', { method: 'email', email: 'someone@mailbox.test' });
    expect(res.status).toBe(400);
    const allowed = ['admin', 'administrator', 'webmaster', 'hostmaster', 'postmaster'].map((box) => `${box}@mailbox.test`);
    expect(res.html).toContain(
      `<strong class="field-error" id="f-email-error">must be one of ${allowed.join(', ')}: an address that speaks for mailbox.test, not any mailbox there</strong>`,
    );
    expect(res.html).toMatch(
      /<input type="text" id="f-email" name="email" aria-describedby="f-email-hint f-email-error" aria-invalid="true"[^>]* value="someone@mailbox.test">/,
    );
    expect(res.html).toContain('<input type="radio" name="method" value="email" checked>');
    expect(res.html).toContain('<a href="#f-email">email</a>');
    expect(await htmlProblems(res.html)).toEqual([]);
    expect(await claimsOn('mailbox')).toEqual([]);

    const sent = await claim(claimant, 'mailbox', { method: 'email', email: 'Hostmaster@mailbox.test' });
    expect(sent.status).toBe(303);
    const page = await claimant.get(sent.location!);
    expect(page.html).toContain('We mailed a one-time link to <strong>hostmaster@mailbox.test</strong>.');
  });

  it('asks for a method next to the method choice, and says so when the person already owns the listing', async () => {
    await liveListing('unchosen');
    const none = await claim(claimant, 'unchosen', {});
    expect(none.status).toBe(400);
    expect(none.html).toContain('<fieldset id="f-method" aria-describedby="f-method-error">');
    expect(none.html).toMatch(/<strong class="field-error" id="f-method-error">must be one of dns, meta, file, email<\/strong>/);
    expect(await htmlProblems(none.html)).toEqual([]);

    const own = await claim(owner, 'unchosen', { method: 'dns' });
    expect(own.status).toBe(409);
    expect(own.html).toContain('You already own unchosen: there is nothing to claim.');
  });
});

describe('an open claim on the listing', () => {
  it('is where the claim page and a second claim go, with no second claim made', async () => {
    await liveListing('opened');
    const first = await claim(claimant, 'opened', { method: 'dns' });
    const [{ id }] = await claimsOn('opened');
    expect(first.location).toBe(`/me/claims/${id}`);

    const again = await claimant.get('/listings/opened/claim');
    expect(again.status).toBe(303);
    expect(again.location).toBe(`/me/claims/${id}?already_open=1`);
    const shown = await claimant.get(again.location!);
    expect(shown.html).toContain('You already have an open claim on this listing');

    // A form opened before the first claim was made, sent again with another method.
    const second = await claimant.post('/listings/opened/claim', { csrf: await csrfOf(claimant), method: 'meta' });
    expect(second.status).toBe(303);
    expect(second.location).toBe(`/me/claims/${id}?already_open=1`);
    expect((await claimsOn('opened')).map((c) => c.method)).toEqual(['dns']);
  });
});
