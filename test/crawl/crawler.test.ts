import { createCrawler } from '../../src/crawl/crawler.js';
import type { CrawlProgress } from '../../src/crawl/types.js';
import { startCrawlWorld, type CrawlWorld } from '../support/crawl-world.js';

let world: CrawlWorld;
beforeAll(async () => {
  world = await startCrawlWorld();
  world.dns.set('ten.test', ['10.0.0.7']);
  world.dns.set('metadata.test', ['169.254.169.254']);
  // ::ffff:10.0.0.7 written in hex groups (the test DNS library encodes only that form).
  world.dns.set('mapped.test', ['::ffff:a00:7']);
  world.dns.set('mixed.test', ['127.0.0.1', '10.0.0.7']);
  world.dns.set('secret.test', ['10.0.0.1']);
  const redirect = (to: string) => (_req: unknown, res: import('node:http').ServerResponse) =>
    res.writeHead(302, { location: to }).end();
  world.dns.set('hop.test', ['127.0.0.1']);
  world.sites.route('hop.test/', redirect(`http://metadata.test:${world.sites.port}/latest/meta-data/`));
  world.sites.route('hop.test/ip', redirect('http://169.254.169.254/latest/meta-data/'));
  world.sites.route('hop.test/ten', redirect(`http://ten.test:${world.sites.port}/`));
  world.dns.set('broken.test', ['127.0.0.1']);
  world.sites.route('broken.test/', (_req, res) => res.writeHead(503).end('down'));
  world.sites.route('broken.test/robots.txt', (_req, res) => res.writeHead(404).end());
});
afterAll(() => world.close());

const crawl = (url: string, env = {}) => createCrawler(world.crawlConfig(env)).crawl({ url });

describe('SSRF guard', () => {
  it('refuses a name resolving to 127.0.0.1 when loopback is not allowed', async () => {
    const outcome = await crawl(world.urlOf('static'), { CRAWL_ALLOW_LOOPBACK: 'false' });
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'refused_address' } });
    expect(!outcome.ok && outcome.failure.message).toMatch(/127\.0\.0\.1 is a loopback address/);
  });

  it.each([
    ['a private 10.x address', 'ten.test', /10\.0\.0\.7 is a private address/],
    ['the cloud metadata address', 'metadata.test', /169\.254\.169\.254 is a linkLocal address/],
    ['an IPv4-mapped IPv6 private address', 'mapped.test', /10\.0\.0\.7 is a private address/],
    ['a name with one private address among public ones', 'mixed.test', /10\.0\.0\.7 is a private address/],
  ])('refuses a name resolving to %s', async (_what, host, message) => {
    const outcome = await crawl(`http://${host}:${world.sites.port}/`);
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'refused_address' } });
    expect(!outcome.ok && outcome.failure.message).toMatch(message);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/',
    'http://0.0.0.0/',
    'http://100.100.100.200/',
  ])('refuses the IP literal %s without connecting', async (url) => {
    expect(await crawl(url)).toMatchObject({ ok: false, failure: { reason: 'refused_address' } });
  });

  it.each([
    ['to a name resolving to the metadata address', '/'],
    ['to the metadata IP literal', '/ip'],
    ['to a name resolving to 10.x', '/ten'],
  ])('refuses a redirect %s', async (_what, path) => {
    const outcome = await crawl(`http://hop.test:${world.sites.port}${path}`);
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'refused_address' } });
  });

  it('resolves once per connection and connects to exactly the address it checked, so a rebinding name is caught', async () => {
    let answers = 0;
    // A rebinding name: loopback (allowed here) first, a private address on every later answer.
    world.dns.set('rebind.test', () => (answers++ === 0 ? ['127.0.0.1'] : ['10.0.0.9']));
    world.sites.route('rebind.test/', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Rebind</title><p>' + 'x '.repeat(150) + '</p>'),
    );
    world.sites.route('rebind.test/robots.txt', (_req, res) => res.writeHead(404).end());
    const before = world.dns.queriesFor('rebind.test');
    const outcome = await createCrawler(world.crawlConfig({ CRAWL_PAGE_BUDGET: '1' })).crawl({
      url: `http://rebind.test:${world.sites.port}/`,
    });
    // robots.txt and the page: one A and one AAAA question each, each connection pinned to its own answer.
    expect(world.dns.queriesFor('rebind.test') - before).toBe(4);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.failure.reason).toBe('refused_address');
  });

  it('answers browser requests through the same guard', async () => {
    const before = world.dns.queriesFor('secret.test');
    const outcome = await crawl(world.urlOf('jsrender'));
    if (!outcome.ok) throw new Error(outcome.failure.message);
    expect(outcome.pages[0].renderedWithBrowser).toBe(true);
    expect(outcome.pages[0].text).toContain('Internal address probe: blocked');
    // The browser's own DNS is off: the name was resolved (and refused) by the guard's resolver.
    expect(world.dns.queriesFor('secret.test')).toBeGreaterThan(before);
    expect(world.sites.hits).not.toContain('secret.test/internal');
    expect(world.sites.hits).toContain('jsrender.test/data.json');
  });
});

describe('crawl failures end with a clear reason', () => {
  it('an unknown name is a DNS error', async () => {
    expect(await crawl(`http://nowhere.test:${world.sites.port}/`)).toMatchObject({
      ok: false,
      failure: { reason: 'dns_error' },
    });
  });

  it('a 5xx home page is an HTTP error naming the status', async () => {
    const outcome = await crawl(`http://broken.test:${world.sites.port}/`);
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'http_error' } });
    expect(!outcome.ok && outcome.failure.message).toMatch(/HTTP 503/);
  });

  it('robots.txt forbidding everything stops the crawl before any page', async () => {
    const outcome = await crawl(world.urlOf('closed'));
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'robots_forbidden' } });
    expect(world.sites.hits).not.toContain('closed.test/');
  });

  it('a site that never answers times out instead of hanging', async () => {
    world.dns.set('slow.test', ['127.0.0.1']);
    world.sites.route('slow.test/robots.txt', () => undefined);
    const outcome = await crawl(`http://slow.test:${world.sites.port}/`, { CRAWL_REQUEST_TIMEOUT_MS: '300' });
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'timeout' } });
  });

  it('a URL that is not http(s) is refused', async () => {
    expect(await crawl('file:///etc/passwd')).toMatchObject({ ok: false, failure: { reason: 'invalid_url' } });
  });
});

describe('crawl plan', () => {
  it('reads fact pages first, stays on the site, keeps to the page budget and reports progress', async () => {
    const progress: CrawlProgress[] = [];
    const outcome = await createCrawler(world.crawlConfig({ CRAWL_PAGE_BUDGET: '4' })).crawl(
      { url: world.urlOf('static') },
      (p) => {
        progress.push(p);
      },
    );
    if (!outcome.ok) throw new Error(outcome.failure.message);
    const paths = outcome.pages.map((p) => new URL(p.url).pathname);
    expect(paths).toHaveLength(4);
    expect(paths[0]).toBe('/');
    expect(paths).not.toContain('/blog/hello-world');
    expect(outcome.pages.every((p) => new URL(p.url).host === new URL(world.urlOf('static')).host)).toBe(true);
    expect(progress.at(-1)).toEqual({ pagesFetched: 4, pagesPlanned: 4 });
    expect(progress.map((p) => p.pagesFetched)).toEqual([1, 2, 3, 4]);
  });

  it('extracts title, meta, links, social profiles, emails, media and logo', async () => {
    const outcome = await crawl(world.urlOf('static'));
    if (!outcome.ok) throw new Error(outcome.failure.message);
    const home = outcome.pages[0];
    expect(home.title).toBe('Tallyfox | Invoicing for freelancers');
    expect(home.meta['og:title']).toBe('Tallyfox');
    expect(home.socials).toEqual({
      x: 'https://twitter.com/tallyfox',
      github: 'https://github.com/tallyfox',
      linkedin: 'https://www.linkedin.com/company/tallyfox',
    });
    expect(home.media).toEqual(['https://www.youtube.com/embed/tF0xTour42']);
    expect(home.logoUrl).toBe(world.urlOf('static', '/img/tallyfox-logo.png'));
    expect(home.text).toContain('Get paid on time, every time');
    const contact = outcome.pages.find((p) => p.url.endsWith('/contact'));
    expect(contact?.emails).toEqual(['hello@tallyfox.test']);
    expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
  });
});
