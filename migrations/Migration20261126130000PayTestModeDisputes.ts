import { Migration } from '@mikro-orm/migrations';

/**
 * Orders made with the test payment provider say so for good (`test_mode`), whatever the
 * deployment runs later, with invoice numbers of their own (TEST-INV-...) that leave no gap in
 * the real sequence; and an order the payer disputed with their bank becomes `disputed`.
 */
export class Migration20261126130000PayTestModeDisputes extends Migration {
  override up(): void {
    this.addSql('alter table orders add column test_mode boolean not null default false, add column disputed_at timestamptz;');
    this.addSql(`update orders set test_mode = true where provider = 'test';`);
    this.addSql('create sequence test_invoice_number_seq;');
    this.addSql('alter table orders drop constraint orders_status_check;');
    this.addSql(`alter table orders add constraint orders_status_check
      check (status in ('pending', 'paid', 'fulfilled', 'expired', 'canceled', 'refunded', 'disputed'));`);
    // A provider's refund or dispute names the payment, not the order.
    this.addSql('create index orders_provider_reference on orders (provider_reference) where provider_reference is not null;');
  }
}
