import { Migration } from '@mikro-orm/migrations';

/**
 * Browsing with a stage, country or pricing-model filter matches thousands of listings. These
 * indexes carry every column such a browse filters and sorts on, so PostgreSQL answers it with an
 * index-only scan (a few hundred small index pages) instead of visiting nearly every page of
 * `search_listing`. They replace the single-column indexes on the same filters.
 */
export class Migration20261121910000SearchFilterIndexes extends Migration {
  override up(): void {
    for (const column of ['stage', 'country', 'pricing_model']) {
      this.addSql(`drop index if exists search_listing_${column};`);
      this.addSql(`create index search_listing_${column}_browse on search_listing (${column}, site_id, status)
        include (id, vote_count, launched_at, launch_week, created_at, view_count, follower_count);`);
    }
    this.addSql('analyze search_listing;');
  }
}
