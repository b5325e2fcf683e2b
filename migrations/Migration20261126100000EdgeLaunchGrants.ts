import { Migration } from '@mikro-orm/migrations';

/**
 * A paid launch the operator command grants without an order (`listing launch <slug>`), kept as
 * a row so that the launch lifecycle finds it in PostgreSQL like a paid order's launch line: an
 * `upgraded` signal alone, which anyone with Temporal access can send, launches nothing.
 */
export class Migration20261126100000EdgeLaunchGrants extends Migration {
  override up(): void {
    this.addSql(`create table launch_grant (
      id serial primary key,
      listing_id int not null references listing (id) on delete cascade,
      week date,
      granted_at timestamptz not null default now()
    );`);
    this.addSql('create index launch_grant_listing on launch_grant (listing_id, granted_at desc);');
  }

  override down(): void {
    this.addSql('drop table launch_grant;');
  }
}
