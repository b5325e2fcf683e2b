import { Migration } from '@mikro-orm/migrations';

/**
 * Every vote asks when its voter was first active (the new-account rule): the earliest of their
 * votes, follows and reviews. With an index on the person alone, PostgreSQL found the earliest
 * vote by walking all votes in time order until one was theirs, and read every follow of the
 * person; with the time beside the person, each is one index probe, as reviews already were.
 */
export class Migration20261126210000FirstActivityIndexes extends Migration {
  override up(): void {
    this.addSql('create index vote_user_created on vote (user_id, created_at);');
    this.addSql('drop index if exists vote_user;');
    this.addSql('create index follow_user_created on follow (user_id, created_at);');
    this.addSql('drop index if exists follow_user;');
  }
}
