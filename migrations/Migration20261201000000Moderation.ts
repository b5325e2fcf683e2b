import { Migration } from '@mikro-orm/migrations';

/** The site rules every service starts with; an operator adds more (`npm run cli -- rule add`). */
const defaultRules = [
  { key: 'scam', title: 'No scams', body: 'A listing must not take money, data or trust under false pretences.' },
  { key: 'spam', title: 'No spam', body: 'No bulk, repeated or automated content, and no listing made only for links.' },
  { key: 'impersonation', title: 'No impersonation', body: 'No one may pose as another person, company or product.' },
  {
    key: 'trademark',
    title: 'Respect trademarks',
    body: "Names, logos and marks must not suggest a connection with another's brand that does not exist.",
  },
  { key: 'misleading', title: 'No misleading claims', body: 'Claims about a product, its makers and its numbers must be true.' },
  { key: 'illegal', title: 'Nothing illegal', body: 'Content must be lawful where the service operates and where it is read.' },
  {
    key: 'off_topic',
    title: 'Stay on topic',
    body: 'Listings are products their makers launch; reviews and updates are about the listing they belong to.',
  },
] as const;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Trust and safety (docs/moderation.md): the site rules decisions cite as grounds, cases with
 * their reports, decisions and appeals, the restricted and hidden flags the read paths honour, and
 * an audit log that PostgreSQL keeps append-only. Review reports of the earlier community pages
 * become cases of their reviews, one per reported review, and their table goes.
 */
export class Migration20261201000000Moderation extends Migration {
  override up(): void {
    this.addSql(`create table site_rule (
      key varchar(40) primary key check (key ~ '^[a-z][a-z0-9_]{1,39}$'),
      title varchar(200) not null,
      body varchar(2000) not null,
      position int not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(
      `insert into site_rule (key, title, body, position) values ${defaultRules
        .map((r, i) => `(${quote(r.key)}, ${quote(r.title)}, ${quote(r.body)}, ${i + 1})`)
        .join(', ')};`,
    );

    this.addSql('create sequence moderation_case_number_seq;');
    this.addSql(`create table moderation_case (
      id serial primary key,
      number varchar(20) not null unique,
      site_id int not null references site (id) on delete cascade,
      kind varchar(10) not null check (kind in ('listing', 'review', 'update')),
      item_id int not null,
      item_case int not null,
      listing_id int references listing (id) on delete cascade,
      owner_id int references app_user (id) on delete set null,
      category varchar(40) not null,
      state varchar(10) not null default 'open' check (state in ('open', 'decided', 'appealed', 'closed')),
      opened_at timestamptz not null default now(),
      decided_at timestamptz,
      closed_at timestamptz,
      version int not null default 1,
      unique (kind, item_id, item_case)
    );`);
    // One case of an item at a time takes its reports: the open one, or the one in its appeal window.
    this.addSql(`create unique index moderation_case_current on moderation_case (kind, item_id) where state <> 'closed';`);
    this.addSql('create index moderation_case_queue on moderation_case (site_id, state, opened_at);');
    this.addSql('create index moderation_case_owner on moderation_case (owner_id);');

    this.addSql(`create table moderation_report (
      id serial primary key,
      case_id int not null references moderation_case (id) on delete cascade,
      category varchar(40) not null
        check (category in ('illegal', 'scam_or_spam', 'impersonation_or_trademark', 'misleading', 'other')),
      law varchar(300),
      explanation varchar(2000) not null,
      email varchar(254),
      user_id int references app_user (id) on delete set null,
      created_at timestamptz not null default now(),
      check (category <> 'illegal' or law is not null)
    );`);
    this.addSql('create index moderation_report_case on moderation_report (case_id, created_at);');

    this.addSql(`create table moderation_decision (
      id serial primary key,
      case_id int not null references moderation_case (id) on delete cascade,
      action varchar(10) not null check (action in ('dismiss', 'restrict', 'take_down', 'reverse')),
      ground varchar(240) not null,
      facts varchar(4000) not null,
      automated boolean not null default false,
      refund boolean not null default false,
      operator_id int references app_user (id) on delete set null,
      before jsonb,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index moderation_decision_case on moderation_decision (case_id, id);');

    this.addSql(`create table moderation_appeal (
      id serial primary key,
      decision_id int not null unique references moderation_decision (id) on delete cascade,
      user_id int references app_user (id) on delete set null,
      role varchar(10) not null check (role in ('owner', 'reporter')),
      explanation varchar(2000) not null,
      created_at timestamptz not null default now()
    );`);

    this.addSql('alter table listing add column restricted boolean not null default false;');
    this.addSql('alter table review add column hidden boolean not null default false;');
    this.addSql('alter table listing_update add column hidden boolean not null default false;');

    // Who did what to which item, on what ground, before and after; no row is ever changed or removed.
    this.addSql(`create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor_id int,
      actor_email varchar(254) not null,
      via varchar(20) not null,
      action varchar(60) not null,
      item_kind varchar(20) not null,
      item_id varchar(60) not null,
      ground varchar(240),
      before jsonb,
      after jsonb
    );`);
    this.addSql('create index audit_log_item on audit_log (item_kind, item_id, at);');
    this.addSql(`create function audit_log_append_only() returns trigger language plpgsql as $$ begin
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$;`);
    this.addSql(`create trigger audit_log_append_only before update or delete or truncate on audit_log
      for each statement execute function audit_log_append_only();`);

    // Earlier review reports: one case per reported review, its reports in it.
    this.addSql(`with reported as (
        select rr.review_id, min(rr.created_at) as first_at from review_report rr group by rr.review_id
      ), cases as (
        insert into moderation_case (number, site_id, kind, item_id, item_case, listing_id, owner_id, category, opened_at)
        select 'C-' || extract(year from r.first_at)::int || '-' || lpad(nextval('moderation_case_number_seq')::text, 6, '0'),
          l.site_id, 'review', r.review_id, 1, l.id, v.user_id, 'other', r.first_at
        from reported r join review v on v.id = r.review_id join listing l on l.id = v.listing_id
        order by r.first_at
        returning id, item_id
      )
      insert into moderation_report (case_id, category, explanation, email, user_id, created_at)
      select c.id, 'other', rr.reason, u.email, rr.user_id, rr.created_at
      from cases c join review_report rr on rr.review_id = c.item_id join app_user u on u.id = rr.user_id;`);
    this.addSql('drop table review_report;');
  }
}
