import { Migration } from '@mikro-orm/migrations';

/**
 * Submission by URL: a draft per owner and website, the pages its crawl read (kept here so a
 * workflow passes ids, never whole crawls), and the co-founder invites sent for it.
 */
export class Migration20261121310000Drafts extends Migration {
  override up(): void {
    this.addSql(`create table draft (
      id uuid primary key,
      site_id int not null references site (id) on delete cascade,
      owner_id int not null references app_user (id) on delete cascade,
      url varchar(2048) not null,
      status varchar(20) not null default 'crawling' check (status in ('crawling', 'drafting', 'ready', 'failed')),
      failure_reason varchar(40),
      failure_message text,
      pages_fetched int not null default 0,
      pages_planned int not null default 0,
      fields_found int not null default 0,
      crawled_at timestamptz,
      drafted_at timestamptz,
      fields jsonb not null default '{}',
      faqs jsonb not null default '[]',
      company_socials jsonb not null default '{}',
      founder_socials jsonb not null default '{}',
      founders jsonb not null default '[]',
      story jsonb not null default '{}',
      milestones jsonb not null default '[]',
      competitor_url varchar(2048),
      seo jsonb not null default '{}',
      owner_parts jsonb not null default '[]',
      listing_id int references listing (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create index draft_owner_created on draft (owner_id, created_at desc, id);');

    this.addSql(`create table draft_page (
      draft_id uuid not null references draft (id) on delete cascade,
      position int not null,
      url varchar(2048) not null,
      page jsonb not null,
      primary key (draft_id, position),
      unique (draft_id, url)
    );`);

    this.addSql(`create table draft_invite (
      id serial primary key,
      draft_id uuid not null references draft (id) on delete cascade,
      email varchar(254) not null,
      invited_by int not null references app_user (id) on delete cascade,
      created_at timestamptz not null default now(),
      sent_at timestamptz not null default now()
    );`);
    this.addSql('create unique index draft_invite_email on draft_invite (draft_id, lower(email));');
  }
}
