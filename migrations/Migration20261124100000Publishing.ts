import { Migration } from '@mikro-orm/migrations';

/**
 * What publishing needs: the mails a launch sends its owner, recorded once each (a retried step
 * never mails twice), the reason a listing returned to draft, for the owner view, and awards in
 * the profile's change notifications (a profile shows its awards).
 */
export class Migration20261124100000Publishing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table listing_notice (
      listing_id int not null references listing (id) on delete cascade,
      kind varchar(40) not null,
      week date not null,
      sent_at timestamptz not null default now(),
      primary key (listing_id, kind, week)
    );`);
    this.addSql('alter table listing add column status_reason varchar(500);');
    this.addSql('create index listing_launch_week on listing (site_id, launch_week, plan) where launch_week is not null;');
    this.addSql(`create trigger award_changed_insert after insert on award
      referencing new table as changed for each statement execute function listing_part_changed();`);
    this.addSql(`create trigger award_changed_update after update on award
      referencing old table as gone new table as changed for each statement execute function listing_part_changed();`);
    this.addSql(`create trigger award_changed_delete after delete on award
      referencing old table as gone for each statement execute function listing_part_changed();`);
  }
}
