import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { allBadgeStyles, hasBadgeEmbed } from '../../src/domain/badges.js';
import { addCategory, addListing, addUser, addVotes, sql } from './fixtures.js';

describe('get_listing', () => {
  let app: TestApp;
  let freeId: number;
  let paidId: number;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    await addCategory(app, 'crm', 'CRM');
    const owner = await addUser(app, 'owner@test.example');
    freeId = await addListing(app, {
      slug: 'free-crm',
      name: 'Free CRM',
      categories: ['crm'],
      owner,
      not_found: ['city', 'founded_year'],
    });
    paidId = await addListing(app, { slug: 'paid-crm', name: 'Paid CRM', categories: ['crm'], plan: 'paid' });
    await addListing(app, { slug: 'draft-crm', name: 'Draft CRM', status: 'draft' });
    for (const id of [freeId, paidId]) {
      await sql(
        app,
        `insert into founder_story (listing_id, sections, published_at) values (?, '{"title": "Our story"}', now())`,
        [id],
      );
      await sql(app, `insert into milestone (listing_id, date, title) values (?, '2026-01-05', 'Launch')`, [id]);
      await sql(app, `insert into listing_media (listing_id, kind, url) values (?, 'image', 'https://paid.example/shot.png')`, [
        id,
      ]);
    }
    // Genuine reviews: 5 and 3. Not counted: the owner's 1-star... and a flagged 1-star.
    const [a, b, c] = [
      await addUser(app, 'a@test.example'),
      await addUser(app, 'b@test.example'),
      await addUser(app, 'c@test.example'),
    ];
    await sql(
      app,
      `insert into review (listing_id, user_id, rating, flagged) values (?, ?, 5, false), (?, ?, 3, false), (?, ?, 1, true), (?, ?, 1, false)`,
      [freeId, a, freeId, b, freeId, c, freeId, owner],
    );
    await sql(
      app,
      `insert into domain_rating_snapshot (listing_id, measured_on, value) values (?, '2026-08-01', 20), (?, '2026-09-01', 25), (?, '2026-10-01', 31)`,
      [freeId, freeId, freeId],
    );
    await sql(app, `insert into listing_update (listing_id, title, body) values (?, 'Dark mode', 'Now with dark mode.')`, [
      freeId,
    ]);
  });
  afterAll(() => app.close());

  it('returns the public profile with genuine-review rating, Domain Rating trend and not_found_on_website', async () => {
    const res = await request(`${app.api}/listings/free-crm`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        slug: 'free-crm',
        name: 'Free CRM',
        url: `${app.url}/listings/free-crm`,
        categories: [{ slug: 'crm', name: 'CRM', primary: true }],
        not_found_on_website: ['city', 'founded_year'],
        latest_updates: [expect.objectContaining({ title: 'Dark mode' })],
        pricing: { model: null, summary: null },
      }),
    );
    expect(res.body.community_rating).toEqual(expect.objectContaining({ average: 4, count: 2 }));
    expect(res.body.domain_rating).toEqual(
      expect.objectContaining({
        value: 31,
        measured_on: '2026-10-01',
        trend: expect.objectContaining({ direction: 'up', change: 11, points: expect.any(Array) }),
      }),
    );
  });

  it('hides story, milestones and media of a free listing until unlocked', async () => {
    const free = (await request(`${app.api}/listings/free-crm`)).body;
    expect(free.unlocked_sections).toEqual([]);
    for (const key of ['story', 'milestones', 'media']) expect(free).not.toHaveProperty(key);

    await sql(app, `update listing set unlocked_sections = '{milestones}' where id = ?`, [freeId]);
    const unlocked = (await request(`${app.api}/listings/free-crm`)).body;
    expect(unlocked.milestones).toEqual([expect.objectContaining({ title: 'Launch', date: '2026-01-05' })]);
    expect(unlocked).not.toHaveProperty('story');
  });

  it('shows every paid section of a paid listing', async () => {
    const paid = (await request(`${app.api}/listings/paid-crm`)).body;
    expect(paid.unlocked_sections).toEqual(['story', 'milestones', 'media']);
    expect(paid.story).toEqual(expect.objectContaining({ sections: { title: 'Our story' } }));
    expect(paid.milestones).toHaveLength(1);
    expect(paid.media).toEqual([expect.objectContaining({ kind: 'image' })]);
  });

  it('answers 404 for an unknown or unpublished slug and 400 for a bad slug', async () => {
    expect((await request(`${app.api}/listings/no-such-listing`)).status).toBe(404);
    expect((await request(`${app.api}/listings/draft-crm`)).status).toBe(404);
    const bad = await request(`${app.api}/listings/Bad_Slug`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });

  describe('get_alternatives', () => {
    it('puts owner-approved alternatives first, then live listings of the same primary category', async () => {
      const other = await addListing(app, { slug: 'other-crm', name: 'Other CRM', categories: ['crm'] });
      await addVotes(app, other, 3);
      const approved = await addListing(app, { slug: 'approved-pick', name: 'Approved Pick' });
      await sql(app, 'insert into listing_alternative (listing_id, alternative_id, approved) values (?, ?, true)', [
        freeId,
        approved,
      ]);
      const res = await request(`${app.api}/listings/free-crm/alternatives`);
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { slug: string; approved: boolean }) => [i.slug, i.approved])).toEqual([
        ['approved-pick', true],
        ['other-crm', false],
        ['paid-crm', false],
      ]);
      expect((await request(`${app.api}/listings/nothing-here/alternatives`)).status).toBe(404);
    });
  });

  describe('compare_listings', () => {
    it('puts two listings side by side with empty cells for missing facts', async () => {
      const res = await request(`${app.api}/compare?a=free-crm&b=paid-crm`);
      expect(res.status).toBe(200);
      expect(res.body.a).toEqual({ slug: 'free-crm', name: 'Free CRM', url: `${app.url}/listings/free-crm` });
      const row = (fact: string) => res.body.rows.find((r: { fact: string }) => r.fact === fact);
      expect(row('categories')).toEqual({ fact: 'categories', a: ['CRM'], b: ['CRM'] });
      expect(row('domain_rating')).toEqual({ fact: 'domain_rating', a: 31, b: null });
      expect(row('city')).toEqual({ fact: 'city', a: null, b: null });
    });

    it('answers 404 for an unknown slug and 400 when one is missing', async () => {
      expect((await request(`${app.api}/compare?a=free-crm&b=no-such`)).status).toBe(404);
      expect((await request(`${app.api}/compare?a=free-crm`)).status).toBe(400);
    });
  });

  describe('get_badges', () => {
    it('returns embed code linking to the listing page and an SVG URL for every style', async () => {
      const res = await request(`${app.api}/listings/free-crm/badges?shape=pill&mode=dark&size=l`);
      expect(res.status).toBe(200);
      expect(res.body.badge).toEqual(
        expect.objectContaining({
          shape: 'pill',
          mode: 'dark',
          size: 'l',
          image_url: `${app.url}/badges/free-crm/pill-dark-l.svg`,
        }),
      );
      expect(res.body.badge.embed_html).toContain(`href="${app.url}/listings/free-crm"`);
      expect(res.body.styles).toHaveLength(45);
      const subject = { listingUrl: `${app.url}/listings/free-crm`, listingSlug: 'free-crm', publicUrl: app.url };
      expect(hasBadgeEmbed(`<html><body><footer>${res.body.badge.embed_html}</footer></body></html>`, subject)).toBe(true);
      expect(hasBadgeEmbed('<a href="https://elsewhere.example">x</a>', subject)).toBe(false);
    });

    it('defaults to standard, auto, m and refuses unknown styles', async () => {
      const res = await request(`${app.api}/listings/free-crm/badges`);
      expect(res.body.badge).toEqual(expect.objectContaining({ shape: 'standard', mode: 'auto', size: 'm' }));
      expect((await request(`${app.api}/listings/free-crm/badges?shape=circle`)).status).toBe(400);
      expect((await request(`${app.api}/listings/no-such/badges`)).status).toBe(404);
    });

    it('serves every badge image as SVG at its stable URL', async () => {
      for (const style of allBadgeStyles()) {
        const res = await request(`${app.url}/badges/free-crm/${style.shape}-${style.mode}-${style.size}.svg`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('image/svg+xml');
        expect(res.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        if (style.mode === 'auto') expect(res.text).toContain('prefers-color-scheme: dark');
      }
      expect((await request(`${app.url}/badges/free-crm/round-dark-m.svg`)).status).toBe(404);
      expect((await request(`${app.url}/badges/draft-crm/standard-dark-m.svg`)).status).toBe(404);
    });
  });
});
