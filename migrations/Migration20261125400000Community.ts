import { Migration } from '@mikro-orm/migrations';

/**
 * What people do on the site beyond the seed's signal tables: a review keeps when it was last
 * edited and may be reported for abuse (once per person), votes are found by person (an operator
 * voids them all at once), and every void is kept with its reason and what it removed.
 */
export class Migration20261125400000Community extends Migration {
  override up(): void {
    this.addSql('alter table review add column updated_at timestamptz not null default now();');
    this.addSql('create index review_listing on review (listing_id, created_at desc);');
    this.addSql('create index vote_user on vote (user_id);');
    this.addSql(`create table review_report (
      review_id int not null references review (id) on delete cascade,
      user_id int not null references app_user (id) on delete cascade,
      reason varchar(500) not null,
      created_at timestamptz not null default now(),
      primary key (review_id, user_id)
    );`);
    this.addSql(`create table vote_void (
      id serial primary key,
      user_id int references app_user (id) on delete set null,
      email varchar(254) not null,
      reason varchar(500) not null,
      listing_ids int[] not null,
      created_at timestamptz not null default now()
    );`);
  }
}
