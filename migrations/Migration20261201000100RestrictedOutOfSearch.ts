import { Migration } from '@mikro-orm/migrations';

/** The listing columns search copies or derives its row from, but the counters (restricted now among them). */
const copied = [
  'site_id',
  'status',
  'restricted',
  'launch_week',
  'stage',
  'country',
  'pricing_model',
  'domain',
  'category_ids',
  'launched_at',
  'created_at',
  'name',
  'title_vector',
  'search_vector',
];

const unchangedBut = (c: string, g: string) =>
  `(${copied.map((k) => `${c}.${k}`).join(', ')}) is not distinct from (${copied.map((k) => `${g}.${k}`).join(', ')})`;

/** As Migration20261126190000SearchListingCounters copies a row, but a restricted listing's status reads `restricted`. */
const searchColumns = `c.id, c.site_id, case when c.restricted then 'restricted' else c.status end, c.launch_week, lower(c.stage),
  c.country, lower(c.pricing_model), c.domain, c.category_ids, c.vote_count, c.follower_count, c.view_count, c.launched_at,
  c.created_at, immutable_unaccent(lower(c.name)), to_tsvector('simple', immutable_unaccent(c.name)), c.title_vector,
  c.search_vector, pg_current_xact_id()`;

const upsert = `on conflict (id) do update set (site_id, status, launch_week, stage, country, pricing_model, domain, category_ids,
        vote_count, follower_count, view_count, launched_at, created_at, name_key, name_vector, title_vector, search_vector,
        change_xid)
        = (excluded.site_id, excluded.status, excluded.launch_week, excluded.stage, excluded.country, excluded.pricing_model,
           excluded.domain, excluded.category_ids, excluded.vote_count, excluded.follower_count, excluded.view_count,
           excluded.launched_at, excluded.created_at, excluded.name_key, excluded.name_vector, excluded.title_vector,
           excluded.search_vector, excluded.change_xid)`;

/**
 * A restricted listing (a moderation decision) keeps its page but leaves search and the category
 * pages, which read `search_listing`: its row there carries the status `restricted`, which no
 * search asks for, so the in-memory index drops it at its next sync like any status change.
 */
export class Migration20261201000100RestrictedOutOfSearch extends Migration {
  override up(): void {
    this.addSql(`create or replace function search_listing_copy() returns trigger language plpgsql as $$ begin
      insert into search_listing select ${searchColumns} from changed c
      ${upsert};
      return null;
    end $$;`);
    this.addSql(`create or replace function search_listing_update_copy() returns trigger language plpgsql as $$ begin
      update search_listing s set vote_count = c.vote_count, follower_count = c.follower_count, view_count = c.view_count,
          change_xid = pg_current_xact_id()
        from changed c join gone g using (id)
        where s.id = c.id and ${unchangedBut('c', 'g')};
      insert into search_listing select ${searchColumns} from changed c join gone g using (id)
        where not (${unchangedBut('c', 'g')}) or not exists (select 1 from search_listing s where s.id = c.id)
      ${upsert};
      return null;
    end $$;`);
  }
}
