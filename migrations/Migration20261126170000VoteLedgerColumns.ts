import { Migration } from '@mikro-orm/migrations';

/** The reasons a vote is discounted for, as the `vote.discount_reason` check allows them. */
const reasons = ['voided', 'self_vote', 'ring', 'burst', 'shared_network', 'new_account'];

/**
 * What votes, follows and views change on a listing, read live beside its stored document: the
 * counters, the discounted votes by reason and the last review. A change of these alone no longer
 * makes the document out of date.
 */
const liveColumns = ['vote_count', 'follower_count', 'view_count', ...reasons.map((r) => `votes_${r}`), 'votes_reviewed_at'];

/** The live columns set to null, for jsonb_populate_record to blank them in a listing row. */
const blankLive = `'{${liveColumns.map((c) => `"${c}": null`).join(', ')}}'::jsonb`;

/** Adds to their listings the votes of `votes`, a query of (listing_id, discount_reason, n). */
const addVotes = (votes: string) => `update listing l set vote_count = l.vote_count + d.counted,
    ${reasons.map((r) => `votes_${r} = l.votes_${r} + d.${r}`).join(', ')}
  from (select listing_id, coalesce(sum(n) filter (where discount_reason is null), 0) as counted,
          ${reasons.map((r) => `coalesce(sum(n) filter (where discount_reason = '${r}'), 0) as ${r}`).join(', ')}
        from (${votes}) v group by listing_id) d
  where l.id = d.listing_id`;

/**
 * Launch-day votes rebuilt the listing's whole stored document: each vote changed `vote_count`, so
 * the document was outdated and 36-45% of listing-page reads during a vote storm built the profile
 * again, and the vote ledger it held was an aggregate over every vote of the listing. The ledger's
 * numbers now live on the listing (`votes_<reason>` beside `vote_count`; cast is their sum), kept
 * by the vote trigger in the update it already made, and get_listing reads them, the counters and
 * `votes_reviewed_at` with the document. So only a change of other columns outdates the document;
 * a change of these alone is still recorded for the batched announcement that drops read caches.
 * Such a document (with holes where those numbers go) is kept in a column of its own, `live_body`:
 * an api process from before this migration, still running during a rolling deploy, reads and
 * writes `body` in its own format, and would otherwise send the holes as text. Both columns share
 * the version, and every change that outdated the one outdates both.
 */
export class Migration20261126170000VoteLedgerColumns extends Migration {
  override up(): void {
    this.addSql(`alter table listing ${reasons.map((r) => `add column votes_${r} int not null default 0`).join(', ')};`);
    this.addSql('alter table listing_document add column live_body text;');
    this.addSql(`create or replace function listing_documents_changed(ids int[]) returns void language sql as $$
      insert into listing_document (listing_id, version)
        select id, 1 from listing where id = any(ids) order by id
      on conflict (listing_id) do update set version = listing_document.version + 1, body = null, live_body = null $$;`);
    this.addSql(`create or replace function all_listings_changed() returns trigger language plpgsql as $$ begin
      update listing_document set version = version + 1, body = null, live_body = null;
      perform pg_notify('listing_changed', '*');
      return null; end $$;`);
    this.addSql(`create or replace function listing_changed() returns trigger language plpgsql as $$
      declare outdated int[];
      begin
      if tg_op = 'UPDATE' then
        -- Rows compared by equality with their live columns blanked: a third of the cost of comparing them as JSON.
        outdated := array(select c.id from changed c join gone g using (id)
          where jsonb_populate_record(c, ${blankLive}) is distinct from jsonb_populate_record(g, ${blankLive}));
        if outdated <> '{}' then
          perform listing_documents_changed(outdated);
          perform notify_listings_changed((select string_agg(distinct slug, ' ') from (select slug from gone union select slug from changed) s));
        else
          insert into listing_count_change (slug) select slug from changed;
        end if;
      else
        perform notify_listings_changed((select string_agg(distinct slug, ' ') from gone));
      end if;
      return null; end $$;`);
    this.addSql(`create or replace function vote_count() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then
        ${addVotes('select listing_id, discount_reason, 1 as n from changed')};
      elsif tg_op = 'DELETE' then
        ${addVotes('select listing_id, discount_reason, -1 as n from gone')};
      else
        ${addVotes('select listing_id, discount_reason, 1 as n from changed union all select listing_id, discount_reason, -1 from gone')};
      end if;
      return null; end $$;`);
    this.addSql(`update listing l set ${reasons.map((r) => `votes_${r} = d.${r}`).join(', ')}
      from (select listing_id, ${reasons.map((r) => `count(*) filter (where discount_reason = '${r}') as ${r}`).join(', ')}
            from vote where discount_reason is not null group by listing_id) d
      where l.id = d.listing_id;`);
    this.addSql('update listing_document set version = version + 1, body = null;');
  }
}
