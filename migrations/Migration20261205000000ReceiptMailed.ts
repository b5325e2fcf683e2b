import { Migration } from '@mikro-orm/migrations';

/**
 * An order records when its receipt was mailed, in a transaction after the one that fulfilled it
 * and numbered its invoice, so a retry mails the same receipt and never burns another number.
 * Orders fulfilled before mailed theirs in the fulfilling transaction.
 */
export class Migration20261205000000ReceiptMailed extends Migration {
  override up(): void {
    this.addSql('alter table orders add column receipt_mailed_at timestamptz;');
    this.addSql('update orders set receipt_mailed_at = fulfilled_at where fulfilled_at is not null;');
  }

  override down(): void {
    this.addSql('alter table orders drop column receipt_mailed_at;');
  }
}
