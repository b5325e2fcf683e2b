import { Migration } from '@mikro-orm/migrations';

/** Tables whose rows appear in a listing's public profile, each naming its listing by `listing_id`. */
const profileParts = [
  'listing_founder',
  'listing_update',
  'review',
  'domain_rating_snapshot',
  'founder_story',
  'milestone',
  'listing_media',
];

/**
 * Every change to what a listing's public profile shows is announced on the `listing_changed`
 * channel once committed, so that each api process drops its copy of that profile at once and may
 * otherwise keep it (see ReadCache). The payload is the changed listings' slugs separated by
 * spaces, or `*` when a change touches them all or the slugs would not fit in one notification.
 * Statement-level triggers: a bulk change sends one notification, not one per row.
 */
export class Migration20261122000000ListingChangeNotify extends Migration {
  override up(): void {
    this.addSql(`create function notify_listings_changed(slugs text) returns void language sql as $$
      select pg_notify('listing_changed', case when octet_length(slugs) > 7000 then '*' else slugs end) where slugs is not null $$;`);
    this.addSql(`create function notify_listing_ids_changed(ids int[]) returns void language sql as $$
      select notify_listings_changed((select string_agg(slug, ' ') from listing where id = any(ids))) $$;`);

    // The listing itself: old and new slugs (a renamed listing drops both).
    this.addSql(`create function listing_changed() returns trigger language plpgsql as $$ begin
      if tg_op = 'UPDATE' then
        perform notify_listings_changed((select string_agg(distinct slug, ' ') from (select slug from gone union select slug from changed) s));
      else
        perform notify_listings_changed((select string_agg(distinct slug, ' ') from gone));
      end if;
      return null; end $$;`);
    this.addSql(`create trigger listing_changed_update after update on listing
      referencing old table as gone new table as changed for each statement execute function listing_changed();`);
    this.addSql(`create trigger listing_changed_delete after delete on listing
      referencing old table as gone for each statement execute function listing_changed();`);

    // Rows shown in a profile, by their listing_id.
    this.addSql(`create function listing_part_changed() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then
        perform notify_listing_ids_changed(array(select listing_id from changed));
      elsif tg_op = 'UPDATE' then
        perform notify_listing_ids_changed(array(select listing_id from changed union select listing_id from gone));
      else
        perform notify_listing_ids_changed(array(select listing_id from gone));
      end if;
      return null; end $$;`);
    for (const table of profileParts) {
      this.addSql(`create trigger ${table}_changed_insert after insert on ${table}
        referencing new table as changed for each statement execute function listing_part_changed();`);
      this.addSql(`create trigger ${table}_changed_update after update on ${table}
        referencing old table as gone new table as changed for each statement execute function listing_part_changed();`);
      this.addSql(`create trigger ${table}_changed_delete after delete on ${table}
        referencing old table as gone for each statement execute function listing_part_changed();`);
    }

    // A founder's name, title or country shows on the profiles of their listings, and their slug on
    // the stories they wrote.
    this.addSql(`create function founder_changed() returns trigger language plpgsql as $$ begin
      perform notify_listing_ids_changed(array(
        select listing_id from listing_founder where founder_id in (select id from changed)
        union select listing_id from founder_story where founder_id in (select id from changed)));
      return null; end $$;`);
    this.addSql(`create trigger founder_changed_update after update on founder
      referencing new table as changed for each statement execute function founder_changed();`);

    // Category names show on every profile of their listings, and a truncate names no rows: rare,
    // so all of them.
    this.addSql(`create function all_listings_changed() returns trigger language plpgsql as $$ begin
      perform pg_notify('listing_changed', '*');
      return null; end $$;`);
    this.addSql(`create trigger category_changed after update or delete or truncate on category
      for each statement execute function all_listings_changed();`);
    for (const table of ['listing', 'founder', ...profileParts]) {
      this.addSql(
        `create trigger ${table}_truncated after truncate on ${table} for each statement execute function all_listings_changed();`,
      );
    }
  }
}
