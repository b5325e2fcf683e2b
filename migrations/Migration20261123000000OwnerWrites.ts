import { Migration } from '@mikro-orm/migrations';

/**
 * What owner writes need beyond the catalogue tables: a version on the listing for optimistic
 * locking (a write that loaded an older version is refused, not silently lost), the listing's
 * revision history (every owner edit, with who made it, through which credential and request,
 * and the changed fields before and after) and the answers to the founder interview.
 */
export class Migration20261123000000OwnerWrites extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table listing add column version int not null default 1;');

    this.addSql(`create table listing_revision (
      id serial primary key,
      listing_id int not null references listing (id) on delete cascade,
      author_id int references app_user (id) on delete set null,
      credential varchar(20) not null check (credential in ('api_key', 'oauth', 'session')),
      client_id varchar(200),
      request_id varchar(100),
      before jsonb not null,
      after jsonb not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index listing_revision_listing on listing_revision (listing_id, created_at desc);');

    this.addSql(`create table interview_answer (
      user_id int not null references app_user (id) on delete cascade,
      question_id int not null references interview_question (id) on delete cascade,
      answer varchar(4000) not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (user_id, question_id)
    );`);
    this.addSql('create index interview_answer_question on interview_answer (question_id);');
  }
}
