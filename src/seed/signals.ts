import { milestoneTitles, reviewTexts, updateTitles } from './vocabulary.js';
import { sql, type Sql } from '../platform/sql.js';
import { isPublic } from '../catalogue/sql.js';
import { discountReasons } from '../domain/vote-rules.js';

/** The tables the signals fill, loaded in bulk (see bulkLoad). */
export const signalTables = [
  'vote',
  'follow',
  'review',
  'domain_rating_snapshot',
  'revenue_figure',
  'billboard_contribution',
  'listing_update',
  'founder_story',
  'milestone',
  'listing_media',
];

/**
 * What the signal tables' triggers would have left on each listing (temp table seed_target):
 * columns `listing_id` and the counters, read from the signals written before the listings, so
 * that each listing is written once, counters and all.
 */
export const listingCounters = sql`select t.listing_id, coalesce(v.n, 0) as vote_count,
   ${sql.raw(discountReasons.map((r) => `coalesce(v.${r}, 0) as votes_${r}`).join(', '))}, coalesce(f.n, 0) as follower_count,
   d.value as domain_rating, d.measured_on as domain_rating_on, r.amount_cents as monthly_revenue_cents, r.month as revenue_month,
   coalesce(b.cents, 0) as billboard_cents
 from seed_target t
   left join (select listing_id, count(*) filter (where discount_reason is null) as n,
       ${sql.raw(discountReasons.map((r) => `count(*) filter (where discount_reason = '${r}') as ${r}`).join(', '))}
     from vote group by listing_id) v using (listing_id)
   left join (select listing_id, count(*) as n from follow group by listing_id) f using (listing_id)
   left join (select distinct on (listing_id) listing_id, value, measured_on from domain_rating_snapshot order by listing_id, measured_on desc) d
     using (listing_id)
   left join (select distinct on (listing_id) listing_id, amount_cents, month from revenue_figure order by listing_id, month desc) r
     using (listing_id)
   left join (select listing_id, sum(amount_cents) as cents from billboard_contribution group by listing_id) b using (listing_id)`;

/**
 * Two approved alternatives for some listings: the most voted of the same primary category. The
 * top three of each category are ranked once, in one sort of the live listings, since a listing
 * may be among them itself; `listing` has no vote-count index (a vote's update stays HOT).
 */
export function alternatives(siteId: number): Sql {
  return sql`insert into listing_alternative (listing_id, alternative_id, approved, position)
   select listing_id, alternative_id, true, position from (
     select l.id as listing_id, top.id as alternative_id,
       row_number() over (partition by l.id order by top.place) as position
     from seed_target t join listing l on l.id = t.listing_id
     join (select id, category_id, place from (
         select id, category_ids[1] as category_id,
           row_number() over (partition by category_ids[1] order by vote_count desc, id) as place
         from listing where site_id = ${siteId} and status = 'live') ranked
       where place <= 3) top on top.category_id = l.category_ids[1] and top.id <> l.id
     where l.status = 'live' and t.nth % 20 = 0) picked
   where position <= 2`;
}

/**
 * Community signals and metrics of the demo catalogue, in set-based statements over the listings
 * being seeded (temp tables seed_user and seed_target). Arithmetic on each listing's place in the
 * generator (`nth`, from 1), never on its id, keeps it the same wherever the ids start; a voter is
 * seed_user (nth * 7919 + k * 104729) mod the prime user count, so no one votes twice. The signals
 * that the listing counts come first and read seed_target alone, as the listings are not written
 * yet (see listingCounters); the others come after them. Each is named for the step that reports
 * its time.
 */
export function signalStatements(at: string, users: number): Record<'counted' | 'others', Array<[string, Sql]>> {
  const counted: Array<[string, Sql]> = [
    [
      'votes',
      sql`insert into vote (listing_id, user_id, created_at)
       select t.listing_id, u.id, least(${at}::timestamptz, t.launched_at + ((k * 37 + t.nth) % 200) * interval '1 hour')
       from seed_target t cross join generate_series(1, t.votes) k
       join seed_user u on u.n = (t.nth::bigint * 7919 + k * 104729) % ${users}
       where t.launched_at is not null`,
    ],
    [
      'follows',
      sql`insert into follow (listing_id, user_id, created_at)
       select t.listing_id, u.id, ${at}::timestamptz - ((k * 13 + t.nth) % 900) * interval '1 hour'
       from seed_target t cross join generate_series(1, t.followers) k
       join seed_user u on u.n = (t.nth::bigint * 6151 + k * 7727) % ${users}`,
    ],
    [
      'Domain Rating snapshots',
      sql`insert into domain_rating_snapshot (listing_id, measured_on, value)
       select t.listing_id, (date_trunc('month', ${at}::timestamptz) - m * interval '1 month')::date,
         least(100, greatest(0, 5 + t.nth % 60 + (6 - m) * (t.nth % 5 - 1)))
       from seed_target t cross join generate_series(0, 5) m
       where t.status = 'live' and t.nth % 5 < 2`,
    ],
    [
      'revenue figures',
      sql`insert into revenue_figure (listing_id, month, amount_cents)
       select t.listing_id, (date_trunc('month', ${at}::timestamptz) - m * interval '1 month')::date, ((t.nth % 97 + 1) * 10000 * (10 - m)) / 10
       from seed_target t cross join generate_series(1, 3) m
       where t.status = 'live' and t.nth % 10 = 3`,
    ],
    [
      'billboard contributions',
      sql`insert into billboard_contribution (listing_id, amount_cents, created_at)
       select t.listing_id, (1 + (t.nth + k) % 20) * 1000, ${at}::timestamptz - k * interval '3 days'
       from seed_target t cross join generate_series(1, 1 + t.nth % 3) k
       where t.status = 'live' and t.nth % 150 = 7`,
    ],
  ];
  const others: Array<[string, Sql]> = [
    // Voters review some listings; a few reviews are flagged, and some owners review themselves:
    // neither counts towards the community rating.
    [
      'reviews',
      sql`insert into review (listing_id, user_id, rating, body, flagged, created_at)
       select t.listing_id, u.id, 3 + (t.nth + k) % 3, (${sql.json(reviewTexts)}::json ->> ((t.nth + k) % ${reviewTexts.length})::int), (t.nth + k) % 23 = 0,
         least(${at}::timestamptz, l.launched_at + k * interval '1 day')
       from seed_target t join listing l on l.id = t.listing_id cross join generate_series(1, 1 + t.nth % 4) k
       join seed_user u on u.n = (t.nth::bigint * 7919 + k * 104729) % ${users}
       where t.nth % 5 = 0 and l.status = 'live'`,
    ],
    [
      'owner reviews',
      sql`insert into review (listing_id, user_id, rating, body, created_at)
       select l.id, l.owner_id, 5, 'Our own product, and we love it.', l.launched_at from seed_target t join listing l on l.id = t.listing_id
       where l.owner_id is not null and l.status = 'live' and t.nth % 7 = 0 on conflict do nothing`,
    ],
    [
      'updates',
      sql`insert into listing_update (listing_id, title, body, created_at)
       select t.listing_id, (${sql.json(updateTitles)}::json ->> ((t.nth + k) % ${updateTitles.length})::int), 'We shipped this based on your feedback. Thank you for following along.',
         least(${at}::timestamptz, l.launched_at + k * interval '5 days')
       from seed_target t join listing l on l.id = t.listing_id cross join generate_series(1, 1 + t.nth % 3) k
       where l.status = 'live' and t.nth % 5 = 1`,
    ],
    // Story, milestones and media for paid listings and those that unlocked them.
    [
      'founder stories',
      sql`insert into founder_story (listing_id, founder_id, sections, published_at)
       select l.id, (select founder_id from listing_founder lf where lf.listing_id = l.id order by position limit 1),
         json_build_object('title', 'How ' || l.name || ' started',
           'why_started', 'We kept running into the same problem at work and no tool solved it for ' || l.tagline || '.',
           'journey', 'We built the first version in a month and showed it to twenty people who had the problem.',
           'lessons', 'Talk to users every week; ship small changes often.'),
         least(${at}::timestamptz, l.launched_at)
       from seed_target t join listing l on l.id = t.listing_id
       where ${isPublic} and (l.plan = 'paid' or 'story' = any(l.unlocked_sections))`,
    ],
    [
      'milestones',
      sql`insert into milestone (listing_id, date, title, description)
       select l.id, (coalesce(l.launched_at, ${at}::timestamptz) - (4 - k) * interval '60 days')::date, (${sql.json(milestoneTitles)}::json ->> ((t.nth + k) % ${milestoneTitles.length})::int), 'A step along the way.'
       from seed_target t join listing l on l.id = t.listing_id cross join generate_series(1, 3) k
       where l.plan = 'paid' and ${isPublic}`,
    ],
    [
      'media',
      sql`insert into listing_media (listing_id, kind, url, caption, position)
       select l.id, 'image', l.website_url || '/screenshot-' || k || '.png', 'Screenshot ' || k, k
       from seed_target t join listing l on l.id = t.listing_id cross join generate_series(1, 2) k
       where l.plan = 'paid' and ${isPublic}`,
    ],
  ];
  return { counted, others };
}
