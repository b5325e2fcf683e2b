import { startTestApp, type TestApp } from '../support/app.js';
import { seedCatalogue } from '../../src/seed/catalogue.js';
import { discountReasons } from '../../src/domain/vote-rules.js';

/**
 * Pins the demo catalogue row for row: 2,100 listings (past the old seeder's first batch of 2,000),
 * seed 42, a fixed `now`, with listing ids starting at an arbitrary place (as in any test database,
 * whose sequences the harness spreads, and here moved on by a random step too): the catalogue must
 * not depend on them. The hashes are what the earlier seeders (JSON batches of 2,000 listings, then
 * COPY), which did their arithmetic on ids, wrote where listing ids start at 1, as in a new
 * database; so the same catalogue at any size rests on this test and on the generator.
 *
 * Each table is dumped as one JSON line per row, sorted, and hashed. Left out, because they record
 * when or how the rows were written rather than what they say: defaults of now() (`created_at`,
 * `updated_at` of rows whose time the seed does not set), `search_listing.change_xid` (a
 * transaction id), `listing_update.followers_mailed` (whether mail went out), the `request_key` of updates and milestones (the request that posted them), and serial ids, replaced by what they point at (listing and founder slugs, user
 * emails, category slugs, company domains). The order of listing and founder ids is kept as a rank
 * (the signals are arithmetic on listing ids); `listing_document` is pinned as "no stored text"
 * without its version, which counts the statements that touched a listing.
 */
const now = new Date('2026-11-26T12:00:00Z');

const slugOf = (column: string) => `(select slug from listing where id = ${column})`;
const emailOf = (column: string) => `(select email from app_user where id = ${column})`;
const categorySlugs = (column: string) =>
  `(select array_agg(c.slug order by u.ord) from unnest(${column}) with ordinality u(id, ord) join category c on c.id = u.id)`;

/** The listing's discounted votes by reason: recounts of the votes pinned here (seed.test.ts checks them). */
const ledgerColumns = discountReasons.map((r) => `'votes_${r}'`).join(', ');

/** Per table: a query of one jsonb `line` per row, without the columns moderation added since (always their defaults here). */
const dumps: Record<string, string> = {
  category: `select to_jsonb(t) - array['id', 'site_id', 'parent_id', 'created_at'] || jsonb_build_object('parent', (select slug from category p where p.id = t.parent_id)) as line from category t`,
  app_user: `select to_jsonb(t) - array['id', 'created_at', 'blocked_at'] as line from app_user t`,
  company: `select to_jsonb(t) - array['id', 'created_at'] as line from company t`,
  listing: `select to_jsonb(t) - array['id', 'site_id', 'owner_id', 'company_id', 'category_ids', 'created_at', 'updated_at', 'restricted', ${ledgerColumns}]
      || jsonb_build_object('rank', rank() over (order by id), 'owner', ${emailOf('t.owner_id')},
        'company', (select domain from company c where c.id = t.company_id), 'categories', ${categorySlugs('t.category_ids')}) as line from listing t`,
  founder: `select to_jsonb(t) - array['id', 'site_id', 'created_at'] || jsonb_build_object('rank', rank() over (order by id)) as line from founder t`,
  listing_founder: `select jsonb_build_object('listing', ${slugOf('t.listing_id')}, 'founder', (select slug from founder f where f.id = t.founder_id), 'position', t.position) as line from listing_founder t`,
  vote: `select to_jsonb(t) - array['listing_id', 'user_id'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}, 'user', ${emailOf('t.user_id')}) as line from vote t`,
  follow: `select to_jsonb(t) - array['listing_id', 'user_id'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}, 'user', ${emailOf('t.user_id')}) as line from follow t`,
  review: `select to_jsonb(t) - array['id', 'listing_id', 'user_id', 'updated_at', 'hidden'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}, 'user', ${emailOf('t.user_id')}) as line from review t`,
  domain_rating_snapshot: `select to_jsonb(t) - 'listing_id' || jsonb_build_object('listing', ${slugOf('t.listing_id')}) as line from domain_rating_snapshot t`,
  revenue_figure: `select to_jsonb(t) - 'listing_id' || jsonb_build_object('listing', ${slugOf('t.listing_id')}) as line from revenue_figure t`,
  billboard_contribution: `select to_jsonb(t) - array['id', 'listing_id'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}) as line from billboard_contribution t`,
  listing_update: `select to_jsonb(t) - array['id', 'listing_id', 'followers_mailed', 'hidden', 'request_key'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}) as line from listing_update t`,
  founder_story: `select to_jsonb(t) - array['listing_id', 'founder_id', 'updated_at'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}, 'founder', (select slug from founder f where f.id = t.founder_id)) as line from founder_story t`,
  milestone: `select to_jsonb(t) - array['id', 'listing_id', 'created_at', 'request_key'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}) as line from milestone t`,
  listing_media: `select to_jsonb(t) - array['id', 'listing_id'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}) as line from listing_media t`,
  listing_alternative: `select to_jsonb(t) - array['listing_id', 'alternative_id'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}, 'alternative', ${slugOf('t.alternative_id')}) as line from listing_alternative t`,
  award: `select to_jsonb(t) - array['id', 'site_id', 'listing_id'] || jsonb_build_object('listing', ${slugOf('t.listing_id')}) as line from award t`,
  blog_post: `select to_jsonb(t) - array['id', 'site_id'] as line from blog_post t`,
  interview_question: `select to_jsonb(t) - array['id', 'site_id'] as line from interview_question t`,
  search_listing: `select to_jsonb(t) - array['id', 'site_id', 'category_ids', 'created_at', 'change_xid', 'restricted']
      || jsonb_build_object('listing', ${slugOf('t.id')}, 'categories', ${categorySlugs('t.category_ids')}) as line from search_listing t`,
  search_listing_gone: `select to_jsonb(t) - 'change_xid' as line from search_listing_gone t`,
  search_word: `select to_jsonb(t) as line from search_word t`,
  listing_document: `select jsonb_build_object('listing', ${slugOf('t.listing_id')}, 'stored', t.live_body is not null) as line from listing_document t`,
};

async function fingerprint(app: TestApp): Promise<Record<string, string>> {
  const client = await app.deps.readPool.connect();
  try {
    await client.query(`set timezone = 'UTC'`);
    const hashes: Record<string, string> = {};
    for (const [table, dump] of Object.entries(dumps)) {
      const { rows } = await client.query<{ rows: string; md5: string }>(
        `select count(*) as rows, md5(coalesce(string_agg(line::text, E'\\n' order by line::text collate "C"), '')) as md5 from (${dump}) d`,
      );
      hashes[table] = `${rows[0].rows} ${rows[0].md5}`;
    }
    return hashes;
  } finally {
    client.release();
  }
}

describe('seed fingerprint', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    await app.deps.readPool.query(
      `select setval(pg_get_serial_sequence('listing', 'id'), nextval(pg_get_serial_sequence('listing', 'id')) + $1)`,
      [1 + Math.floor(Math.random() * 9999)],
    );
    await seedCatalogue(app.deps.orm.em.fork(), app.deps.site.id, { listings: 2100, now, seed: 42 });
  });
  afterAll(() => app.close());

  it('writes the same rows as the seeder it replaced, wherever listing ids start (row counts and md5 per table)', async () => {
    expect(await fingerprint(app)).toEqual({
      app_user: '3001 6335bfedefd6e9c62dd7740dba8aafbe',
      award: '90 66f144555704131fd725c14368d5beb6',
      billboard_contribution: '26 ebba06844de780ea74058b60953cb3ba',
      blog_post: '12 416f1a386b562ff3833d8d9e75110d13',
      category: '43 f311070fe8116797c886e519fb1edcaa',
      company: '2100 cd030ceb90e9269ef1b27226667cd12c',
      domain_rating_snapshot: '4494 83fd3b5845143bed3255a8afa6e08512',
      follow: '12701 26a7221a3be146f7e5b6f2f2bc924626',
      founder: '2462 a921ec224fa8f57561f883b409c6c026',
      founder_story: '385 13e25bd36b60da98956e619d921c2817',
      interview_question: '10 2aa9a6797821d702b40e8c5295a47cb6',
      listing: '2100 9c0b81960178d5448056f1c7c3577f39',
      listing_alternative: '180 d1cbcd0142feeec82e9c35ee5fe9f7c2',
      listing_document: '2100 239b7e916c461c367a837df75072c48b',
      listing_founder: '2655 74b0d8267255a538a5419ae2377bd9fa',
      listing_media: '618 f715a189e5e83b95e52fceebf0e68f41',
      listing_update: '754 f7e2dea582b2ac96c8c5b19c31855057',
      milestone: '927 22c3e7ceebe5bca3d62797c3f4ee15a5',
      revenue_figure: '552 72a9e424562aea77f3053028482078f5',
      review: '1017 1bf360adf31347213f3f1a5c20cd9a83',
      search_listing: '2100 59583aed1c3daee817a2d159eb0d7c5d',
      search_listing_gone: '0 d41d8cd98f00b204e9800998ecf8427e',
      search_word: '2075 1e085ced514bc9c6ebcf50d91e4566c7',
      vote: '32245 db4dfbccd6b7c178b5081317f6418d44',
    });
  });
});
