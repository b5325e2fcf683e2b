import { Migration } from '@mikro-orm/migrations';

/**
 * Promo overages: a payment already taken (the money came in) for an order whose code had reached
 * its limit meanwhile is honoured and kept here, one row per order, for the operator to see.
 * Orders' VAT records gain the VAT number check (result, time) and the reason standard VAT applied
 * to a VAT number; orders written before keep what they knew (a VIES answer) and null otherwise.
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
    this.addSql(`update orders set vat = vat || jsonb_build_object(
        'vies_result', case when vat->>'validated' = 'vies'
          then case when (vat->>'vat_number_valid')::boolean then 'confirmed' else 'not_registered' end end,
        'checked_at', null,
        'reason', null)
      where vat->'vies_result' is null;`);
  }
}
