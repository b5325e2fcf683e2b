import { startTestApp, type TestApp } from '../support/app.js';
import { seedCatalogue } from '../../src/seed/catalogue.js';
import { addCategory, addListing, addVotes, sql } from '../catalogue/fixtures.js';
import { getPage, htmlProblems } from './pages.js';

describe('catalogue web pages', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    await seedCatalogue(app.deps.orm.em.fork(), app.deps.site.id, { listings: 60, now: new Date(), seed: 11 });
    await addCategory(app, 'web-tools', 'Web Tools');
    await addCategory(app, 'web-editors', 'Web Editors', 'web-tools');
    const quill = await addListing(app, {
      slug: 'quillstack',
      name: 'Quillstack',
      tagline: 'Write together',
      categories: ['web-editors'],
    });
    const paper = await addListing(app, {
      slug: 'paperloom',
      name: 'Paperloom',
      tagline: 'Paper made simple',
      categories: ['web-tools'],
    });
    await addVotes(app, quill, 40);
    await addVotes(app, paper, 30);
    await sql(app, `insert into billboard_contribution (listing_id, amount_cents) values (?, 125000)`, [paper]);
    await sql(app, `insert into domain_rating_snapshot (listing_id, measured_on, value) values (?, current_date, 97)`, [quill]);
  });
  afterAll(() => app.close());

  describe('home', () => {
    it('says what the site is, ranks this week by votes and links categories, leaderboards and the API', async () => {
      const res = await getPage(`${app.url}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      const html = res.text;
      expect(html).toContain(`<title>${app.deps.site.name}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${app.url}/">`);
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<meta name="description"');
      expect(html).toMatch(/<form role="search" method="get" action="\/">/);
      const thisWeek = html.slice(html.indexOf('id="this-week"'), html.indexOf('id="categories"'));
      expect(thisWeek.indexOf('>Quillstack<')).toBeGreaterThan(-1);
      expect(thisWeek.indexOf('>Quillstack<')).toBeLessThan(thisWeek.indexOf('>Paperloom<'));
      expect(thisWeek).toContain('40 votes');
      expect(html).toContain('href="/categories/web-tools">Web Tools</a>');
      expect(html).toContain('href="/categories"');
      expect(html).toMatch(/href="\/leaderboards\/billboard">[^<]+<\/a> <span class="tag paid">Paid<\/span>/);
      const agents = html.slice(html.indexOf('id="for-agents"'));
      expect(agents).toContain(`href="${app.url}/docs"`);
      expect(agents).toContain(`href="${app.url}/api/v1/openapi.json"`);
      expect(agents).toContain(`${app.url}/mcp`);
      expect(await htmlProblems(html)).toEqual([]);
    });

    it('searches with search_listings, typos included', async () => {
      const res = await getPage(`${app.url}/?q=quilstack`);
      expect(res.status).toBe(200);
      const results = res.text.slice(res.text.indexOf('id="results"'), res.text.indexOf('id="this-week"'));
      expect(results).toContain('href="/listings/quillstack">Quillstack</a>');
      expect(res.text).toContain('value="quilstack"');
      expect(res.text).toContain('<meta name="robots" content="noindex">');
      expect(await htmlProblems(res.text)).toEqual([]);

      const none = await getPage(`${app.url}/?q=zzzqqqxxx`);
      expect(none.text).toContain('No listing matches these words');
    });

    it('answers search input beyond the bounds of search_listings with a 400 page', async () => {
      const res = await getPage(`${app.url}/?q=${'a'.repeat(201)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toContain('query.q');
      expect(res.headers.get('cache-control')).not.toBe('public, max-age=60');
    });
  });

  describe('leaderboards', () => {
    it('lists the five boards, the billboard marked paid', async () => {
      const res = await getPage(`${app.url}/leaderboards`);
      expect(res.status).toBe(200);
      for (const board of ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue']) {
        expect(res.text).toContain(`href="/leaderboards/${board}"`);
      }
      expect(await htmlProblems(res.text)).toEqual([]);
    });

    it('presents the billboard as a paid ranking by money, every row labelled paid', async () => {
      const res = await getPage(`${app.url}/leaderboards/billboard`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.text).toContain('<p class="note paid" id="paid-notice"><strong>PAID RANKING.</strong>');
      expect(res.text).toContain('money contributed');
      const body = res.text.slice(res.text.indexOf('<tbody>'), res.text.indexOf('</tbody>'));
      const rows = body.match(/<tr>/g) ?? [];
      expect(rows.length).toBeGreaterThan(1);
      expect(body.match(/<span class="tag paid">Paid<\/span>/g)).toHaveLength(rows.length);
      expect(body).toContain('>Paperloom</a>');
      expect(body).toContain('$1,250.00');
      expect(body).not.toMatch(/votes?</);
      expect(await htmlProblems(res.text)).toEqual([]);
    });

    it('keeps votes, Domain Rating and revenue apart, Domain Rating labelled third-party', async () => {
      const votes = await getPage(`${app.url}/leaderboards/community-all-time`);
      expect(votes.status).toBe(200);
      expect(votes.text).toContain('<th>Community votes</th>');
      expect(votes.text).not.toContain('$');
      expect(votes.text).not.toContain('PAID RANKING');
      const firstRow = votes.text.slice(votes.text.indexOf('<tbody>'));
      expect(firstRow).toMatch(/^<tbody><tr><td>1<\/td>/);

      const dr = await getPage(`${app.url}/leaderboards/domain-rating`);
      expect(dr.text).toContain('<th>Domain Rating (third-party metric)</th>');
      expect(dr.text).toMatch(/>Quillstack<\/a>.*?<td>97 /s);
      expect(dr.text).not.toContain('PAID RANKING');

      const revenue = await getPage(`${app.url}/leaderboards/revenue`);
      expect(revenue.text).toContain('<th>Monthly revenue (reported)</th>');
      expect(revenue.text).not.toMatch(/\d votes?</);

      const weekly = await getPage(`${app.url}/leaderboards/community-weekly?week=last`);
      expect(weekly.status).toBe(200);
      expect(weekly.text).toContain('<th>Community votes this week</th>');
      for (const page of [dr, revenue, weekly]) expect(await htmlProblems(page.text)).toEqual([]);
    });

    it('answers an unknown board with a 404 page and a bad week with a 400 page', async () => {
      for (const path of ['/leaderboards/most-liked', '/leaderboards/Billboard']) {
        const res = await getPage(`${app.url}${path}`);
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(res.text).toContain('<h1>Not found</h1>');
      }
      const week = await getPage(`${app.url}/leaderboards/community-weekly?week=someday`);
      expect(week.status).toBe(400);
      expect(week.text).toContain('week must be this, last or a date');
    });
  });

  describe('categories', () => {
    it('shows the tree with live counts', async () => {
      const res = await getPage(`${app.url}/categories`);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(
        /href="\/categories\/web-tools">Web Tools<\/a> <span class="muted">\(2 live listings\)<\/span><ul><li><a href="\/categories\/web-editors">Web Editors<\/a> <span class="muted">\(1 live listing\)/,
      );
      expect(res.text).toContain(`<link rel="canonical" href="${app.url}/categories">`);
      expect(await htmlProblems(res.text)).toEqual([]);
    });

    it("lists a category's live listings most voted first, subcategories included", async () => {
      const res = await getPage(`${app.url}/categories/web-tools`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<h1>Web Tools</h1>');
      expect(res.text).toContain('All about Web Tools.');
      expect(res.text).toContain('href="/categories/web-editors">Web Editors</a>');
      expect(res.text.indexOf('>Quillstack</a>')).toBeGreaterThan(-1);
      expect(res.text.indexOf('>Quillstack</a>')).toBeLessThan(res.text.indexOf('>Paperloom</a>'));
      expect(res.text).toContain('<dt>What is it?</dt>');
      expect(await htmlProblems(res.text)).toEqual([]);

      const sub = await getPage(`${app.url}/categories/web-editors`);
      expect(sub.text).toContain('In <a href="/categories/web-tools">Web Tools</a>');
      expect(sub.text).not.toContain('>Paperloom</a>');
    });

    it('pages through a seeded category', async () => {
      const [top] = await sql<{ slug: string; n: string }>(
        app,
        `select c.slug, count(*) as n from category c join listing l on l.category_ids && array(select id from category s where s.parent_id = c.id or s.id = c.id)
         where c.parent_id is null and l.status = 'live' group by c.slug order by n desc limit 1`,
      );
      const res = await getPage(`${app.url}/categories/${top.slug}?per_page=2&page=2`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('rel="prev" href="/categories/' + top.slug + '"');
      expect(res.text).toContain(`<link rel="canonical" href="${app.url}/categories/${top.slug}?page=2">`);
    });

    it('answers an unknown category with a 404 page', async () => {
      const res = await getPage(`${app.url}/categories/no-such-category`);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Category no-such-category was not found.');
      expect(res.text).toContain('href="/">Back to the home page</a>');
    });
  });
});
