import { Migration } from '@mikro-orm/migrations';

/**
 * Every invite_cofounder mail, by the address it went to (lower case): a day's count per address
 * caps how often anyone's inbox can be sent an invite, across every draft and inviter. Rows older
 * than a day serve nothing and are purged by housekeeping.
 */
export class Migration20261126100100EdgeInviteMails extends Migration {
  override up(): void {
    this.addSql(`create table invite_mail (
      id bigserial primary key,
      email varchar(254) not null,
      sent_at timestamptz not null default now()
    );`);
    this.addSql('create index invite_mail_email on invite_mail (email, sent_at);');
  }

  override down(): void {
    this.addSql('drop table invite_mail;');
  }
}
