import { storeListingDocument } from '../../src/catalogue/listing-profile.js';
import { openReadPool } from '../../src/platform/sql.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { addCategory, addListing, addUser, recountedLedger, sql, storedDocument } from './fixtures.js';

type Profile = Record<string, unknown> & {
  tagline: string;
  categories: Array<{ name: string }>;
  founders: Array<{ name: string }>;
  latest_updates: Array<{ title: string }>;
  awards: Array<{ rank: number }>;
  community_rating: { count: number };
  votes: number;
  followers: number;
  views: number;
  vote_ledger: { cast: number; counted: number; discounted: Record<string, number>; reviewed_at: string | null };
  domain_rating: { trend: { points: unknown[] } } | null;
  milestones?: Array<{ title: string }>;
  media?: Array<{ caption: string }>;
  story?: { founder: string } | null;
};

/**
 * get_listing answers from the listing's stored document (listing_document). These tests change
 * what a profile shows with plain SQL, as any process or a person at a console would, and expect
 * the next read to show it: each change outdates the document in its own transaction.
 */
describe('listing documents', () => {
  let app: TestApp;
  let id: number;
  const profile = async (slug = 'docpad') => {
    const response = await request<Profile>(`${app.api}/listings/${slug}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const stored = async () =>
    (await sql<{ body: string | null }>(app, 'select live_body as body from listing_document where listing_id = ?', [id]))[0]
      ?.body ?? null;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    await addCategory(app, 'doc-notes', 'Notes');
    id = await addListing(app, {
      slug: 'docpad',
      name: 'Docpad',
      tagline: 'First words',
      categories: ['doc-notes'],
      plan: 'paid',
    });
  });
  afterAll(() => app.close());

  it('keeps the document of the first read and answers the same from it, with the address of this origin', async () => {
    expect(await stored()).toBeNull();
    const first = await request(`${app.api}/listings/docpad`);
    expect(await stored()).not.toBeNull();
    const again = await request(`${app.api}/listings/docpad`);
    expect(again.text).toBe(first.text);
    expect(JSON.parse((await stored()) as string)).not.toHaveProperty('url');
    expect(again.body.url).toBe(`${app.url}/listings/docpad`);
  });

  it('shows a change of the listing row', async () => {
    await profile();
    await sql(app, `update listing set tagline = 'Second words' where id = ?`, [id]);
    expect((await profile()).tagline).toBe('Second words');
  });

  it('shows a change of each part of the profile', async () => {
    const [{ site_id: site }] = await sql<{ site_id: number }>(app, 'select site_id from listing where id = ?', [id]);
    const reader = await addUser(app, 'doc-reader@example.com');
    const steps: Array<[string, unknown[], (p: Profile) => boolean]> = [
      [`insert into founder (site_id, slug, name) values (?, 'doc-ada', 'Ada')`, [site], () => true],
      [
        `insert into listing_founder (listing_id, founder_id, position) select ?, id, 0 from founder where slug = 'doc-ada'`,
        [id],
        (p) => p.founders[0]?.name === 'Ada',
      ],
      [`update founder set name = 'Ada L.' where slug = 'doc-ada'`, [], (p) => p.founders[0]?.name === 'Ada L.'],
      [
        `insert into listing_update (listing_id, title, body) values (?, 'Shipped', 'It works')`,
        [id],
        (p) => p.latest_updates[0]?.title === 'Shipped',
      ],
      [
        `insert into award (site_id, week, rank, listing_id, votes) values (?, '2026-11-16', 2, ?, 9)`,
        [site, id],
        (p) => p.awards[0]?.rank === 2,
      ],
      [`insert into review (listing_id, user_id, rating) values (?, ?, 5)`, [id, reader], (p) => p.community_rating.count === 1],
      [`update review set flagged = true where listing_id = ?`, [id], (p) => p.community_rating.count === 0],
      [
        `update listing set domain_rating = 40, domain_rating_on = '2026-11-20' where id = ?`,
        [id],
        (p) => p.domain_rating !== null,
      ],
      [
        `insert into domain_rating_snapshot (listing_id, measured_on, value) values (?, '2026-11-20', 40)`,
        [id],
        (p) => p.domain_rating?.trend.points.length === 1,
      ],
      [
        `insert into milestone (listing_id, date, title) values (?, '2026-11-01', 'Launched')`,
        [id],
        (p) => p.milestones?.[0]?.title === 'Launched',
      ],
      [
        `insert into listing_media (listing_id, kind, url, caption) values (?, 'image', 'https://docpad.example/a.png', 'Board')`,
        [id],
        (p) => p.media?.[0]?.caption === 'Board',
      ],
      [
        `insert into founder_story (listing_id, founder_id, sections, published_at) select ?, id, '{}', now() from founder where slug = 'doc-ada'`,
        [id],
        (p) => p.story?.founder === 'doc-ada',
      ],
      [`update founder set slug = 'doc-ada-l' where slug = 'doc-ada'`, [], (p) => p.story?.founder === 'doc-ada-l'],
      [`update category set name = 'Notebooks' where slug = 'doc-notes'`, [], (p) => p.categories[0]?.name === 'Notebooks'],
      [`delete from listing_update where listing_id = ?`, [id], (p) => p.latest_updates.length === 0],
      // A discounted vote changes no counted number, yet the ledger shows it.
      [
        `insert into vote (listing_id, user_id, discount_reason) values (?, ?, 'new_account')`,
        [id, reader],
        (p) => p.vote_ledger.cast === 1 && p.vote_ledger.discounted.new_account === 1 && p.votes === 0,
      ],
      [
        `update vote set discount_reason = 'ring' where listing_id = ?`,
        [id],
        (p) => p.vote_ledger.discounted.ring === 1 && p.vote_ledger.discounted.new_account === 0,
      ],
      [`update vote set discount_reason = null where listing_id = ?`, [id], (p) => p.votes === 1 && p.vote_ledger.counted === 1],
      [`update listing set votes_reviewed_at = now() where id = ?`, [id], (p) => p.vote_ledger.reviewed_at !== null],
      [`delete from vote where listing_id = ?`, [id], (p) => p.votes === 0 && p.vote_ledger.cast === 0],
    ];
    for (const [statement, params, shows] of steps) {
      await profile();
      await sql(app, statement, params);
      const after = await profile();
      if (!shows(after)) throw new Error(`after "${statement}" the profile did not show it: ${JSON.stringify(after)}`);
    }
  });

  it('keeps the document through votes, follows and views, and shows their numbers at once', async () => {
    const live = await addListing(app, { slug: 'doclive', name: 'Doclive' });
    const [ann, bob] = [await addUser(app, 'doc-ann@example.com'), await addUser(app, 'doc-bob@example.com')];
    const none = { voided: 0, blocked: 0, self_vote: 0, ring: 0, burst: 0, shared_network: 0, new_account: 0 };
    const first = await profile('doclive');
    const kept = await storedDocument(app, 'doclive');
    expect(kept?.body).toEqual(expect.any(String));
    const steps: Array<[string, unknown[], Partial<Profile>]> = [
      [
        'insert into vote (listing_id, user_id) values (?, ?)',
        [live, ann],
        { votes: 1, vote_ledger: { cast: 1, counted: 1, discounted: none, reviewed_at: null } },
      ],
      [
        `insert into vote (listing_id, user_id, discount_reason) values (?, ?, 'new_account')`,
        [live, bob],
        { votes: 1, vote_ledger: { cast: 2, counted: 1, discounted: { ...none, new_account: 1 }, reviewed_at: null } },
      ],
      [
        `update vote set discount_reason = 'ring' where listing_id = ? and user_id = ?`,
        [live, ann],
        { votes: 0, vote_ledger: { cast: 2, counted: 0, discounted: { ...none, ring: 1, new_account: 1 }, reviewed_at: null } },
      ],
      [
        `update listing set votes_reviewed_at = '2026-11-23 10:00:00+00' where id = ?`,
        [live],
        {
          vote_ledger: {
            cast: 2,
            counted: 0,
            discounted: { ...none, ring: 1, new_account: 1 },
            reviewed_at: '2026-11-23T10:00:00Z',
          },
        },
      ],
      ['insert into follow (listing_id, user_id) values (?, ?)', [live, bob], { followers: 1 }],
      ['update listing set view_count = view_count + 5 where id = ?', [live], { views: 5 }],
      [
        'delete from vote where listing_id = ? and user_id = ?',
        [live, bob],
        { votes: 0, vote_ledger: { cast: 1, counted: 0, discounted: { ...none, ring: 1 }, reviewed_at: '2026-11-23T10:00:00Z' } },
      ],
      [
        'update vote set discount_reason = null where listing_id = ?',
        [live],
        { votes: 1, vote_ledger: { cast: 1, counted: 1, discounted: none, reviewed_at: '2026-11-23T10:00:00Z' } },
      ],
    ];
    for (const [statement, params, shows] of steps) {
      await sql(app, statement, params);
      expect(await storedDocument(app, 'doclive')).toEqual(kept);
      const after = await profile('doclive');
      expect(after).toMatchObject(shows);
      expect(after.vote_ledger).toMatchObject(await recountedLedger(app, 'doclive'));
    }
    // Everything else answers as before, in the same order; and as a document built afresh would.
    const { votes: _v, followers: _f, views: _w, vote_ledger: _l, ...rest } = await profile('doclive');
    const { votes: _v0, followers: _f0, views: _w0, vote_ledger: _l0, ...before } = first;
    expect(Object.keys(rest)).toEqual(Object.keys(before));
    expect(rest).toEqual(before);
    const fromDocument = (await request(`${app.api}/listings/doclive`)).text;
    await sql(app, 'update listing_document set version = version + 1, live_body = null where listing_id = ?', [live]);
    expect((await request(`${app.api}/listings/doclive`)).text).toBe(fromDocument);
    expect(await storedDocument(app, 'doclive')).toMatchObject({ body: kept?.body });
  });

  it('puts the live numbers in their places whatever the listing says about them', async () => {
    // Text and keys that look like the document's own: a splice that went by its neighbours' names would follow them.
    const tricky = ',"short_description":"x","votes":"\\u0000votes","not_found_on_website":[]';
    const listing = await addListing(app, { slug: 'doctricky', name: 'Doctricky', tagline: tricky });
    await sql(app, `update listing set description = ?, socials = ?::jsonb where id = ?`, [
      tricky,
      JSON.stringify({ not_found_on_website: tricky, short_description: '"\\u0000vote_ledger"' }),
      listing,
    ]);
    await profile('doctricky');
    await sql(app, 'insert into vote (listing_id, user_id) values (?, ?)', [listing, await addUser(app, 'doc-cy@example.com')]);
    const answer = await request<Profile>(`${app.api}/listings/doctricky`);
    const parsed = JSON.parse(answer.text) as Profile & { socials: Record<string, string> };
    expect(parsed).toMatchObject({ votes: 1, tagline: tricky, description: tricky, vote_ledger: { cast: 1, counted: 1 } });
    expect(parsed.socials).toEqual({ not_found_on_website: tricky, short_description: '"\\u0000vote_ledger"' });
    expect(answer.text.match(/"votes":/g)).toHaveLength(1);
  });

  it('neither reads nor spoils the text an api process from before the live numbers keeps', async () => {
    await profile();
    // Such a process, during a rolling deploy, stores its own format in `body`.
    await sql(app, `update listing_document set body = '{"old":true}' where listing_id = ?`, [id]);
    expect(await profile()).not.toHaveProperty('old');
    await sql(app, `update listing set tagline = 'Words of a rolling deploy' where id = ?`, [id]);
    const [row] = await sql<{ body: string | null; live_body: string | null }>(
      app,
      'select body, live_body from listing_document where listing_id = ?',
      [id],
    );
    expect(row).toEqual({ body: null, live_body: null });
    expect(await profile()).toMatchObject({ tagline: 'Words of a rolling deploy' });
  });

  it('answers 404 for a listing that left the catalogue, and drops the document of a deleted one', async () => {
    const gone = await addListing(app, { slug: 'docgone', name: 'Docgone' });
    await profile('docgone');
    await sql(app, `update listing set status = 'archived' where id = ?`, [gone]);
    expect((await request(`${app.api}/listings/docgone`)).status).toBe(404);
    await sql(app, `delete from listing where id = ?`, [gone]);
    expect(await sql(app, 'select 1 from listing_document where listing_id = ?', [gone])).toEqual([]);
  });

  it('refuses a document built from data that changed before it was stored', async () => {
    const fresh = await addListing(app, { slug: 'docnew', name: 'Docnew', tagline: 'Never read' });
    await profile();
    const [{ version }] = await sql<{ version: string }>(app, 'select version from listing_document where listing_id = ?', [id]);
    // Each read below was made before the change that follows it, and stores only after it.
    await sql(app, `update listing set tagline = 'Changed meanwhile' where id in (?, ?)`, [id, fresh]);
    const pool = openReadPool(app.databaseUrl, 1);
    try {
      await storeListingDocument(pool, id, version, JSON.stringify({ tagline: 'Read before' }));
      await storeListingDocument(pool, fresh, '0', JSON.stringify({ tagline: 'Read before' }));
    } finally {
      await pool.end();
    }
    expect((await profile()).tagline).toBe('Changed meanwhile');
    expect((await profile('docnew')).tagline).toBe('Changed meanwhile');
  });
});
