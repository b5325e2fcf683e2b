import { Migration } from '@mikro-orm/migrations';

/**
 * An update and a milestone keep the Idempotency-Key of the request that posted them, so that a
 * retry of a request that died after its commit (its answer never stored) answers them, not a
 * second copy.
 */
export class Migration20261206000000PostRequestKeys extends Migration {
  override up(): void {
    for (const table of ['listing_update', 'milestone']) {
      this.addSql(`alter table ${table} add column request_key varchar(255);`);
      this.addSql(
        `create unique index ${table}_listing_request_key on ${table} (listing_id, request_key) where request_key is not null;`,
      );
    }
  }

  override down(): void {
    this.addSql('alter table listing_update drop column request_key;');
    this.addSql('alter table milestone drop column request_key;');
  }
}
