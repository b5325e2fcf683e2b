import { Migration } from '@mikro-orm/migrations';

/**
 * Followers are mailed about at most UPDATE_MAILS_PER_LISTING_PER_DAY updates of a listing a day:
 * each update records whether it was mailed. Updates posted before were all mailed; rows written
 * by other means (seeds) were not.
 */
export class Migration20261127110000UpdateMailCap extends Migration {
  override up(): void {
    this.addSql('alter table listing_update add column followers_mailed boolean not null default true;');
    this.addSql('alter table listing_update alter column followers_mailed set default false;');
    this.addSql('create index listing_update_mailed_recent on listing_update (listing_id, created_at) where followers_mailed;');
  }
}
