import { startTestApp, type TestApp } from '../support/app.js';
import { WebClient } from '../support/web-client.js';
import { runCli } from '../support/cli.js';
import { insertListing, ownerWithKey, type Owner } from './support.js';

let app: TestApp;
let owner: Owner;
let listingId: number;

const cli = (...args: string[]) => runCli(app, ...args);

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  owner = await ownerWithKey(app, 'editor@example.test');
  const [{ id: companyId }] = await app.deps.orm.em
    .fork()
    .execute<{ id: number }[]>(`insert into company (name, domain) values ('Revised', 'revised.example') returning id`);
  listingId = await insertListing(app.deps.orm.em.fork(), app.deps.site.id, {
    slug: 'revised',
    ownerId: owner.id,
    status: 'live',
    companyId,
  });
});
afterAll(() => app.close());

describe('listing revisions', () => {
  it('keeps one revision per update with the right before and after, for the admin page and the CLI', async () => {
    expect((await owner.call('PATCH', `/me/listings/${listingId}`, { fields: { tagline: 'First', city: 'Oslo' } })).status).toBe(
      200,
    );
    expect((await owner.call('PATCH', `/me/listings/${listingId}`, { fields: { tagline: 'Second', city: 'Oslo' } })).status).toBe(
      200,
    );
    const revisions = await app.deps.orm.em
      .fork()
      .execute<{ before: object; after: object; credential: string; author_id: number; request_id: string }[]>(
        'select before, after, credential, author_id, request_id from listing_revision where listing_id = ? order by id',
        [listingId],
      );
    expect(revisions.map((r) => [r.before, r.after])).toEqual([
      [
        { tagline: 'A tagline', city: null },
        { tagline: 'First', city: 'Oslo' },
      ],
      [{ tagline: 'First' }, { tagline: 'Second' }],
    ]);
    expect(revisions.every((r) => r.credential === 'api_key' && r.author_id === owner.id && r.request_id)).toBe(true);

    const history = await cli('listing', 'history', 'revised');
    expect(history.status).toBe(0);
    expect(history.stdout).toContain('tagline: "First" -> "Second"');
    expect(history.stdout).toContain('tagline: "A tagline" -> "First"');
    expect(history.stdout).toContain(`by editor@example.test via api_key`);
  }, 60_000);

  it('shows them on /admin/revisions to admins only; anyone else gets 404', async () => {
    expect((await new WebClient(app.url).get('/admin/revisions')).status).toBe(404);
    const browser = new WebClient(app.url);
    await browser.signIn(app, 'team@example.test');
    expect((await browser.get('/admin/revisions')).status).toBe(404);

    const granted = await cli('user', 'grant-admin', 'team@example.test');
    expect(granted.status).toBe(0);
    const page = await browser.get('/admin/revisions?listing=revised');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const before = [...page.html.matchAll(/<pre class="before">([^<]*)<\/pre>/g)].map((m) => m[1]);
    const after = [...page.html.matchAll(/<pre class="after">([^<]*)<\/pre>/g)].map((m) => m[1]);
    // Newest first; within a revision, fields in PostgreSQL's jsonb order (city before tagline).
    expect(before).toEqual(['&quot;First&quot;', 'null', '&quot;A tagline&quot;']);
    expect(after).toEqual(['&quot;Second&quot;', '&quot;Oslo&quot;', '&quot;First&quot;']);
    expect(page.html).toContain('By editor@example.test with api_key');

    expect((await cli('user', 'grant-admin', 'nobody@example.test')).status).toBe(1);
  }, 60_000);

  it('puts the company on a second site by operator commands, and apply_to reaches it', async () => {
    const created = await cli('site', 'create', 'nordic', 'Nordic Launches', 'https://nordic.example');
    expect(created.status).toBe(0);
    expect((await cli('site', 'create', 'nordic', 'Again', 'https://nordic.example')).status).toBe(1);
    expect((await cli('site', 'create', 'all', 'Reserved', 'https://all.example')).status).toBe(1);
    const copied = await cli('listing', 'copy', 'revised', '--site', 'nordic');
    expect(copied.status).toBe(0);
    expect(copied.stdout).toMatch(/Listing revised \(id \d+\) created on the site nordic/);

    const res = await owner.call('PATCH', `/me/listings/${listingId}`, {
      fields: { headline: 'Made in Oslo', seo_description: 'Invoices, sorted.' },
      apply_to: ['all'],
    });
    expect(res.status).toBe(200);
    expect(res.body.applied_to).toEqual([
      { site: 'nordic', listing_id: expect.any(Number), slug: 'revised', fields: ['headline', 'seo_description'] },
    ]);
    const [copy] = await app.deps.orm.em
      .fork()
      .execute<any[]>(
        `select l.headline, l.seo_description, l.status, l.owner_id from listing l join site s on s.id = l.site_id where s.key = 'nordic'`,
      );
    expect(copy).toEqual({ headline: 'Made in Oslo', seo_description: 'Invoices, sorted.', status: 'draft', owner_id: owner.id });
  }, 60_000);
});
