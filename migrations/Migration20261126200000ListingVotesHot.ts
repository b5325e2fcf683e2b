import { Migration } from '@mikro-orm/migrations';

/**
 * A vote rewrites its listing's row (the counters), and with `vote_count` in two of its indexes
 * every such write added an entry to each of the table's indexes. Without them, and with room
 * left on each page, the row is rewritten in place (a HOT update) and no index is touched.
 * The orders by votes over all live listings read the narrow `search_listing` instead, whose row
 * a vote rewrites anyway; its indexes serve them better than the old ones did.
 */
export class Migration20261126200000ListingVotesHot extends Migration {
  override up(): void {
    this.addSql('drop index if exists listing_live_votes;');
    this.addSql('drop index if exists listing_primary_category;');
    this.addSql('alter table listing set (fillfactor = 80);');
    this.addSql("create index search_listing_live_votes on search_listing (site_id, vote_count desc, id) where status = 'live';");
    this.addSql(
      "create index search_listing_primary_category on search_listing (site_id, (category_ids[1]), vote_count desc, id) where status = 'live';",
    );
  }
}
