import { Migration } from '@mikro-orm/migrations';

/** What search filters, matches and sorts on, copied from the listing row (as before), then the writer. */
const searchColumns = `id, site_id, status, launch_week, lower(stage), country, lower(pricing_model), domain, category_ids,
  vote_count, follower_count, view_count, launched_at, created_at, immutable_unaccent(lower(name)),
  to_tsvector('simple', immutable_unaccent(name)), title_vector, search_vector, pg_current_xact_id()`;

/**
 * Search now runs on an index each api process keeps in memory (src/catalogue/search-index), read
 * from `search_listing` once and then kept in step: before each search the process asks for the rows
 * written since the snapshot it last saw. Each row records the transaction that wrote it
 * (`change_xid`), and a deleted row leaves its id in `search_listing_gone`, so that question is two
 * index lookups. The indexes PostgreSQL searched with (and the trigram indexes of the typo step,
 * which now runs in memory too) are dropped: no statement reads them any more, and each vote
 * rewrote the former.
 */
export class Migration20261125600000SearchIndexSync extends Migration {
  override up(): void {
    this.addSql(`alter table search_listing add column change_xid xid8 not null default '0';`);
    this.addSql('create index search_listing_change on search_listing (change_xid);');
    this.addSql(`create table search_listing_gone (id int not null, change_xid xid8 not null);`);
    this.addSql('create index search_listing_gone_change on search_listing_gone (change_xid);');
    this.addSql(`create or replace function search_listing_copy() returns trigger language plpgsql as $$ begin
      insert into search_listing select ${searchColumns} from changed
      on conflict (id) do update set (site_id, status, launch_week, stage, country, pricing_model, domain, category_ids,
        vote_count, follower_count, view_count, launched_at, created_at, name_key, name_vector, title_vector, search_vector,
        change_xid)
        = (excluded.site_id, excluded.status, excluded.launch_week, excluded.stage, excluded.country, excluded.pricing_model,
           excluded.domain, excluded.category_ids, excluded.vote_count, excluded.follower_count, excluded.view_count,
           excluded.launched_at, excluded.created_at, excluded.name_key, excluded.name_vector, excluded.title_vector,
           excluded.search_vector, excluded.change_xid);
      return null;
    end $$;`);
    this.addSql(`create function search_listing_removed() returns trigger language plpgsql as $$ begin
      insert into search_listing_gone select id, pg_current_xact_id() from gone;
      return null;
    end $$;`);
    this.addSql(`create trigger search_listing_removed after delete on search_listing
      referencing old table as gone for each statement execute function search_listing_removed();`);
    for (const index of [
      'vector',
      'categories',
      'votes',
      'stage_browse',
      'country_browse',
      'pricing_model_browse',
      'domain',
      'launch_week',
    ]) {
      this.addSql(`drop index if exists search_listing_${index};`);
    }
    this.addSql('drop index if exists search_word_trgm;');
    this.addSql('drop index if exists search_word_trgm_words;');
  }
}
