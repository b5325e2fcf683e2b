import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts and sign-in: email-link sign-in, web sessions, API keys, the OAuth authorization
 * server's records, server-generated secrets and the development mail outbox. Every credential
 * is stored as a SHA-256 hash, never as its value.
 */
export class Migration20261121200000Accounts extends Migration {
  override up(): void {
    this.addSql('alter table app_user add column last_sign_in_at timestamptz;');

    this.addSql(`create table sign_in_link (
      token_hash char(64) primary key,
      email varchar(254) not null,
      return_to varchar(2048),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );`);
    this.addSql('create index sign_in_link_expires_at on sign_in_link (expires_at);');

    this.addSql(`create table web_session (
      token_hash char(64) primary key,
      user_id int not null references app_user (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );`);
    this.addSql('create index web_session_user_id on web_session (user_id);');
    this.addSql('create index web_session_expires_at on web_session (expires_at);');

    this.addSql(`create table api_key (
      id serial primary key,
      user_id int not null references app_user (id) on delete cascade,
      name varchar(100) not null,
      prefix varchar(16) not null,
      key_hash char(64) not null unique,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );`);
    this.addSql('create index api_key_user_id on api_key (user_id);');

    // oidc-provider's records (codes, refresh tokens, sessions, grants, clients...). id_hash is
    // the SHA-256 of the record id, which for tokens and codes is the credential itself.
    this.addSql(`create table oauth_record (
      kind varchar(40) not null,
      id_hash char(64) not null,
      payload jsonb not null,
      grant_id varchar(200),
      uid varchar(200),
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (kind, id_hash)
    );`);
    this.addSql('create index oauth_record_grant_id on oauth_record (kind, grant_id) where grant_id is not null;');
    this.addSql('create index oauth_record_uid on oauth_record (kind, uid) where uid is not null;');
    this.addSql('create index oauth_record_expires_at on oauth_record (expires_at) where expires_at is not null;');

    // Secrets the service generates for itself when the operator supplies none, shared by every
    // api process: the token signing keys and the cookie keys.
    this.addSql(`create table server_secret (
      name varchar(60) primary key,
      value jsonb not null,
      created_at timestamptz not null default now()
    );`);

    this.addSql(`create table mail_outbox (
      id serial primary key,
      recipient varchar(254) not null,
      subject varchar(300) not null,
      text_body text not null,
      html_body text,
      created_at timestamptz not null default now()
    );`);
  }
}
