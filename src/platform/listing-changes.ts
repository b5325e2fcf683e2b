import pg from 'pg';
import type { Logger } from '../logger.js';
import type { ReadPool } from './sql.js';

/** What changed: some listings by slug, or possibly any listing. */
export type ListingChange = { slugs: string[] } | 'all';

export interface ListingChangeListener {
  close(): Promise<void>;
}

const channel = 'listing_changed';
const reconnectDelayMs = 1000;
/** An idle connection can be dropped by the network without a word: ask now and then. */
const heartbeatMs = 30_000;
const heartbeatTimeoutMs = 10_000;

/**
 * Listens on PostgreSQL's `listing_changed` channel (announced by triggers, see migration
 * ListingChangeNotify) on a connection of its own, which must reach PostgreSQL itself (LISTEN
 * does not pass a transaction-mode pooler). While the connection is down changes may be missed,
 * so once it is back `onChange('all')` is called. A heartbeat query finds a connection the
 * network dropped silently.
 */
export async function listenForListingChanges(
  databaseUrl: string,
  onChange: (change: ListingChange) => void,
  log: Logger,
): Promise<ListingChangeListener> {
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client, error: Error & { code?: string }): void => {
    if (client !== current) return; // an old connection's late error
    current = undefined;
    void client.end().catch(() => undefined);
    if (closed) return;
    // 57P01: PostgreSQL is shutting down (a restart, or the embedded one stopping with us).
    log[error.code === '57P01' ? 'info' : 'warn'](
      { err: error },
      'listing change listener lost its connection; profiles are dropped and it reconnects',
    );
    scheduleReconnect();
  };

  const connect = async (afterFailure: boolean): Promise<void> => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      application_name: 'launch-directory listing changes',
    });
    current = client;
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      onChange(payload === '' || payload === '*' ? 'all' : { slugs: payload.split(' ') });
    });
    client.on('error', (error) => lost(client, error));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      if (current === client) current = undefined;
      await client.end().catch(() => undefined);
      if (closed) return;
      throw error;
    }
    if (closed || current !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    if (afterFailure) onChange('all');
  };

  // Said once per outage: a retry every second would otherwise log a line a second while PostgreSQL is down.
  let failedReconnects = 0;
  const scheduleReconnect = (): void => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect(true).then(
        () => {
          if (failedReconnects) log.info({ failedReconnects }, 'listing change listener reconnected');
          failedReconnects = 0;
        },
        (error: unknown) => {
          if (failedReconnects++ === 0)
            log.warn({ err: error }, 'listing change listener could not reconnect; trying every second');
          scheduleReconnect();
        },
      );
    }, reconnectDelayMs);
    retry.unref();
  };

  const heartbeat = setInterval(() => {
    const client = current;
    if (!client) return;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer to the heartbeat')), heartbeatTimeoutMs).unref(),
    );
    Promise.race([client.query('select 1'), timeout]).catch((error: Error) => lost(client, error));
  }, heartbeatMs);
  heartbeat.unref();

  await connect(false);
  return {
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Announces, in one notification, the listings whose counters alone changed since the last call
 * (recorded by the listing trigger, see migration VotesCountNotice), each once. On a connection
 * that does not wait for the disk: an announcement lost in a crash is a profile kept a little
 * longer, and PostgreSQL's restart drops every listener's profiles anyway.
 */
export async function announceCountChanges(pool: ReadPool): Promise<void> {
  await pool.query(`with done as (delete from listing_count_change returning slug)
    select notify_listings_changed((select string_agg(distinct slug, ' ') from done))`);
}

/** Announces count changes every `everyMs` until stopped; a failed round is tried again at the next. */
export function announceCountChangesEvery(pool: ReadPool, everyMs: number, log: Logger): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    announceCountChanges(pool)
      .catch((error: unknown) => log.debug({ err: error }, 'listing count changes not announced this round'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
