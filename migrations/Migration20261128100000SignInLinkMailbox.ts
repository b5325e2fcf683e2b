import { Migration } from '@mikro-orm/migrations';

/**
 * The per-email sign-in limit counts links by the mailbox they reach (src/domain/mailbox.ts), so
 * that `a+1@` and `a+2@` share `a@`'s budget. Links made before keep their address as the key:
 * they expire within the limit's window anyway.
 */
export class Migration20261128100000SignInLinkMailbox extends Migration {
  override up(): void {
    this.addSql('alter table sign_in_link add column mailbox varchar(254);');
    this.addSql('update sign_in_link set mailbox = email;');
    this.addSql('alter table sign_in_link alter column mailbox set not null;');
    this.addSql('create index sign_in_link_mailbox on sign_in_link (mailbox, created_at);');
  }

  override down(): void {
    this.addSql('alter table sign_in_link drop column mailbox;');
  }
}
