import { Migration } from '@mikro-orm/migrations';

/**
 * A listing's public profile kept as the JSON text get_listing sends (`listing_document`), so that
 * a read is one index lookup instead of a dozen subqueries and no JSON is built or parsed per
 * request. The text is written by the api on the first read after a change (see
 * src/catalogue/listing-profile.ts) and is never served stale: every change that a profile shows
 * already passes through the functions of ListingChangeNotify, and these now also raise the
 * listing's `version` and drop its text in the same transaction. The api stores a text only under
 * the version it read the profile at, so a text built from data that changed meanwhile is refused.
 * A listing without a row is at version 0.
 */
export class Migration20261125700000ListingDocument extends Migration {
  override up(): void {
    this.addSql(`create table listing_document (
      listing_id int primary key references listing (id) on delete cascade,
      version bigint not null default 0,
      body text
    );`);
    // Only listings that still exist: a listing's deletion cascades to its parts, whose triggers name it.
    this.addSql(`create function listing_documents_changed(ids int[]) returns void language sql as $$
      insert into listing_document (listing_id, version)
        select id, 1 from listing where id = any(ids) order by id
      on conflict (listing_id) do update set version = listing_document.version + 1, body = null $$;`);

    this.addSql(`create or replace function notify_listing_ids_changed(ids int[]) returns void language plpgsql as $$ begin
      perform listing_documents_changed(ids);
      perform notify_listings_changed((select string_agg(slug, ' ') from listing where id = any(ids)));
    end $$;`);
    this.addSql(`create or replace function listing_changed() returns trigger language plpgsql as $$ begin
      if tg_op = 'UPDATE' then
        perform listing_documents_changed(array(select id from changed));
        perform notify_listings_changed((select string_agg(distinct slug, ' ') from (select slug from gone union select slug from changed) s));
      else
        perform notify_listings_changed((select string_agg(distinct slug, ' ') from gone));
      end if;
      return null; end $$;`);
    this.addSql(`create or replace function all_listings_changed() returns trigger language plpgsql as $$ begin
      update listing_document set version = version + 1, body = null;
      perform pg_notify('listing_changed', '*');
      return null; end $$;`);
  }
}
