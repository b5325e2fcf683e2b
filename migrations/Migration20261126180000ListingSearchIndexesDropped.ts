import { Migration } from '@mikro-orm/migrations';

/**
 * Search runs on each api process's index of `search_listing` (see src/catalogue/search-index/),
 * so no statement reads `listing`'s full-text and trigram indexes any more. They still cost every
 * write of a listing row, and a vote writes one (its counter): each vote added the listing's
 * words to their pending lists, and about one vote in three thousand paid for flushing them.
 */
export class Migration20261126180000ListingSearchIndexesDropped extends Migration {
  override up(): void {
    this.addSql('drop index if exists listing_search;');
    this.addSql('drop index if exists listing_name_trgm;');
  }
}
