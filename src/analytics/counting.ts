import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { repeatKey, repeatWindowMinutes, type TrafficKind } from '../domain/analytics.js';
import { isoDate } from '../domain/weeks.js';
import { isPublic } from '../catalogue/sql.js';
import { prepared, sql, type ReadPool } from '../platform/sql.js';
import { DaySalt } from './day-salt.js';

/** Who asked, as far as the repeat guard needs it: held for the request only, never stored. */
export interface Requester {
  /** From the trusted-proxy logic (ctx.ip), never a header read directly. */
  address: string;
  userAgent: string | undefined;
  /** A HEAD request, or a browser fetching ahead (Sec-Purpose: prefetch), is not a visit. */
  preview: boolean;
}

export interface Visit {
  kind: TrafficKind;
  slug: string;
  /** Where a click came from (src/domain/analytics.ts clickPlaces); '' for the other kinds. */
  place: string;
  referrerHost: string | null;
}

/**
 * Counts visits in hourly rows (`listing_traffic`) without keeping who: a bot or a preview is not
 * counted, and a repeat of the same kind and place by the same address and browser within 30
 * minutes counts once, recognised by a keyed hash that lives one day (`analytics_repeat`).
 */
export class TrafficCounter {
  readonly #salt: DaySalt;

  constructor(
    private readonly pool: ReadPool,
    private readonly siteId: number,
  ) {
    this.#salt = new DaySalt(pool);
  }

  /**
   * Counts a visit of a listing, in one round trip that also answers the listing's website (null
   * when it has none; undefined when no such listing is there). Clicks and views need the listing
   * public; a badge is counted for any listing, as the badge is on its website before launch.
   */
  async count(visit: Visit, requester: Requester, now = new Date()): Promise<{ website: string | null } | undefined> {
    const day = isoDate(now);
    const counted = !requester.preview && !!requester.userAgent && !isbot(requester.userAgent);
    const hash = counted
      ? createHmac('sha256', await this.#salt.of(day))
          .update(repeatKey(visit.kind, visit.place, visit.slug, requester.address, requester.userAgent!))
          .digest()
          .subarray(0, 16)
      : null;
    // Data-modifying parts run whatever the final select reads: each inserts only from `l` and `seen`.
    const [row] = await prepared(
      this.pool,
      sql<{ website: string | null }>`with l as (select l.id, l.website_url from listing l
         where l.site_id = ${this.siteId} and l.slug = ${visit.slug} and (${visit.kind} = 'badge' or ${isPublic})
           and (${visit.kind} <> 'click' or l.website_url is not null)),
       seen as (insert into analytics_repeat (hash, day, seen_at) select ${hash}::bytea, ${day}::date, now() from l where ${hash}::bytea is not null
         on conflict (hash) do update set seen_at = excluded.seen_at
           where analytics_repeat.seen_at <= excluded.seen_at - make_interval(mins => ${repeatWindowMinutes})
         returning 1),
       counted as (insert into listing_traffic (listing_id, hour, kind, place, referrer_host, count)
         select l.id, date_trunc('hour', now(), 'UTC'), ${visit.kind}, ${visit.place}, ${visit.referrerHost ?? ''}, 1 from l, seen
         on conflict (listing_id, hour, kind, place, referrer_host) do update set count = listing_traffic.count + 1)
       select website_url as website from l`,
    );
    return row;
  }
}
