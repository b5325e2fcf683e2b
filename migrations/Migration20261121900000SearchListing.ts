import { Migration } from '@mikro-orm/migrations';

/** What search filters, matches and sorts on, copied from the listing row. */
const searchColumns = `id, site_id, status, launch_week, lower(stage), country, lower(pricing_model), domain, category_ids,
  vote_count, follower_count, view_count, launched_at, created_at, immutable_unaccent(lower(name)),
  to_tsvector('simple', immutable_unaccent(name)), title_vector, search_vector`;

/**
 * A narrow copy of the listing columns that search filters, matches and sorts on, so that a
 * search reads a few small rows instead of the wide listing rows (descriptions, FAQs, SEO...):
 * picking the page of a query that matches thousands of listings reads megabytes less. The full
 * search vector is stored out of line (only the GIN index needs it); the short name and title
 * vectors that ranking reads stay in the row. Statement-level triggers keep it in step with `listing`, for
 * one row or a bulk load alike; deleting a listing deletes its row.
 */
export class Migration20261121900000SearchListing extends Migration {
  override up(): void {
    this.addSql(`create table search_listing (
      id int primary key references listing (id) on delete cascade,
      site_id int not null,
      status varchar(20) not null,
      launch_week date,
      stage varchar(40),
      country char(2),
      pricing_model varchar(40),
      domain varchar(253),
      category_ids int[] not null,
      vote_count int not null,
      follower_count int not null,
      view_count int not null,
      launched_at timestamptz,
      created_at timestamptz not null,
      name_key text not null,
      name_vector tsvector not null,
      title_vector tsvector not null,
      search_vector tsvector not null
    ) with (toast_tuple_target = 128);`);
    // Rows over 128 bytes move the search vector out of line; every other value stays in the row.
    this.addSql(`alter table search_listing alter column search_vector set storage external,
      ${['status', 'stage', 'country', 'pricing_model', 'domain', 'category_ids', 'name_key', 'name_vector', 'title_vector'].map((c) => `alter column ${c} set storage main`).join(', ')};`);
    this.addSql(`insert into search_listing select ${searchColumns} from listing;`);
    this.addSql('create index search_listing_vector on search_listing using gin (search_vector);');
    this.addSql('create index search_listing_categories on search_listing using gin (category_ids);');
    this.addSql('create index search_listing_votes on search_listing (site_id, status, vote_count desc, id);');
    for (const column of ['stage', 'country', 'pricing_model', 'domain', 'launch_week']) {
      this.addSql(`create index search_listing_${column} on search_listing (${column});`);
    }
    this.addSql(`create function search_listing_copy() returns trigger language plpgsql as $$ begin
      insert into search_listing select ${searchColumns} from changed
      on conflict (id) do update set (site_id, status, launch_week, stage, country, pricing_model, domain, category_ids,
        vote_count, follower_count, view_count, launched_at, created_at, name_key, name_vector, title_vector, search_vector)
        = (excluded.site_id, excluded.status, excluded.launch_week, excluded.stage, excluded.country, excluded.pricing_model,
           excluded.domain, excluded.category_ids, excluded.vote_count, excluded.follower_count, excluded.view_count,
           excluded.launched_at, excluded.created_at, excluded.name_key, excluded.name_vector, excluded.title_vector,
           excluded.search_vector);
      return null;
    end $$;`);
    for (const event of ['insert', 'update']) {
      this.addSql(`create trigger search_listing_${event} after ${event} on listing
        referencing new table as changed for each statement execute function search_listing_copy();`);
    }
  }
}
