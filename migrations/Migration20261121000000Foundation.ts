import { Migration } from '@mikro-orm/migrations';

/**
 * Extensions, the network of sites, people, the core of the catalogue (categories and listings),
 * which later migrations widen, and the infrastructure tables every request relies on.
 */
export class Migration20261121000000Foundation extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create extension if not exists unaccent;');
    // unaccent() is only STABLE; an IMMUTABLE wrapper lets search indexes use it.
    this.addSql(`create or replace function immutable_unaccent(text) returns text
      language sql immutable parallel safe strict as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;`);

    this.addSql(`create table site (
      id serial primary key,
      key varchar(40) not null unique,
      name varchar(120) not null,
      domain varchar(253),
      is_default boolean not null default false,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create unique index site_one_default on site (is_default) where is_default;`);
    this.addSql(`insert into site (key, name, is_default) values ('main', 'Launch Directory', true);`);

    // People with an account (email identity). Accounts, sessions and keys widen it later.
    this.addSql(`create table app_user (
      id serial primary key,
      email varchar(254) not null,
      name varchar(160),
      created_at timestamptz not null default now()
    );`);
    this.addSql('create unique index app_user_email_lower on app_user (lower(email));');

    this.addSql(`create table category (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      parent_id int references category (id) on delete set null,
      slug varchar(220) not null,
      name varchar(200) not null,
      created_at timestamptz not null default now(),
      unique (site_id, slug)
    );`);
    this.addSql(`create table listing (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      slug varchar(220) not null,
      name varchar(500) not null,
      owner_id int references app_user (id) on delete set null,
      status varchar(20) not null default 'draft'
        check (status in ('draft', 'awaiting_badge', 'scheduled', 'live', 'rejected', 'archived')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (site_id, slug)
    );`);
    this.addSql('create index listing_site_status on listing (site_id, status);');

    this.addSql(`create table idempotency_record (
      caller varchar(200) not null,
      key varchar(255) not null,
      operation varchar(100) not null,
      request_hash char(64) not null,
      state varchar(10) not null check (state in ('running', 'done')),
      response_status int,
      response_body jsonb,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      primary key (caller, key)
    );`);
    this.addSql('create index idempotency_record_expires_at on idempotency_record (expires_at);');

    // Counters only: losing them in a crash is harmless, so skip the write-ahead log.
    this.addSql(`create unlogged table rate_limit (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    );`);
  }
}
