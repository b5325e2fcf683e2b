import { Migration } from '@mikro-orm/migrations';

/**
 * Claims: a person's request to take over an existing listing, proved by DNS, a meta tag, a file
 * or an emailed link. The last check is kept on the row, so list_my_claims never waits on Temporal;
 * one open claim per person and listing is held by the database, not by a race-prone read.
 */
export class Migration20261125200000Claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table claim (
      id serial primary key,
      listing_id int not null references listing (id) on delete cascade,
      user_id int not null references app_user (id) on delete cascade,
      method varchar(10) not null check (method in ('dns', 'meta', 'file', 'email')),
      email varchar(254),
      token varchar(64) not null,
      status varchar(10) not null default 'pending' check (status in ('pending', 'verified', 'failed', 'expired', 'canceled')),
      status_reason varchar(500),
      checks int not null default 0,
      checked_at timestamptz,
      check_result varchar(500),
      next_check_at timestamptz,
      expires_at timestamptz not null,
      link_hash char(64) unique,
      link_sent_at timestamptz,
      link_confirmed_at timestamptz,
      verified_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql(`create unique index claim_one_open on claim (listing_id, user_id) where status = 'pending';`);
    this.addSql('create index claim_user_created on claim (user_id, created_at desc, id desc);');
  }
}
