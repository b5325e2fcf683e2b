import { badgeEmbedHtml, standardBadge } from '../../src/domain/badges.js';
import { listingUrl } from '../../src/catalogue/sql.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { seedCatalogue } from '../../src/seed/catalogue.js';
import { addCategory, addListing, addUser, sql } from '../catalogue/fixtures.js';
import { getPage, htmlProblems } from './pages.js';

describe('listing web page', () => {
  let app: TestApp;
  let freeId: number;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    await seedCatalogue(app.deps.orm.em.fork(), app.deps.site.id, { listings: 40, now: new Date(), seed: 5 });
    await addCategory(app, 'note-apps', 'Note Apps');
    await addCategory(app, 'ink-writing', 'Ink Writing');
    const owner = await addUser(app, 'owner@test.example');
    freeId = await addListing(app, {
      slug: 'inkwell',
      name: 'Inkwell',
      tagline: 'Notes that write back',
      description: 'Inkwell keeps\nyour notes.',
      categories: ['note-apps', 'ink-writing'],
      owner,
      stage: 'beta',
      country: 'NL',
      not_found: ['city', 'founded_year'],
    });
    await sql(
      app,
      `update listing set pricing_model = 'freemium', pricing_summary = 'Free; Pro $8/month', usps = '{"Offline first"}', follower_count = 0,
         faqs = ?::jsonb, demo_video_url = 'https://video.example/inkwell',
         socials = '{"x": "https://x.example/inkwell", "github": "javascript:alert(1)"}', contact_email = 'hi@inkwell.example',
         seo_title = 'Inkwell notes app', seo_description = 'Notes that write back, on every device.' where id = ?`,
      // A question mark inside the SQL text would be read as a placeholder.
      [JSON.stringify([{ question: 'Is there an app?', answer: 'Yes, for every platform.' }]), freeId],
    );
    const [founder] = await sql<{ id: number }>(
      app,
      `insert into founder (site_id, slug, name, title, country) values (?, 'ada-ink', 'Ada Ink', 'CEO', 'NL') returning id`,
      [app.deps.site.id],
    );
    await sql(app, 'insert into listing_founder (listing_id, founder_id) values (?, ?)', [freeId, founder.id]);
    const [a, b] = [await addUser(app, 'a@test.example'), await addUser(app, 'b@test.example')];
    await sql(
      app,
      'insert into review (listing_id, user_id, rating, flagged) values (?, ?, 5, false), (?, ?, 4, false), (?, ?, 1, false)',
      [freeId, a, freeId, b, freeId, owner],
    );
    await sql(app, 'insert into follow (listing_id, user_id) values (?, ?), (?, ?)', [freeId, a, freeId, b]);
    await sql(
      app,
      `insert into domain_rating_snapshot (listing_id, measured_on, value) values (?, '2026-08-01', 30), (?, '2026-09-01', 24)`,
      [freeId, freeId],
    );
    await sql(app, `insert into listing_update (listing_id, title, body) values (?, 'Dark mode', 'Now with dark mode.')`, [
      freeId,
    ]);
    await sql(
      app,
      `insert into founder_story (listing_id, sections, published_at) values (?, '{"title": "How Inkwell began"}', now())`,
      [freeId],
    );
    await sql(app, `insert into milestone (listing_id, date, title) values (?, '2026-01-05', 'First thousand users')`, [freeId]);
  });
  afterAll(() => app.close());

  it('shows the public profile of get_listing', async () => {
    const res = await getPage(`${app.url}/listings/inkwell`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('vary')).toBe('Cookie');
    const html = res.text;
    expect(html).toContain('<title>Inkwell notes app · ');
    expect(html).toContain('<meta name="description" content="Notes that write back, on every device.">');
    expect(html).toContain(`<link rel="canonical" href="${app.url}/listings/inkwell">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<h1>Inkwell</h1>');
    expect(html).toContain('<p class="pre">Inkwell keeps\nyour notes.</p>');
    expect(html).toContain('2 followers');
    expect(html).toContain('0 community votes');
    expect(html).toContain('Votes come only from people on this site');
    expect(html).toContain(
      'href="/categories/note-apps">Note Apps</a> <span class="tag">primary</span>, <a href="/categories/ink-writing">Ink Writing</a></dd>',
    );
    expect(html).toContain('<dt>Pricing model</dt><dd>freemium</dd>');
    expect(html).toContain('<dt>Pricing</dt><dd>Free; Pro $8/month</dd>');
    expect(html).toContain('<dt>City</dt><dd><em class="muted">not found on the company\'s website</em></dd>');
    expect(html).toContain('<dt>Founded</dt><dd><em class="muted">not found on the company\'s website</em></dd>');
    expect(html).toMatch(/id="not-found">.*<li>City<\/li><li>Year founded<\/li>/s);
    expect(html).toContain('<li>Fast search</li>');
    expect(html).toContain('<li>Offline first</li>');
    expect(html).toContain('<li>Ada Ink, CEO, NL</li>');
    expect(html).toContain('<dt>Is there an app?</dt>');
    expect(html).toContain('X: <a href="https://x.example/inkwell" rel="nofollow ugc noopener">');
    expect(html).toContain('<a href="https://video.example/inkwell" rel="nofollow ugc noopener">Demo video</a>');
    expect(html).toContain('href="mailto:hi@inkwell.example"');
    expect(html).toContain('<h3>Dark mode</h3>');
    // 5 and 4; the owner's own 1-star review is not counted.
    expect(html).toMatch(/<strong>4\.5\d*<\/strong> out of 5 from 2 reviews/);
    expect(html).toContain('Genuine reviews only');
    expect(html).toMatch(/id="domain-rating">.*<strong>24<\/strong>.*↓ -6 \(down\).*third-party metric/s);
    expect(await htmlProblems(html)).toEqual([]);
  });

  it('shows paid sections only once unlocked', async () => {
    const locked = (await getPage(`${app.url}/listings/inkwell`)).text;
    expect(locked).not.toContain('id="story"');
    expect(locked).not.toContain('First thousand users');

    await sql(app, `update listing set unlocked_sections = '{story,milestones}' where id = ?`, [freeId]);
    const unlocked = (await getPage(`${app.url}/listings/inkwell`)).text;
    expect(unlocked).toContain('<h3>How Inkwell began</h3>');
    expect(unlocked).toContain('<strong>2026-01-05</strong> First thousand users');
    expect(unlocked).not.toContain('id="media"');
    expect(await htmlProblems(unlocked)).toEqual([]);
  });

  it('renders seeded paid listings, story, milestones and media included, as valid HTML5', async () => {
    const [paid] = await sql<{ slug: string }>(
      app,
      `select l.slug from listing l where l.status = 'live' and l.plan = 'paid' and exists (select 1 from listing_media m where m.listing_id = l.id)
         and exists (select 1 from milestone m where m.listing_id = l.id) order by l.id limit 1`,
    );
    const res = await getPage(`${app.url}/listings/${paid.slug}`);
    expect(res.status).toBe(200);
    for (const id of ['story', 'milestones', 'media']) expect(res.text).toContain(`<section id="${id}">`);
    expect(await htmlProblems(res.text)).toEqual([]);

    const [upcoming] = await sql<{ slug: string }>(
      app,
      `select slug from listing where status = 'scheduled' order by id limit 1`,
    );
    const scheduled = await getPage(`${app.url}/listings/${upcoming.slug}`);
    expect(scheduled.status).toBe(200);
    expect(scheduled.text).toContain('Upcoming: launches in the week of');
  });

  it('answers an unknown or malformed slug with a 404 HTML page, and hides drafts', async () => {
    await addListing(app, { slug: 'secret-draft', name: 'Secret Draft', status: 'draft' });
    for (const slug of ['no-such-listing', 'Not_A_Slug', 'secret-draft']) {
      const res = await getPage(`${app.url}/listings/${slug}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toContain('<h1>Not found</h1>');
      expect(res.text).not.toContain('Secret Draft');
      expect(await htmlProblems(res.text)).toEqual([]);
    }
  });

  it('is where the badge embed code of get_badges links to', async () => {
    const [seeded] = await sql<{ slug: string; name: string }>(
      app,
      `select slug, name from listing where status = 'live' order by id limit 1`,
    );
    const badges = await request(`${app.api}/listings/${seeded.slug}/badges`);
    const href = /<a href="([^"]+)"/.exec(badges.body.badge.embed_html)![1];
    expect(href).toBe(`${app.url}/listings/${seeded.slug}`);
    const res = await getPage(href);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<h1>${seeded.name}</h1>`);
  });

  it('gives a listing awaiting its badge a short page, not a 404, so the badge link works', async () => {
    await addListing(app, { slug: 'soon-app', name: 'Soon App', status: 'awaiting_badge' });
    // The embed the owner pastes (get_badges answers only them until the listing is public).
    const embed = badgeEmbedHtml(
      {
        siteName: app.deps.site.name,
        listingName: 'Soon App',
        listingSlug: 'soon-app',
        listingUrl: listingUrl(app.url, 'soon-app'),
        publicUrl: app.url,
      },
      standardBadge,
    );
    expect((await request(`${app.api}/listings/soon-app/badges`)).status).toBe(404);
    const image = /<img src="([^"]+)"/.exec(embed)![1];
    expect((await fetch(image)).status).toBe(200);
    const href = /<a href="([^"]+)"/.exec(embed)![1];
    const res = await getPage(href);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Soon App</h1>');
    expect(res.text).toContain('getting ready to launch');
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect((await request(`${app.api}/listings/soon-app`)).status).toBe(404);
  });

  it('escapes what listings say (XSS)', async () => {
    await addCategory(app, 'xss-cat', '<b>Bold</b> & "quoted"');
    await addListing(app, {
      slug: 'xss-test',
      name: '<script>alert(1)</script>',
      tagline: '"><img src=x onerror=alert(2)>',
      categories: ['xss-cat'],
      description: '</p><iframe src="https://evil.example"></iframe>',
    });
    await sql(
      app,
      `update listing set socials = '{"x": "javascript:alert(3)"}', website_url = 'javascript:alert(4)', logo_url = 'javascript:alert(5)' where slug = 'xss-test'`,
    );
    for (const path of ['/listings/xss-test', '/?q=script', '/categories/xss-cat', '/categories']) {
      const res = await getPage(`${app.url}${path}`);
      expect(res.status).toBe(200);
      // The site's own script file is the only script a page may carry.
      expect(res.text).not.toMatch(
        /<script(?! src="\/assets\/community\.js")|<img src=x|<iframe|<b>Bold|href="javascript:|content="javascript:/i,
      );
      expect(await htmlProblems(res.text)).toEqual([]);
    }
    const page = (await getPage(`${app.url}/listings/xss-test`)).text;
    expect(page).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(page).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(page).toContain('X: javascript:alert(3)');
    const search = (await getPage(`${app.url}/?q=${encodeURIComponent('"><script>alert(6)</script>')}`)).text;
    expect(search).toContain('value="&quot;&gt;&lt;script&gt;alert(6)&lt;/script&gt;"');
    expect(search).not.toContain('<script>alert(6)');
  });
});
