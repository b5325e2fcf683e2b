import { Migration } from '@mikro-orm/migrations';

/**
 * What managing a listing needs: a role on accounts (the site team's admin pages), the record of
 * which follower was told of which listing update (so a retried fan-out never mails anyone twice),
 * the last badge check of a free listing (written by its launch lifecycle, read by the owner view),
 * and a site's public address (listings of one company on several sites).
 */
export class Migration20261124000000ListingManagement extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table app_user add column role varchar(20) not null default 'member' check (role in ('member', 'admin'));`,
    );
    this.addSql('alter table site add column url varchar(2048);');

    this.addSql(`create table listing_update_delivery (
      update_id int not null references listing_update (id) on delete cascade,
      user_id int not null references app_user (id) on delete cascade,
      sent_at timestamptz not null default now(),
      primary key (update_id, user_id)
    );`);
    this.addSql('create index listing_update_recent on listing_update (created_at desc, id desc);');
    this.addSql('create index follow_user on follow (user_id);');

    this.addSql(`create table listing_badge_check (
      listing_id int primary key references listing (id) on delete cascade,
      found boolean not null,
      looked_at varchar(2048) not null,
      detail varchar(500) not null,
      checked_at timestamptz not null,
      next_check_at timestamptz
    );`);
  }
}
