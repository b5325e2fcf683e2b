import Koa from 'koa';
import type { Server } from 'node:http';
import { catalogueIsEmpty, seedCatalogue } from '../src/seed/catalogue.js';
import { ReadCache } from '../src/platform/read-cache.js';
import { serveApi } from '../api/boot.js';
import { freePort } from '../test/support/ports.js';
import { runLoad, type LoadResult } from './load.js';
import { repeatedSearchQueries, shuffled, uniqueSearchQueries } from './search-queries.js';
import type { BenchSection } from './section.js';
import { startBenchStack } from './stack.js';

const connections = 8;

/** A bare Koa JSON route on the same machine: the ceiling the api is measured against. */
async function startBareKoa(): Promise<{ origin: string; server: Server }> {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { ok: true, name: 'bare', items: [1, 2, 3] };
  });
  const port = await freePort();
  const server = app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { origin: `http://127.0.0.1:${port}`, server };
}

const fmt = (r: LoadResult) => `${Math.round(r.rps)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.non2xx + r.errors}`;

/** What an uncached row sent, and whether it ran out of paths (then some were sent twice). */
const sent = (r: LoadResult, what: string, available: number) =>
  r.wrapped
    ? `all ${available.toLocaleString('en')} ${what}, then again from the first`
    : `${r.requests.toLocaleString('en')} of ${available.toLocaleString('en')} ${what}, none twice`;

/** Requests sent one after the other before a row is measured (paths the row does not send again). */
const warmUps = 300;

/** Unique search queries generated per run: more than the uncached row can send in its time. */
const uniqueQueryCount = 60_000;

/** Turns of the bare route and cached get_listing for their ratio, and the seconds of each load. */
const turns = 6;
const turnSeconds = 3;

/**
 * Requests per second of two loads run in turns, each leading every other turn: the speed of this
 * shared machine drifts within minutes, so a ratio of two runs minutes apart is mostly that drift.
 */
async function inTurns(loads: { bare: () => Promise<LoadResult>; api: () => Promise<LoadResult> }) {
  const total = { bare: 0, api: 0, failed: 0 };
  for (let turn = 0; turn < turns; turn++) {
    for (const side of turn % 2 === 0 ? (['bare', 'api'] as const) : (['api', 'bare'] as const)) {
      const result = await loads[side]();
      total[side] += result.requests;
      total.failed += result.errors + result.non2xx;
    }
  }
  return { bare: total.bare / (turns * turnSeconds), api: total.api / (turns * turnSeconds), failed: total.failed };
}

export const catalogueSection: BenchSection = {
  name: 'catalogue',
  async run(log, options) {
    const listings = options.listings ?? 100_000;
    const seconds = options.seconds ?? 15;
    // Logging and the per-caller rate limit stay on (one PostgreSQL write per request); the limit
    // is raised so that the load is not refused, and access logs go to warn level (not printed).
    // The profile read cache keeps its default, named here so that the results say it was on.
    const env = {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_POINTS: '100000000',
      DATABASE_POOL_MAX: '16',
      PUBLIC_READ_CACHE_MS: '2000',
    } as const;
    const stack = await startBenchStack(env, options.dataDir);
    try {
      const seedStarted = Date.now();
      const steps: string[] = [];
      const seeding = await catalogueIsEmpty(stack.deps.orm.em.fork(), stack.deps.site.id);
      if (seeding) {
        await seedCatalogue(stack.deps.orm.em.fork(), stack.deps.site.id, {
          listings,
          now: new Date(),
          onProgress: (n) => n % 20_000 === 0 && log(`seeded ${n}`),
          onStep: (step, ms) => {
            steps.push(`${step} ${(ms / 1000).toFixed(1)}`);
            log(`seed step ${step}: ${(ms / 1000).toFixed(1)} s`);
          },
        });
      }
      const seedSeconds = (Date.now() - seedStarted) / 1000;
      const seeded = seeding
        ? `Seeded ${listings.toLocaleString('en')} listings (with votes, follows, reviews, metrics, awards) in ${seedSeconds.toFixed(1)} s (seconds per step: ${steps.join(', ')})`
        : `Reused the catalogue already seeded in ${options.dataDir}`;
      log(seeded);
      const live = await stack.deps.orm.em
        .fork()
        .execute<Array<{ slug: string; name: string }>>(
          `select slug, name from listing where status = 'live' and site_id = ${stack.deps.site.id} order by md5(slug)`,
        );
      const rows = live.slice(0, 2000);
      const bare = await startBareKoa();
      // The same api with its read cache off: what every request costs when it reaches PostgreSQL.
      const uncached = await serveApi({
        ...stack.deps,
        config: { ...stack.deps.config, port: await freePort() },
        readCache: new ReadCache(0),
      });
      const load = (origin: string, paths: string[], order: 'random' | 'sequence' = 'random') =>
        runLoad({ origin, paths, connections, seconds, order });
      const listingPaths = rows.map((r) => `/api/v1/listings/${r.slug}`);
      const queries = repeatedSearchQueries(rows.map((r) => r.name)).map((q) => `/api/v1/listings?${q}`);
      // The uncached rows: every live slug in a shuffled order, and a stream of queries that never
      // repeats (names, prefixes, typos and purposes, with and without filters, every sort).
      const allListingPaths = shuffled(live.map((r) => `/api/v1/listings/${r.slug}`));
      const uniqueQueries = uniqueSearchQueries(
        live.map((r) => r.name),
        uniqueQueryCount + warmUps,
      ).map((q) => `/api/v1/listings?${q}`);
      // Requests outside the rows are sent from the load generator's thread too: a client in the
      // server's thread would leave its own garbage in the server's heap for the rows to collect.
      // A failed one would leave the rows after it less warm, or documents unbuilt: stop there.
      const eachOnce = async (origin: string, paths: string[], parallel: number) => {
        const r = await runLoad({ origin, paths, connections: parallel, order: 'each-once' });
        if (r.requests !== paths.length || r.errors + r.non2xx > 0) {
          throw new Error(`${r.requests} of ${paths.length} requests answered, ${r.errors + r.non2xx} failed`);
        }
      };
      // Warm-up: each cached path once, as a service that has been up for a while has seen its
      // pages; for the uncached rows, paths of their kind that they will not send again.
      await eachOnce(stack.url, [...listingPaths, ...queries], 1);
      await eachOnce(uncached.url, [...allListingPaths.slice(-warmUps), ...uniqueQueries.slice(-warmUps)], 1);
      const measuredListingPaths = allListingPaths.slice(0, -warmUps);
      // Every document out of date, as after a change of each listing, just before the first-read
      // row (the rows before it read, and so built, some of them).
      const outdateDocuments = () =>
        stack.deps.readPool.query('update listing_document set version = version + 1, live_body = null');
      // The documents the first-read row did not reach, built as their first reads would build them.
      const buildDocuments = () => eachOnce(uncached.url, measuredListingPaths, connections);
      // The bare route first and last: a busy moment of this shared machine shows as a gap between
      // the two. The ratio target is measured in turns, right after the get_listing row.
      const results = {
        bare: await load(bare.origin, ['/bare']),
        getListing: await load(stack.url, listingPaths),
        turns: await inTurns({
          bare: () => runLoad({ origin: bare.origin, paths: ['/bare'], connections, seconds: turnSeconds }),
          api: () => runLoad({ origin: stack.url, paths: listingPaths, connections, seconds: turnSeconds }),
        }),
        search: await load(stack.url, queries),
        getListingFirstRead: await outdateDocuments().then(() => load(uncached.url, measuredListingPaths, 'sequence')),
        getListingUncached: await buildDocuments().then(() => load(uncached.url, shuffled(measuredListingPaths), 'sequence')),
        searchUncached: await load(uncached.url, uniqueQueries.slice(0, -warmUps), 'sequence'),
        bareAgain: await load(bare.origin, ['/bare']),
      };
      bare.server.close();
      await uncached.close();
      const share = results.turns.api / results.turns.bare;
      const rowShare = results.getListing.rps / Math.max(results.bare.rps, results.bareAgain.rps);
      const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
      log(
        `bare ${Math.round(results.bare.rps)} / ${Math.round(results.bareAgain.rps)} rps; get_listing ${Math.round(results.getListing.rps)} rps, in turns ${percent(share)} of bare; p99 ${results.getListing.p99} ms; search p95 ${results.search.p95} ms`,
      );
      const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
      return [
        `${seeded}, then ${seconds} s of load per row with ${connections} connections (autocannon in a worker thread of the same process, loopback).`,
        '',
        '| Target | Requests/s | p50 ms | p95 ms | p99 ms | Errors and non-2xx |',
        '|---|---|---|---|---|---|',
        `| bare Koa JSON route | ${fmt(results.bare)} |`,
        `| get_listing, read cache on (2,000 random live slugs, repeated) | ${fmt(results.getListing)} |`,
        `| search_listings, read cache on (${queries.length} queries repeated: names, prefixes, typos, filters) | ${fmt(results.search)} |`,
        `| get_listing, read cache off, first read since the listing changed: builds its document (${sent(results.getListingFirstRead, 'live slugs', measuredListingPaths.length)}) | ${fmt(results.getListingFirstRead)} |`,
        `| get_listing, read cache off, documents current (${sent(results.getListingUncached, 'live slugs', measuredListingPaths.length)}, shuffled again) | ${fmt(results.getListingUncached)} |`,
        `| search_listings, read cache off (${sent(results.searchUncached, 'unique queries', uniqueQueries.length - warmUps)}) | ${fmt(results.searchUncached)} |`,
        `| bare Koa JSON route, again | ${fmt(results.bareAgain)} |`,
        '',
        `- get_listing p99 under 10 ms (read cache on): ${verdict(results.getListing.p99 < 10)} (${results.getListing.p99} ms).`,
        `- get_listing throughput at least 40% of the bare route (read cache on): ${verdict(share >= 0.4 && results.turns.failed === 0)} (${percent(share)} in ${turns} turns of ${turnSeconds} s each, right after the get_listing row: ${Math.round(results.turns.api)} against ${Math.round(results.turns.bare)} rps, ${results.turns.failed} errors; the rows' own runs, minutes apart, give ${percent(rowShare)} of the faster bare run).`,
        `- search_listings p95 under 30 ms (read cache on): ${verdict(results.search.p95 < 30)} (${results.search.p95} ms).`,
        `- search_listings, read cache off, unique queries: p95 under 30 ms ${verdict(results.searchUncached.p95 < 30)} (${results.searchUncached.p95} ms), p99 under 60 ms ${verdict(results.searchUncached.p99 < 60)} (${results.searchUncached.p99} ms), no errors ${verdict(results.searchUncached.errors + results.searchUncached.non2xx === 0)}.`,
        `- get_listing, read cache off, every live slug: p99 under 8 ms ${verdict(results.getListingUncached.p99 < 8)} (${results.getListingUncached.p99} ms), no errors ${verdict(results.getListingUncached.errors + results.getListingUncached.non2xx === 0)}.`,
        '',
        `The "read cache on" rows run with the production settings: an api process answers a public read it made less than ${env.PUBLIC_READ_CACHE_MS} ms ago from memory. Their load repeats its ${listingPaths.length.toLocaleString('en')} slugs and ${queries.length} queries, so many requests are such hits (listing profiles stay until PostgreSQL announces a change of them, and nothing changes during the run; the run starts after one request to each path). The "read cache off" rows send every request to PostgreSQL, and no request twice in a row: the live slugs in a shuffled order (get_listing first with every listing's document out of date, as after a change of each, so each read builds and stores it; then, once every document is built, in another order), and a stream of distinct queries (whole names, prefixes, one- and two-typo names, multi-word purposes; half with a filter; every sort) sent in turn (\`bench/search-queries.ts\`); ${warmUps} other slugs and queries warm that api first.`,
        '',
        `Settings: ${Object.entries(env)
          .map(([k, v]) => `${k}=${v}`)
          .join(
            ', ',
          )}. Rate limiting and request logging stay in the pipeline; the limit is raised so that no request is refused and the log level hides per-request lines.`,
      ].join('\n');
    } finally {
      await stack.close();
    }
  },
};
