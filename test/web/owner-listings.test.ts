import { findUserByEmail } from '../../src/accounts/users.js';
import { insertListing } from '../listings/support.js';
import { addPromo, productPrices } from '../orders/support.js';
import { formsOf, WebClient, type Page } from '../support/web-client.js';
import { startDraftWorld, type DraftWorld } from '../drafts/support.js';
import { htmlProblems } from './pages.js';
import { until } from '../support/until.js';

/** My listings and my orders over HTTP: views over the registry operations, CSRF-checked, 404 for another person's. */
let dw: DraftWorld;
let owner: WebClient;
let stranger: WebClient;
let ownerId: number;
let prices: Record<string, number>;
beforeAll(async () => {
  dw = await startDraftWorld();
  owner = await WebClient.signedIn(dw.app, 'founder@example.test');
  stranger = await WebClient.signedIn(dw.app, 'stranger@example.test');
  ownerId = await userId('founder@example.test');
  prices = await productPrices(dw.app);
  await addPromo(dw.app, { code: 'HALF', value: 5000, productKeys: ['launch'] });
});
afterAll(() => dw.close());

const em = () => dw.app.deps.orm.em.fork();
const userId = async (email: string) => (await findUserByEmail(em(), email))!.id;
const count = async (table: string) => Number((await em().execute<{ n: string }[]>(`select count(*) as n from ${table}`))[0].n);
const statusOf = async (id: number) =>
  (await em().execute<{ status: string }[]>('select status from listing where id = ?', [id]))[0].status;

/** A draft listing of the signed-in founder in the first test category. */
async function ownListing(slug: string): Promise<number> {
  const id = await insertListing(em(), dw.app.deps.site.id, { slug, ownerId });
  await em().execute(
    `update listing set category_ids = array[(select id from category where slug = 'cat-0' and site_id = ?)] where id = ?`,
    [dw.app.deps.site.id, id],
  );
  return id;
}

const launchForm = { week: '', categories: '', billing_country: 'DE', vat_number: '', promo_code: '' };

async function quote(id: number, fields: Partial<typeof launchForm>): Promise<Page> {
  return owner.submit(await owner.get(`/me/listings/${id}`), `/me/listings/${id}/quote`, { ...launchForm, ...fields });
}

describe('/me/listings', () => {
  it('sends a visitor to sign in and back, and is linked from the account page', async () => {
    const res = await new WebClient(dw.app.url).get('/me/listings');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/sign-in?return_to=%2Fme%2Flistings');
    expect((await owner.get('/account')).html).toContain('<a href="/me/listings">Your listings</a>');
  });

  it("lists the person's listings with status and next step, and nobody else's", async () => {
    const mine = await ownListing('mine-listed');
    const theirs = await insertListing(em(), dw.app.deps.site.id, {
      slug: 'theirs-listed',
      ownerId: await userId('stranger@example.test'),
    });
    const res = await owner.get('/me/listings');
    expect(res.status).toBe(200);
    expect(res.html).toContain(`<a href="/me/listings/${mine}">Product mine-listed</a>`);
    expect(res.html).not.toContain(`/me/listings/${theirs}"`);
    expect(await htmlProblems(res.html)).toEqual([]);
  });
});

describe('/me/listings/{id}', () => {
  it('shows status, next step, the badge code as a selectable textarea with a copy button and a preview', async () => {
    const id = await ownListing('badge-co');
    const res = await owner.get(`/me/listings/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.html).toContain('data-status="draft"');
    expect(res.html).toContain(
      '<p class="note" id="next-step"><strong>Next step:</strong> Choose how to launch: <a href="#free-launch">a free launch week</a>',
    );
    expect(res.html).toMatch(/<textarea id="embed-code" rows="4" readonly>&lt;a href=[^<]+badge-co[^<]+<\/textarea>/);
    expect(res.html).toContain('<button type="button" data-copy="embed-code" hidden>Copy the code</button>');
    expect(res.html).toMatch(/<script src="\/assets\/copy-embed.js" integrity="sha384-[^"]+" defer><\/script>/);
    expect(res.html).toMatch(
      /<div id="badge-preview"><a href="[^"]+"><img src="[^"]+" alt="Product badge-co - featured on [^"]+"/,
    );
    expect(res.html).toContain(`action="/me/listings/${id}/free"`);
    expect(res.html).toContain(`action="/me/listings/${id}/quote"`);
    expect(await htmlProblems(res.html)).toEqual([]);
    expect((await owner.get('/assets/copy-embed.js')).headers.get('content-type')).toContain('text/javascript');
  });

  it("is 404 for another person's listing, a malformed id and an id past the integer range", async () => {
    const id = await ownListing('not-theirs');
    expect((await stranger.get(`/me/listings/${id}`)).status).toBe(404);
    expect((await owner.get('/me/listings/abc')).status).toBe(404);
    expect((await owner.get('/me/listings/99999999999')).status).toBe(404);
  });
});

describe('choosing the free plan', () => {
  it('refuses a post without the CSRF token and changes nothing', async () => {
    const id = await ownListing('free-csrf');
    const res = await owner.post(`/me/listings/${id}/free`, {});
    expect(res.status).toBe(403);
    expect(await statusOf(id)).toBe('draft');
  });

  it("is 404 for another person's listing, which stays a draft", async () => {
    const id = await ownListing('free-stranger');
    const page = await stranger.get('/account');
    const csrf = formsOf(page.html)[0].fields.csrf;
    const res = await stranger.post(`/me/listings/${id}/free`, { csrf });
    expect(res.status).toBe(404);
    expect(await statusOf(id)).toBe('draft');
  });

  it('queues the listing and shows its gates with their last check', async () => {
    const id = await ownListing('free-co');
    const res = await owner.submit(await owner.get(`/me/listings/${id}`), `/me/listings/${id}/free`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/me/listings/${id}#next-step`);
    const after = await owner.get(`/me/listings/${id}`);
    expect(after.html).toContain('data-status="awaiting_badge"');
    expect(after.html).toMatch(/<li id="gate-badge" data-met="false">/);
    expect(after.html).toMatch(/<li id="gate-founders" data-met="(true|false)">/);
    expect(after.html).toContain('Last check:');
    expect(after.html).toContain(`action="/me/listings/${id}/free"`);
    expect(after.html).toContain('>Check now</button>');
    expect(await htmlProblems(after.html)).toEqual([]);
  });
});

describe('buying a paid launch', () => {
  it('shows each refusal next to its field, keeping what was typed', async () => {
    const id = await ownListing('bad-quote');
    const res = await quote(id, { week: 'soon' });
    expect(res.status).toBe(400);
    expect(res.html).toContain(
      '<select id="f-week" name="week" aria-describedby="f-week-hint f-week-error" aria-invalid="true">',
    );
    expect(res.html).toContain('<option value="soon" selected>soon</option>');
    expect(res.html).toMatch(/<strong class="field-error" id="f-week-error">[^<]+<\/strong>/);
    expect(res.html).toContain('role="alert"');
    expect(await htmlProblems(res.html)).toEqual([]);
    const country = await quote(id, { billing_country: 'ZZ' });
    expect(country.status).toBe(400);
    expect(country.html).toMatch(/<strong class="field-error" id="f-billing_country-error">[^<]+<\/strong>/);
    const promo = await quote(id, { promo_code: 'NOPE' });
    expect(promo.status).toBe(400);
    expect(promo.html).toMatch(/<strong class="field-error" id="f-promo_code-error">[^<]+<\/strong>/);
  });

  it('refuses quote and checkout posts without the CSRF token, and makes no order', async () => {
    const id = await ownListing('csrf-buy');
    const before = await count('orders');
    expect((await owner.post(`/me/listings/${id}/quote`, launchForm)).status).toBe(403);
    expect((await owner.post(`/me/listings/${id}/checkout`, launchForm)).status).toBe(403);
    expect(await count('orders')).toBe(before);
  });

  it("is 404 for another person's listing and makes no order", async () => {
    const id = await ownListing('buy-stranger');
    const before = await count('orders');
    const csrf = formsOf((await stranger.get('/account')).html)[0].fields.csrf;
    expect((await stranger.post(`/me/listings/${id}/quote`, { ...launchForm, csrf })).status).toBe(404);
    expect((await stranger.post(`/me/listings/${id}/checkout`, { ...launchForm, csrf })).status).toBe(404);
    expect(await count('orders')).toBe(before);
  });

  it('quotes with the promo code, builds one order however often the checkout form is sent, pays, and shows it under /me/orders', async () => {
    const id = await ownListing('paid-co');
    const quoted = await quote(id, { categories: 'cat-1', promo_code: 'HALF' });
    expect(quoted.status).toBe(200);
    expect(quoted.html).toContain('id="lines"');
    expect(quoted.html).toContain('Promo code HALF: ');
    expect(quoted.html).toMatch(/<dd id="vat">[^<]+ · 19 % \(DE\)<\/dd>/);
    expect(quoted.html).toMatch(/<strong id="total">\$[\d,.]+<\/strong>/);
    expect(quoted.html).toContain(`Promo code HALF: $${(prices.launch / 200).toFixed(2)} off`);
    expect(await htmlProblems(quoted.html)).toEqual([]);

    const before = await count('orders');
    const sent = await owner.submit(quoted, `/me/listings/${id}/checkout`);
    expect(sent.status).toBe(303);
    const again = await owner.submit(quoted, `/me/listings/${id}/checkout`);
    expect(again.location).toBe(sent.location);
    expect(await count('orders')).toBe(before + 1);
    const number = /\/checkout\/(LD-\d{4}-\d{6})\?t=/.exec(sent.location ?? '')?.[1];
    if (!number) throw new Error(`no checkout page: ${sent.location}`);

    const list = await owner.get('/me/orders');
    expect(list.html).toContain(`<a href="/me/orders/${number}">${number}</a> <strong class="test-mark">TEST</strong>`);
    expect(await htmlProblems(list.html)).toEqual([]);
    const pending = await owner.get(`/me/orders/${number}`);
    expect(pending.html).toContain('data-status="pending"');
    expect(pending.html).toContain('id="test-order"');
    expect(pending.html).toContain(`<a href="${sent.location}">Review and pay this order</a>`);
    expect(await htmlProblems(pending.html)).toEqual([]);
    expect((await stranger.get(`/me/orders/${number}`)).status).toBe(404);
    expect((await owner.get('/me/orders/LD-nope')).status).toBe(404);

    const checkout = await owner.get(sent.location!);
    const paid = await owner.submit(checkout, `/checkout/${number}`, {
      name: 'Founder Ltd',
      address: '',
      country: 'DE',
      vat_number: '',
      promo_code: 'HALF',
      method: 'card',
      action: 'pay',
    });
    expect(paid.status).toBe(303);
    const fulfilled = await until(
      () => owner.get(`/me/orders/${number}`),
      (p) => p.html.includes('data-status="fulfilled"'),
    );
    expect(fulfilled.html).toContain('data-status="fulfilled"');
    expect(fulfilled.html).toMatch(/<p id="invoice">Invoice <strong>[^<]+<\/strong>/);
    expect(fulfilled.html).not.toContain('Review and pay this order');
    expect(await htmlProblems(fulfilled.html)).toEqual([]);
  });
});

describe('editing a listing', () => {
  const taglineOf = async (id: number) =>
    (await em().execute<{ tagline: string }[]>('select tagline from listing where id = ?', [id]))[0].tagline;

  it('saves a changed field at once and leaves the others alone', async () => {
    const id = await ownListing('edit-co');
    const page = await owner.get(`/me/listings/${id}`);
    expect(page.html).toContain(
      '<input type="text" id="f-fields-tagline" name="fields.tagline" maxlength="200" value="A tagline">',
    );
    const fields = { 'fields.tagline': 'Invoices that chase themselves', 'fields.city': '', 'fields.country': '' };
    const res = await owner.submit(page, `/me/listings/${id}/edit`, fields);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/me/listings/${id}#edit-heading`);
    expect(await taglineOf(id)).toBe('Invoices that chase themselves');
    expect((await owner.get(`/me/listings/${id}`)).html).toContain('value="Invoices that chase themselves"');
  });

  it('shows a refusal next to its field, keeping what was typed, and saves nothing', async () => {
    const id = await ownListing('edit-bad');
    const page = await owner.get(`/me/listings/${id}`);
    const res = await owner.submit(page, `/me/listings/${id}/edit`, {
      'fields.tagline': 'Changed',
      'fields.country': 'Portugal',
    });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(
      /<input type="text" id="f-fields-country" name="fields.country" aria-describedby="f-fields-country-error" aria-invalid="true"[^>]* value="Portugal">/,
    );
    expect(res.html).toMatch(/<strong class="field-error" id="f-fields-country-error">[^<]+<\/strong>/);
    expect(res.html).toContain('value="Changed"');
    expect(await taglineOf(id)).toBe('A tagline');
    expect(await htmlProblems(res.html)).toEqual([]);
  });

  it("refuses a post without the CSRF token, and another person's listing is 404; nothing changes", async () => {
    const id = await ownListing('edit-guarded');
    expect((await owner.post(`/me/listings/${id}/edit`, { 'fields.tagline': 'Forged' })).status).toBe(403);
    const csrf = formsOf((await stranger.get('/account')).html)[0].fields.csrf;
    expect((await stranger.post(`/me/listings/${id}/edit`, { csrf, 'fields.tagline': 'Forged' })).status).toBe(404);
    expect(await taglineOf(id)).toBe('A tagline');
  });
});
