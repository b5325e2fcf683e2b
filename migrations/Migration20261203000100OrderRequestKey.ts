import { Migration } from '@mikro-orm/migrations';

/**
 * An order keeps the Idempotency-Key of the create_checkout that built it, so that a retry of a
 * request that died after building it (its answer never stored) answers that order, not a second one.
 */
export class Migration20261203000100OrderRequestKey extends Migration {
  override up(): void {
    this.addSql('alter table orders add column request_key varchar(255);');
    this.addSql('create unique index orders_owner_request_key on orders (owner_id, request_key) where request_key is not null;');
  }

  override down(): void {
    this.addSql('alter table orders drop column request_key;');
  }
}
