import { Migration } from '@mikro-orm/migrations';

/**
 * Connected apps: a person's OAuth grants are listed on /account and revoked there, and every
 * access token is checked against its grant. Grant rows carry their own id in grant_id (so one
 * statement removes a grant with its codes and refresh tokens), the time the grant was last used
 * by an access token, and an index to find a person's grants.
 */
export class Migration20261126120000OAuthConnectedApps extends Migration {
  override up(): void {
    this.addSql('alter table oauth_record add column last_used_at timestamptz;');
    this.addSql(`create index oauth_record_grant_account on oauth_record ((payload->>'accountId')) where kind = 'Grant';`);
    // Earlier grants stored only the hash of their id: take the id from a token of the grant, where one is left.
    this.addSql(`update oauth_record g set grant_id = t.grant_id from oauth_record t
      where g.kind = 'Grant' and g.grant_id is null and t.kind <> 'Grant' and t.grant_id is not null
        and encode(sha256(convert_to(t.grant_id, 'UTF8')), 'hex') = g.id_hash;`);
  }
}
