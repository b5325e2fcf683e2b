import { Migration } from '@mikro-orm/migrations';

/** The reasons a vote is discounted for, `blocked` now among them (src/domain/vote-rules.ts). */
const reasons = ['voided', 'blocked', 'self_vote', 'ring', 'burst', 'shared_network', 'new_account'];

/** Adds to their listings the votes of `votes`, a query of (listing_id, discount_reason, n). */
const addVotes = (votes: string) => `update listing l set vote_count = l.vote_count + d.counted,
    ${reasons.map((r) => `votes_${r} = l.votes_${r} + d.${r}`).join(', ')}
  from (select listing_id, coalesce(sum(n) filter (where discount_reason is null), 0) as counted,
          ${reasons.map((r) => `coalesce(sum(n) filter (where discount_reason = '${r}'), 0) as ${r}`).join(', ')}
        from (${votes}) v group by listing_id) d
  where l.id = d.listing_id`;

/**
 * Account blocks (docs/moderation.md): a blocked account's credentials and sessions stop working,
 * its counted votes are discounted `blocked` and its visible reviews hidden. Each block keeps what
 * it changed, so an unblock restores exactly that and nothing an operator decided otherwise.
 */
export class Migration20261202000000AccountBlocks extends Migration {
  override up(): void {
    this.addSql('alter table app_user add column blocked_at timestamptz;');
    this.addSql(`create table account_block (
      id serial primary key,
      user_id int not null references app_user (id) on delete cascade,
      reason varchar(2000) not null,
      blocked_by int references app_user (id) on delete set null,
      blocked_at timestamptz not null default now(),
      unblocked_by int references app_user (id) on delete set null,
      unblocked_at timestamptz,
      hidden_review_ids int[] not null default '{}',
      discounted_listing_ids int[] not null default '{}'
    );`);
    this.addSql('create unique index account_block_current on account_block (user_id) where unblocked_at is null;');
    this.addSql('create index account_block_month on account_block (blocked_at);');

    this.addSql('alter table vote drop constraint vote_discount_reason_check;');
    this.addSql(
      `alter table vote add constraint vote_discount_reason_check check (discount_reason in (${reasons.map((r) => `'${r}'`).join(', ')}));`,
    );
    this.addSql('alter table listing add column votes_blocked int not null default 0;');
    this.addSql(`create or replace function vote_count() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then
        ${addVotes('select listing_id, discount_reason, 1 as n from changed')};
      elsif tg_op = 'DELETE' then
        ${addVotes('select listing_id, discount_reason, -1 as n from gone')};
      else
        ${addVotes('select listing_id, discount_reason, 1 as n from changed union all select listing_id, discount_reason, -1 from gone')};
      end if;
      return null; end $$;`);
  }
}
