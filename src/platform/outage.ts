import { DriverException } from '@mikro-orm/core';
import type { Logger } from '../logger.js';

/** A dependency whose outage a request can meet: the service answers 503 while it lasts. */
export type Dependency = 'postgres' | 'temporal';

const names: Record<Dependency, string> = { postgres: 'PostgreSQL', temporal: 'Temporal' };

// Node's errors for a connection that could not be made or was cut.
const connectionCodes = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres and its pools, the query builder's pool: a connection lost or never had.
const lostConnection =
  /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Timeout acquiring a connection/;
// gRPC's UNAVAILABLE and DEADLINE_EXCEEDED, once the Temporal client has given up retrying.
const grpcUnreachable = new Set([14, 4]);

interface Thrown {
  code?: unknown;
  address?: unknown;
  port?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The TCP port a PostgreSQL URL names (5432 when it names none), for `unreachableDependency`. */
export function databasePortOf(databaseUrl: string | undefined): number {
  return Number(new URL(databaseUrl ?? 'postgres://localhost').port || 5432);
}

/**
 * Which dependency `error` (or an error that caused it) says cannot be reached, if any: PostgreSQL
 * (a refused or cut connection to the database's port or socket, a connection-class SQLSTATE, a
 * server shutting down) or Temporal (gRPC unavailable). A refused connection to anything else (a
 * crawled site, the mail server) is not an outage of either.
 */
export function unreachableDependency(error: unknown, databasePort: number): Dependency | undefined {
  let e = error as Thrown | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++, e = e.cause as Thrown | undefined) {
    if (typeof e.code === 'number' && grpcUnreachable.has(e.code)) return 'temporal';
    if (typeof e.code === 'string') {
      // 08: connection exception; 57P01-03: the server shuts down or is starting; 53300: no connection left.
      if (/^(08...|57P0[123]|53300)$/.test(e.code)) return 'postgres';
      // A socket cut mid-write (EPIPE) names no address; the ORM's driver raising it says it was the database's.
      const toDatabase = e instanceof DriverException || String(e.address).includes('.s.PGSQL.') || e.port === databasePort;
      if (connectionCodes.has(e.code) && toDatabase) return 'postgres';
    }
    if (typeof e.message === 'string' && lostConnection.test(e.message)) return 'postgres';
  }
  return undefined;
}

export function dependencyName(dependency: Dependency): string {
  return names[dependency];
}

/**
 * Says an outage in the log once, not once per request: the first request that meets it logs a
 * warning, then `reachable` is asked every second until the dependency answers again, which is
 * logged with how long it lasted.
 */
export class OutageWatch {
  readonly #down = new Map<Dependency, number>();

  constructor(
    private readonly log: Logger,
    private readonly reachable: (dependency: Dependency) => Promise<boolean>,
    private readonly probeEveryMs = 1000,
  ) {}

  isDown(dependency: Dependency): boolean {
    return this.#down.has(dependency);
  }

  report(dependency: Dependency, error: unknown): void {
    if (this.#down.has(dependency)) return;
    const since = Date.now();
    this.#down.set(dependency, since);
    const name = names[dependency];
    this.log.warn({ dependency, err: error }, `${name} cannot be reached: requests that need it answer 503 until it is back`);
    const probe = setInterval(() => {
      void this.reachable(dependency).then(
        (up) => {
          if (!up || this.#down.get(dependency) !== since) return;
          clearInterval(probe);
          this.#down.delete(dependency);
          this.log.info({ dependency, downSeconds: (Date.now() - since) / 1000 }, `${name} is reachable again`);
        },
        () => undefined,
      );
    }, this.probeEveryMs);
    probe.unref();
  }
}
