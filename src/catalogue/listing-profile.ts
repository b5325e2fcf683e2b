import type { EntityManager } from '@mikro-orm/postgresql';
import type { Alternatives, ListingProfile, ListingSummary } from './schemas.js';
import { ratingTrend, unlockedSections, type RatingPoint } from '../domain/listing-facts.js';
import { discountReasons } from '../domain/vote-rules.js';
import { notFound } from '../errors.js';
import { visitUrl } from '../domain/analytics.js';
import { prepared, query, sql, type ReadPool } from '../platform/sql.js';
import { JsonText } from '../platform/json-text.js';
import { isPublic, listingUrl, summaryJson, withUrl, unrestricted, type Summary } from './sql.js';

/**
 * The public vote ledger: every vote cast, how many count, why the others do not; never who. Its
 * numbers are kept on the listing by the vote trigger, so a read never aggregates its votes.
 */
const voteLedgerJson = sql.raw(`json_build_object(
    'cast', l.vote_count + ${discountReasons.map((r) => `l.votes_${r}`).join(' + ')}, 'counted', l.vote_count,
    'discounted', json_build_object(${discountReasons.map((r) => `'${r}', l.votes_${r}`).join(', ')}),
    'reviewed_at', iso_utc(l.votes_reviewed_at))`);

/**
 * Everything about a listing a profile shows, as the select list of one statement over `listing l`:
 * the public profile reads it for a visible listing, the owner view for any of the owner's. The
 * owner sees the founder story before it is published.
 */
export const profileColumns = (audience: 'public' | 'owner') => sql`${summaryJson} as summary,
  json_build_object(
    'short_description', l.short_description, 'description', l.description,
    'headline', l.headline, 'summary', l.summary,
    'features', l.features, 'usps', l.usps, 'keywords', l.keywords, 'tags', l.tags,
    'pricing', json_build_object('model', l.pricing_model, 'summary', l.pricing_summary),
    'categories', (select coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'primary', c.id = l.category_ids[1])
        order by array_position(l.category_ids, c.id)), '[]') from category c where c.id = any(l.category_ids)),
    'founders', (select coalesce(json_agg(json_build_object('slug', f.slug, 'name', f.name, 'title', f.title, 'country', f.country)
        order by lf.position), '[]') from listing_founder lf join founder f on f.id = lf.founder_id where lf.listing_id = l.id),
    'faqs', l.faqs, 'socials', l.socials,
    'links', json_build_object('website', l.website_url, 'demo_video', l.demo_video_url, 'contact_email', l.contact_email),
    'city', l.city, 'founded_year', l.founded_year, 'plan', l.plan,
    'latest_updates', (select coalesce(json_agg(u), '[]') from (select title, body, iso_utc(created_at) as posted_at
        from listing_update where listing_id = l.id and not hidden order by created_at desc limit 5) u),
    'awards', (select coalesce(json_agg(json_build_object('title', 'Launch of the Week #' || a.rank, 'week', a.week, 'rank', a.rank)
        order by a.week desc, a.rank), '[]') from award a where a.listing_id = l.id),
    'community_rating', (select json_build_object('average', round(avg(r.rating), 2), 'count', count(*), 'rule', 'genuine reviews only: one per person, the owner''s and flagged reviews excluded')
        from review r where r.listing_id = l.id and not r.flagged and not r.hidden and r.user_id is distinct from l.owner_id),
    'vote_ledger', ${voteLedgerJson},
    'not_found_on_website', l.not_found_on_website,
    'seo', json_build_object('title', l.seo_title, 'description', l.seo_description)
  ) as profile,
  l.plan, l.unlocked_sections as unlocked, l.domain_rating, l.domain_rating_on,
  (select coalesce(json_agg(json_build_object('date', d.measured_on, 'value', d.value) order by d.measured_on), '[]')
     from (select measured_on, value from domain_rating_snapshot where listing_id = l.id order by measured_on desc limit 12) d) as rating_points,
  (select json_build_object('founder', (select f.slug from founder f where f.id = s.founder_id), 'sections', s.sections, 'published_at', iso_utc(s.published_at))
     from founder_story s where s.listing_id = l.id and ${audience === 'owner' ? sql`true` : sql`s.published_at is not null`}) as story,
  (select coalesce(json_agg(json_build_object('id', m.id, 'date', m.date, 'title', m.title, 'description', m.description, 'url', m.url)
     order by m.date desc, m.id desc), '[]') from milestone m where m.listing_id = l.id) as milestones,
  (select coalesce(json_agg(json_build_object('kind', x.kind, 'url', x.url, 'caption', x.caption) order by x.position, x.id), '[]')
     from listing_media x where x.listing_id = l.id) as media`;

/** What votes, follows and views change: read with the document, never kept in its text. */
type LiveNumbers = Pick<ListingProfile, 'votes' | 'followers' | 'views' | 'vote_ledger'>;
const liveKeys: ReadonlySet<string> = new Set<keyof LiveNumbers>(['votes', 'followers', 'views', 'vote_ledger']);

/**
 * Where a live number stands in a stored document: the string NUL + its key. PostgreSQL's text and
 * jsonb cannot hold NUL, so no value of a listing serializes to `"\u0000`; the holes keep the
 * profile's key order without naming its neighbours.
 */
const liveHole = (key: string) => `\u0000${key}`;
const liveHoles = /"\\u0000(votes|followers|views|vote_ledger)"/g;

/** A listing's stored document (`listing_document`; null when none is current) and its live numbers. */
interface DocumentRow extends LiveNumbers {
  document: string | null;
  website: string | null;
}

/** A public listing's `DocumentRow`, by its slug. */
const documentSql = (siteId: number, slug: string) =>
  sql<DocumentRow>`select (select d.live_body from listing_document d where d.listing_id = l.id) as document, l.website_url as website,
    l.vote_count as votes, l.follower_count as followers, l.view_count as views, ${voteLedgerJson} as vote_ledger
    from listing l where l.site_id = ${siteId} and l.slug = ${slug} and ${isPublic}`;

/** The profile built from its rows, with the document version it is true for (same snapshot). */
const profileSql = (siteId: number, slug: string) =>
  sql<ProfileRow & { listing_id: number; document_version: string }>`select ${profileColumns('public')}, l.id as listing_id,
    coalesce((select d.version from listing_document d where d.listing_id = l.id), 0) as document_version
    from listing l where l.site_id = ${siteId} and l.slug = ${slug} and ${isPublic}`;

/**
 * Keeps a listing's document only if the listing is still at the version the document was built
 * from: a change committed meanwhile raised it (or, on a listing without a row yet, added one).
 */
export async function storeListingDocument(pool: ReadPool, listingId: number, version: string, body: string): Promise<void> {
  await prepared(
    pool,
    sql`insert into listing_document (listing_id, version, live_body) values (${listingId}, ${version}, ${body})
      on conflict (listing_id) do update set live_body = excluded.live_body where listing_document.version = excluded.version`,
  );
}

/** What `profileSql` builds in PostgreSQL; the rest of the profile is added here. */
export type ProfileJson = Omit<
  ListingProfile,
  keyof ListingSummary | 'domain_rating' | 'unlocked_sections' | 'story' | 'milestones' | 'media'
>;

export interface ProfileRow {
  summary: Summary;
  profile: ProfileJson;
  plan: string;
  unlocked: string[];
  domain_rating: number | null;
  domain_rating_on: string | null;
  rating_points: RatingPoint[];
  story: ListingProfile['story'];
  milestones: NonNullable<ListingProfile['milestones']>;
  media: NonNullable<ListingProfile['media']>;
}

/**
 * The public profile as JSON text: its document when current, else built from its rows and kept
 * as its document, with the live numbers of the same statement. Paid-only sections (story,
 * milestones, media) only when unlocked.
 */
export async function getListingProfile(
  pool: ReadPool,
  siteId: number,
  publicUrl: string,
  slug: string,
): Promise<JsonText<ListingProfile>> {
  const [stored] = await prepared(pool, documentSql(siteId, slug));
  if (!stored) throw notFound(`Listing ${slug}`);
  const addresses = { url: listingUrl(publicUrl, slug), visit_url: visitUrl(publicUrl, slug, stored.website) };
  if (stored.document !== null) return withLiveNumbers(addresses, stored.document, stored);
  const [row] = await prepared(pool, profileSql(siteId, slug));
  if (!row) throw notFound(`Listing ${slug}`);
  const profile = completeProfile(Object.assign({}, row.summary), row);
  const document = JSON.stringify(profile, function (this: unknown, key: string, value: unknown) {
    return this === profile && liveKeys.has(key) ? liveHole(key) : value;
  });
  await storeListingDocument(pool, row.listing_id, row.document_version, document);
  return withLiveNumbers(addresses, document, profile);
}

/**
 * A document as get_listing sends it: `url` and `visit_url` first (the fields that depend on the
 * configured origin, so never stored), then the document with its live numbers in their holes (see
 * `liveHole`).
 */
function withLiveNumbers(
  addresses: Pick<ListingProfile, 'url' | 'visit_url'>,
  document: string,
  live: LiveNumbers,
): JsonText<ListingProfile> {
  const filled = document.replace(liveHoles, (_, key: keyof LiveNumbers) => JSON.stringify(live[key]));
  return new JsonText<ListingProfile>(`${JSON.stringify(addresses).slice(0, -1)},${filled.slice(1)}`);
}

/** The profile a row of `profileColumns` makes, as a visitor sees it. */
export function profileOf(row: ProfileRow, publicUrl: string): ListingProfile {
  return completeProfile(withUrl(row.summary, publicUrl), row);
}

/**
 * Adds the rest of a row's profile to its summary, in place. With Object.assign, not an object
 * literal that starts with a spread: on Node 20 such a literal over parsed JSON gets new hidden
 * classes each time, which pile up in the old generation and slow every young-generation pass.
 */
function completeProfile<S extends object>(summary: S, row: ProfileRow): S & Omit<ListingProfile, keyof ListingSummary> {
  const unlocked = unlockedSections(row.plan, row.unlocked);
  const paid: Pick<ListingProfile, 'story' | 'milestones' | 'media'> = {};
  if (unlocked.includes('story')) paid.story = row.story;
  if (unlocked.includes('milestones')) paid.milestones = row.milestones;
  if (unlocked.includes('media')) paid.media = row.media;
  const trend = ratingTrend(row.rating_points);
  const domainRating: ListingProfile['domain_rating'] =
    row.domain_rating === null
      ? null
      : {
          value: row.domain_rating,
          measured_on: row.domain_rating_on,
          source: 'third-party metric, not a community signal',
          trend: { direction: trend.direction, change: trend.change, points: row.rating_points },
        };
  return Object.assign(summary, row.profile, { domain_rating: domainRating, unlocked_sections: unlocked }, paid);
}

/** Owner-approved alternatives first, then other live listings of the same primary category. */
export async function getAlternatives(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  slug: string,
  limit = 20,
): Promise<Alternatives> {
  const [listing] = await query(
    em,
    sql<{
      id: number;
      primary_category: number | null;
      name: string;
    }>`select l.id, l.category_ids[1] as primary_category, l.name from listing l
     where l.site_id = ${siteId} and l.slug = ${slug} and ${isPublic}`,
  );
  if (!listing) throw notFound(`Listing ${slug}`);
  // The same-category part walks the narrow copy's votes index (a vote must not touch listing's indexes).
  const rows = await query(
    em,
    sql<{
      item: Summary;
      approved: boolean;
    }>`(select ${summaryJson} as item, true as approved, a.position as p1, 0 as p2 from listing_alternative a join listing l on l.id = a.alternative_id
        where a.listing_id = ${listing.id} and a.approved and l.status = 'live' and ${unrestricted} order by a.position limit ${limit})
     union all
     (select ${summaryJson}, false, 0, s.vote_count from search_listing s join listing l on l.id = s.id
        where s.site_id = ${siteId} and s.status = 'live' and s.category_ids[1] = ${listing.primary_category} and s.id <> ${listing.id}
          and s.id not in (select alternative_id from listing_alternative where listing_id = ${listing.id} and approved)
        order by s.vote_count desc, s.id limit ${limit})`,
  );
  const items = rows
    .sort((x, y) => Number(y.approved) - Number(x.approved))
    .slice(0, limit)
    .map((r) => ({ ...withUrl(r.item, publicUrl), approved: r.approved }));
  return { listing: { slug, name: listing.name }, items };
}
