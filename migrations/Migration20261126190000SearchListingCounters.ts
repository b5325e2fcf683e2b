import { Migration } from '@mikro-orm/migrations';

/** The listing columns search copies or derives its row from, but the counters. */
const copied = [
  'site_id',
  'status',
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

/** Whether listing row `c` differs from `g` in nothing search copies but the counters. */
const unchangedBut = (c: string, g: string) =>
  `(${copied.map((k) => `${c}.${k}`).join(', ')}) is not distinct from (${copied.map((k) => `${g}.${k}`).join(', ')})`;

/** The `search_listing` row of a listing row `c`, as Migration20261125600000SearchIndexSync copies it. */
const searchColumns = `c.id, c.site_id, c.status, c.launch_week, lower(c.stage), c.country, lower(c.pricing_model), c.domain,
  c.category_ids, c.vote_count, c.follower_count, c.view_count, c.launched_at, c.created_at, immutable_unaccent(lower(c.name)),
  to_tsvector('simple', immutable_unaccent(c.name)), c.title_vector, c.search_vector, pg_current_xact_id()`;

/**
 * A vote changes its listing's counter, and the update trigger copied the whole listing row to
 * `search_listing` again: the name's vector computed anew and the full search vector written out of
 * line once more, about a third of what a vote cost PostgreSQL. An update that changed nothing
 * search copies but the counters now sets those (and the writer the in-memory index looks for);
 * any other update, or a listing without its row, is copied whole as before.
 */
export class Migration20261126190000SearchListingCounters extends Migration {
  override up(): void {
    this.addSql(`create function search_listing_update_copy() returns trigger language plpgsql as $$ begin
      update search_listing s set vote_count = c.vote_count, follower_count = c.follower_count, view_count = c.view_count,
          change_xid = pg_current_xact_id()
        from changed c join gone g using (id)
        where s.id = c.id and ${unchangedBut('c', 'g')};
      insert into search_listing select ${searchColumns} from changed c join gone g using (id)
        where not (${unchangedBut('c', 'g')}) or not exists (select 1 from search_listing s where s.id = c.id)
      on conflict (id) do update set (site_id, status, launch_week, stage, country, pricing_model, domain, category_ids,
        vote_count, follower_count, view_count, launched_at, created_at, name_key, name_vector, title_vector, search_vector,
        change_xid)
        = (excluded.site_id, excluded.status, excluded.launch_week, excluded.stage, excluded.country, excluded.pricing_model,
           excluded.domain, excluded.category_ids, excluded.vote_count, excluded.follower_count, excluded.view_count,
           excluded.launched_at, excluded.created_at, excluded.name_key, excluded.name_vector, excluded.title_vector,
           excluded.search_vector, excluded.change_xid);
      return null;
    end $$;`);
    this.addSql('drop trigger search_listing_update on listing;');
    this.addSql(`create trigger search_listing_update after update on listing
      referencing old table as gone new table as changed for each statement execute function search_listing_update_copy();`);
  }
}
