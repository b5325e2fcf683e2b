import { Migration } from '@mikro-orm/migrations';

/**
 * Promo overages: a payment already taken (the money came in) for an order whose code had reached
 * its limit meanwhile is honoured and kept here, one row per order, for the operator to see.
 */
export class Migration20261126100000PromoVat extends Migration {
  override up(): void {
    this.addSql(`create table promo_code_overage (
      id serial primary key,
      promo_code_id int not null references promo_code (id) on delete cascade,
      order_number varchar(24) not null unique references orders (number) on delete cascade,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index promo_code_overage_code on promo_code_overage (promo_code_id);');
  }
}
