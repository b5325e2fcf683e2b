import pg from 'pg';
import type { Logger } from '../logger.js';

/** What changed: some listings by slug, or possibly any listing. */
export type ListingChange = { slugs: string[] } | 'all';

export interface ListingChangeListener {
  close(): Promise<void>;
}

const channel = 'listing_changed';
const reconnectDelayMs = 1000;

/**
 * Listens on PostgreSQL's `listing_changed` channel (announced by triggers, see migration
 * ListingChangeNotify) on a connection of its own. While the connection is down changes may be
 * missed, so once it is back `onChange('all')` is called before listening resumes.
 */
export async function listenForListingChanges(databaseUrl: string, onChange: (change: ListingChange) => void, log: Logger): Promise<ListingChangeListener> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (afterFailure: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      const payload = message.payload ?? '*';
      onChange(payload === '*' ? 'all' : { slugs: payload.split(' ') });
    });
    next.on('error', (error: Error & { code?: string }) => {
      // 57P01: PostgreSQL is shutting down (a restart, or the embedded one stopping with us).
      log[error.code === '57P01' ? 'info' : 'warn']({ err: error }, 'listing change listener lost its connection; profiles are dropped and it reconnects');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    if (afterFailure) onChange('all');
  };

  const scheduleReconnect = (): void => {
    client = undefined;
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      connect(true).catch((error: unknown) => {
        log.warn({ err: error }, 'listing change listener could not reconnect; trying again');
        scheduleReconnect();
      });
    }, reconnectDelayMs);
    retry.unref();
  };

  await connect(false);
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
