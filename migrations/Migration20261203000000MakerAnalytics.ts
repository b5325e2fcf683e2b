import { Migration } from '@mikro-orm/migrations';

/**
 * Maker analytics (docs/analytics.md): hourly counts per listing, kind (page view, outbound click,
 * badge impression, follower view), place and referring host, with no address, cookie or person.
 * A repeat within 30 minutes is recognised by a keyed hash kept one day in `analytics_repeat`; the
 * key is the day's salt in `analytics_salt`; housekeeping deletes both once the day is over.
 */
export class Migration20261203000000MakerAnalytics extends Migration {
  override up(): void {
    this.addSql(`create table listing_traffic (
      listing_id int not null references listing (id) on delete cascade,
      hour timestamptz not null,
      kind text not null check (kind in ('view', 'click', 'badge', 'follower_view')),
      place text not null default '',
      referrer_host text not null default '',
      count int not null check (count > 0),
      primary key (listing_id, hour, kind, place, referrer_host)
    );`);
    this.addSql(`create table analytics_salt (
      day date primary key,
      salt bytea not null
    );`);
    this.addSql(`create table analytics_repeat (
      hash bytea primary key,
      day date not null,
      seen_at timestamptz not null
    );`);
    this.addSql('create index analytics_repeat_day on analytics_repeat (day);');
  }
}
