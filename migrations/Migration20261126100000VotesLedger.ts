import { Migration } from '@mikro-orm/migrations';

/**
 * Votes people can trust: every vote is kept with its verdict (`discount_reason`, null when it
 * counts) and the keyed hash of the network it came from, never the address. The listing's
 * `vote_count` now counts counted votes only, and any change to a listing's votes (cast, withdrawn
 * or judged again) touches the listing row, so its stored document and caches follow. Each launch
 * week's review passes are kept in `vote_review`; `votes_reviewed_at` is the last pass that looked
 * at a listing's votes. Followers of an upcoming listing are mailed once when it goes live
 * (`launch_notice_delivery`, one row per listing and follower told).
 */
export class Migration20261126100000VotesLedger extends Migration {
  override up(): void {
    this.addSql(`alter table vote
      add column discount_reason varchar(20) check (discount_reason in ('voided', 'self_vote', 'ring', 'burst', 'shared_network', 'new_account')),
      add column network_hash varchar(64);`);
    this.addSql('create index vote_network on vote (listing_id, network_hash, created_at) where network_hash is not null;');
    // The rules ask what else a voter did on the site, by person (follows have their index already).
    this.addSql('create index review_user on review (user_id, created_at);');
    this.addSql('alter table listing add column votes_reviewed_at timestamptz;');

    this.addSql(`create or replace function vote_count() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then
        update listing l set vote_count = l.vote_count + c.n
          from (select listing_id, count(*) filter (where discount_reason is null) n from changed group by listing_id) c where l.id = c.listing_id;
      elsif tg_op = 'DELETE' then
        update listing l set vote_count = l.vote_count - c.n
          from (select listing_id, count(*) filter (where discount_reason is null) n from gone group by listing_id) c where l.id = c.listing_id;
      else
        update listing l set vote_count = l.vote_count + c.n
          from (select listing_id, sum(n) n from (
                  select listing_id, count(*) filter (where discount_reason is null) n from changed group by listing_id
                  union all select listing_id, -count(*) filter (where discount_reason is null) from gone group by listing_id) d
                group by listing_id) c where l.id = c.listing_id;
      end if;
      return null; end $$;`);
    this.addSql(`create trigger vote_update after update on vote
      referencing old table as gone new table as changed for each statement execute function vote_count();`);

    this.addSql(`create table vote_review (
      week date primary key,
      reviewed_at timestamptz not null,
      final boolean not null default false,
      clusters jsonb not null default '[]'
    );`);
    this.addSql(`create table launch_notice_delivery (
      listing_id int not null references listing (id) on delete cascade,
      user_id int not null references app_user (id) on delete cascade,
      sent_at timestamptz not null default now(),
      primary key (listing_id, user_id)
    );`);
  }
}
