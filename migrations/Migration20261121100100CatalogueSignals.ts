import { Migration } from '@mikro-orm/migrations';

/**
 * Community signals (votes, follows, reviews) and metrics (Domain Rating, revenue, billboard),
 * each kept in its own table. Statement-level triggers keep the listing's denormalised counters
 * and latest values right for one row or a bulk load alike, so reads never aggregate them.
 * Also the search lexicon: every word of live profiles, used to correct misspelled queries.
 */
export class Migration20261121100100CatalogueSignals extends Migration {
  override up(): void {
    this.addSql(`create table vote (
      listing_id int not null references listing (id) on delete cascade,
      user_id int not null references app_user (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (listing_id, user_id)
    );`);
    this.addSql('create index vote_created on vote (created_at, listing_id);');
    this.addSql(`create table follow (
      listing_id int not null references listing (id) on delete cascade,
      user_id int not null references app_user (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (listing_id, user_id)
    );`);
    this.addSql(`create table review (
      id serial primary key,
      listing_id int not null references listing (id) on delete cascade,
      user_id int not null references app_user (id) on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      body varchar(5000) not null default '',
      flagged boolean not null default false,
      created_at timestamptz not null default now(),
      unique (listing_id, user_id)
    );`);
    this.addSql(`create table domain_rating_snapshot (
      listing_id int not null references listing (id) on delete cascade,
      measured_on date not null,
      value smallint not null check (value between 0 and 100),
      primary key (listing_id, measured_on)
    );`);
    this.addSql(`create table revenue_figure (
      listing_id int not null references listing (id) on delete cascade,
      month date not null check (extract(day from month) = 1),
      amount_cents bigint not null check (amount_cents >= 0),
      primary key (listing_id, month)
    );`);
    this.addSql(`create table billboard_contribution (
      id serial primary key,
      listing_id int not null references listing (id) on delete cascade,
      amount_cents bigint not null check (amount_cents > 0),
      order_number varchar(40),
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index billboard_contribution_listing on billboard_contribution (listing_id);');
    this.addSql(
      "create index listing_billboard on listing (site_id, billboard_cents desc) where status = 'live' and billboard_cents > 0;",
    );
    this.addSql(
      "create index listing_domain_rating on listing (site_id, domain_rating desc) where status = 'live' and domain_rating is not null;",
    );
    this.addSql(
      "create index listing_revenue on listing (site_id, monthly_revenue_cents desc) where status = 'live' and monthly_revenue_cents is not null;",
    );

    this.addSql(counterTrigger('vote', 'vote_count'));
    this.addSql(counterTrigger('follow', 'follower_count'));

    this.addSql(`create function listing_billboard_sum() returns trigger language plpgsql as $$ begin
      update listing l set billboard_cents = coalesce((select sum(amount_cents) from billboard_contribution b where b.listing_id = l.id), 0)
        where l.id in (select listing_id from changed);
      return null; end $$;`);
    for (const event of ['insert', 'delete', 'update']) {
      this.addSql(`create trigger billboard_contribution_${event} after ${event} on billboard_contribution
        referencing ${event === 'delete' ? 'old' : 'new'} table as changed for each statement execute function listing_billboard_sum();`);
    }

    this.addSql(latestTrigger('domain_rating_snapshot', 'measured_on', 'value', 'domain_rating', 'domain_rating_on'));
    this.addSql(latestTrigger('revenue_figure', 'month', 'amount_cents', 'monthly_revenue_cents', 'revenue_month'));
    for (const table of ['domain_rating_snapshot', 'revenue_figure']) {
      for (const event of ['insert', 'update']) {
        this.addSql(`create trigger ${table}_${event} after ${event} on ${table}
          referencing new table as changed for each statement execute function ${table}_latest();`);
      }
    }

    // Lexicon for typo tolerance: plain words of three or more letters from every profile.
    // Byte order (collate "C") makes a prefix a plain range over the primary key.
    this.addSql(`create table search_word (word varchar(100) collate "C" primary key);`);
    this.addSql('create index search_word_trgm on search_word using gist (word gist_trgm_ops);');
    this.addSql(`create function search_word_collect() returns trigger language plpgsql as $$ begin
      insert into search_word (word)
        select distinct w from changed c, unnest(tsvector_to_array(c.search_vector)) w
        where w ~ '^[a-z0-9]{3,100}$'
      on conflict do nothing;
      return null; end $$;`);
    this.addSql(`create trigger listing_search_words_insert after insert on listing
      referencing new table as changed for each statement execute function search_word_collect();`);
    // Transition tables cannot carry a column list, so edits of the text go row by row.
    this.addSql(`create function search_word_collect_row() returns trigger language plpgsql as $$ begin
      insert into search_word (word)
        select distinct w from unnest(tsvector_to_array(new.search_vector)) w where w ~ '^[a-z0-9]{3,100}$'
      on conflict do nothing;
      return null; end $$;`);
    this
      .addSql(`create trigger listing_search_words_update after update of name, tagline, keywords, short_description, description on listing
      for each row execute function search_word_collect_row();`);
  }
}

/** Keeps listing.<column> equal to the number of rows of <table> for that listing. */
function counterTrigger(table: string, column: string): string {
  return `create function ${table}_count() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then
        update listing l set ${column} = l.${column} + c.n from (select listing_id, count(*) n from changed group by listing_id) c where l.id = c.listing_id;
      else
        update listing l set ${column} = l.${column} - c.n from (select listing_id, count(*) n from gone group by listing_id) c where l.id = c.listing_id;
      end if;
      return null; end $$;
    create trigger ${table}_insert after insert on ${table} referencing new table as changed for each statement execute function ${table}_count();
    create trigger ${table}_delete after delete on ${table} referencing old table as gone for each statement execute function ${table}_count();`;
}

/** Copies the newest row of <table> (by <dateColumn>) onto the listing. */
function latestTrigger(table: string, dateColumn: string, valueColumn: string, target: string, targetDate: string): string {
  return `create function ${table}_latest() returns trigger language plpgsql as $$ begin
      update listing l set ${target} = s.${valueColumn}, ${targetDate} = s.${dateColumn}
        from (select distinct on (t.listing_id) t.listing_id, t.${valueColumn}, t.${dateColumn} from ${table} t
              where t.listing_id in (select listing_id from changed) order by t.listing_id, t.${dateColumn} desc) s
        where l.id = s.listing_id;
      return null; end $$;`;
}
