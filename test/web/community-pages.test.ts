import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { seedCatalogue } from '../../src/seed/catalogue.js';
import { html } from '../../src/platform/html.js';
import { addListing, sql, weeksFromNow } from '../catalogue/fixtures.js';
import { getPage, htmlProblems } from './pages.js';

/** Text as a page writes it. */
const escaped = (text: string) => html`${text}`.toString();

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  await seedCatalogue(app.deps.orm.em.fork(), app.deps.site.id, { listings: 80, now: new Date(), seed: 5 });
  await addListing(app, { slug: 'next-up', name: 'Next Up', status: 'scheduled', launch_week: weeksFromNow(1) });
  await sql(
    app,
    `insert into blog_post (site_id, slug, title, summary, body_markdown, published_at, faqs)
     values (?, 'markdown-test', 'Markdown test', 'A test post.', ?, now() - interval '1 hour', '[{"question": "What for", "answer": "Because."}]')`,
    [
      app.deps.site.id,
      '# Big title\n\nSome **bold** text and [a link](https://example.com) and [bad](javascript:alert(1)).\n\n<script>alert(2)</script>\n\n<img src=x onerror=alert(3)>\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n',
    ],
  );
});
afterAll(() => app?.close());

/** The page at `path` answers 200 with valid HTML5 and its head tags; returns its HTML. */
async function validPage(path: string): Promise<string> {
  const res = await getPage(`${app.url}${path}`);
  expect(res.status).toBe(200);
  expect(await htmlProblems(res.text)).toEqual([]);
  expect(res.text).toMatch(/<title>[^<]+<\/title>/);
  expect(res.text).toContain('<meta name="description" content="');
  expect(res.text).toContain('<link rel="canonical" href="');
  expect(res.text).toContain('<meta property="og:title" content="');
  return res.text;
}

const rest = async (path: string) => {
  const res = await request(`${app.api}${path}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** Every string appears in the page, in this order. */
function inOrder(page: string, texts: string[]): void {
  let at = -1;
  for (const text of texts) {
    const found = page.indexOf(escaped(text), at + 1);
    expect({ text, found: found > at }).toEqual({ text, found: true });
    at = found;
  }
}

describe('public pages render the operation REST answers with', () => {
  it('launch weeks: ranked this week, scheduled next week, previous and next links', async () => {
    for (const week of ['this', 'next', 'last']) {
      const data = await rest(`/launches/weeks/${week}`);
      const page = await validPage(`/launches/weeks/${week}`);
      inOrder(
        page,
        data.items.map((i: { name: string }) => i.name),
      );
      expect(page).toContain(`<link rel="canonical" href="${app.url}/launches/weeks/${data.week}">`);
      expect(page).toMatch(/<a rel="prev" href="\/launches\/weeks\/\d{4}-\d{2}-\d{2}">/);
      expect(page).toMatch(/<a rel="next" href="\/launches\/weeks\/\d{4}-\d{2}-\d{2}">/);
      if (week === 'next') {
        expect(data.state).toBe('upcoming');
        expect(page).toContain('Next Up');
      }
    }
    expect((await getPage(`${app.url}/launches/weeks/someday`)).status).toBe(404);
  });

  it('launch sections', async () => {
    for (const section of ['today', 'trending', 'most-voted', 'upcoming']) {
      const data = await rest(`/launches?section=${section}`);
      inOrder(
        await validPage(`/launches?section=${section}`),
        data.items.map((i: { name: string }) => i.name),
      );
    }
    expect((await getPage(`${app.url}/launches?section=nope`)).status).toBe(400);
  });

  it('awards', async () => {
    const data = await rest('/awards');
    expect(data.items.length).toBeGreaterThan(0);
    inOrder(
      await validPage('/awards'),
      data.items.map((a: { listing: { name: string } }) => a.listing.name),
    );
  });

  it('founders and a founder profile', async () => {
    const data = await rest('/founders');
    inOrder(
      await validPage('/founders'),
      data.items.map((f: { name: string }) => f.name),
    );
    const founder = await rest(`/founders/${data.items[0].slug}`);
    const page = await validPage(`/founders/${founder.slug}`);
    inOrder(page, [
      founder.name,
      ...(founder.bio ? [founder.bio] : []),
      ...founder.companies.map((c: { name: string }) => c.name),
    ]);
    for (const answer of founder.interview) expect(page).toContain(escaped(answer.answer));
    expect((await getPage(`${app.url}/founders/nobody-at-all`)).status).toBe(404);
  });

  it('blog list and a post, its Markdown rendered and sanitized, with its FAQs', async () => {
    const data = await rest('/blog');
    inOrder(
      await validPage('/blog'),
      data.items.map((p: { title: string }) => p.title),
    );
    const page = await validPage('/blog/markdown-test');
    expect(page).toContain('<h2>Big title</h2>');
    expect(page).toContain('<strong>bold</strong>');
    expect(page).toContain('<a href="https://example.com" rel="nofollow ugc noopener">a link</a>');
    expect(page).toContain('<td style="text-align:right">2</td>');
    expect(page).not.toMatch(/<script>alert|href="javascript:|<img src="?x/);
    expect(page).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).toContain('<dt>What for</dt><dd class="pre">Because.</dd>');
  });

  it('compare, alternatives and badges', async () => {
    const [a, b] = (await rest('/listings?sort=votes&per_page=2')).items;
    const compared = await rest(`/compare?a=${a.slug}&b=${b.slug}`);
    const comparePage = await validPage(`/compare?a=${a.slug}&b=${b.slug}`);
    expect(comparePage.match(/<th scope="row">/g)).toHaveLength(compared.rows.length);
    inOrder(comparePage, [a.name, b.name]);
    await validPage('/compare');
    expect((await getPage(`${app.url}/compare?a=${a.slug}&b=no-such-listing`)).status).toBe(404);

    const alternatives = await rest(`/listings/${a.slug}/alternatives`);
    const altPage = await validPage(`/listings/${a.slug}/alternatives`);
    for (const item of alternatives.items) expect(altPage).toContain(escaped(item.name));

    const badges = await rest(`/listings/${a.slug}/badges?shape=pill&mode=dark&size=l`);
    const badgePage = await validPage(`/listings/${a.slug}/badges?shape=pill&mode=dark&size=l`);
    expect(badges.styles).toHaveLength(45);
    for (const style of badges.styles) expect(badgePage).toContain(`src="${style.image_url}"`);
    expect(badgePage).toContain(escaped(badges.badge.embed_html));
  });

  it('lists the pages in /sitemap.xml and points robots.txt at it', async () => {
    const map = await getPage(`${app.url}/sitemap.xml`);
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toContain('application/xml');
    for (const path of [
      '/launches',
      '/awards',
      '/founders',
      '/blog',
      '/blog/markdown-test',
      '/compare',
      '/leaderboards/billboard',
    ])
      expect(map.text).toContain(`<loc>${app.url}${path}</loc>`);
    const [listing] = (await rest('/listings?per_page=1')).items;
    expect(map.text).toContain(`<loc>${app.url}/listings/${listing.slug}</loc>`);
    const robots = await getPage(`${app.url}/robots.txt`);
    expect(robots.text).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    expect(robots.text).toContain('Disallow: /account');
  });
});
