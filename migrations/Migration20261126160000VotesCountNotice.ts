import { Migration } from '@mikro-orm/migrations';

/** The listing's counters: a change of these alone is announced in batches. */
const counters = `'{vote_count,follower_count,view_count}'::text[]`;

/**
 * A vote (or follow) changes only its listing's counters, and announcing it at once cost each
 * vote a NOTIFY, which PostgreSQL serialises across every committing transaction until its commit
 * is flushed: on launch day votes queued behind each other's disk flush. Such changes still make
 * the listing's document out of date in their own transaction, but are now recorded in
 * `listing_count_change` and announced by the api processes in one notification per interval (see
 * src/platform/listing-changes.ts). Every other change of a listing is announced as before.
 */
export class Migration20261126160000VotesCountNotice extends Migration {
  override up(): void {
    // Unlogged: a crash loses only announcements of counts, and PostgreSQL then restarts, which
    // drops every api process's listener and so every profile it keeps.
    this.addSql('create unlogged table listing_count_change (slug text not null);');
    this.addSql(`create or replace function listing_changed() returns trigger language plpgsql as $$ begin
      if tg_op = 'UPDATE' then
        perform listing_documents_changed(array(select id from changed));
        if exists (select 1 from changed c join gone g using (id) where (to_jsonb(c) - ${counters}) is distinct from (to_jsonb(g) - ${counters})) then
          perform notify_listings_changed((select string_agg(distinct slug, ' ') from (select slug from gone union select slug from changed) s));
        else
          insert into listing_count_change (slug) select slug from changed;
        end if;
      else
        perform notify_listings_changed((select string_agg(distinct slug, ' ') from gone));
      end if;
      return null; end $$;`);
  }
}
