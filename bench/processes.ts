import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createApiKey } from '../src/accounts/api-keys.js';
import { catalogueIsEmpty, seedCatalogue } from '../src/seed/catalogue.js';
import { freePort } from '../test/support/ports.js';
import { runTimeSecrets } from '../test/support/secrets.js';
import { runLoad } from './load.js';
import { repeatedSearchQueries } from './search-queries.js';
import type { BenchSection } from './section.js';
import { startBenchStack } from './stack.js';

/** Connections in all, whether one process serves them or two share them. */
const connections = 16;

/** Listing updates whose propagation to the other process is timed. */
const changes = 20;

interface ApiProcess {
  origin: string;
  child: ChildProcess;
  /** From spawn to the first answered request: start-up, connections, and the search index loaded. */
  readySeconds: number;
}

/** An api process as production runs it (`npm run api`), on the bench's PostgreSQL and Temporal. */
async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    // Two api processes on one machine: no metrics listener (both would take 9464).
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, METRICS_PORT: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api process exited with ${child.exitCode}`);
    const up = await fetch(`${origin}/api/v1/site`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { origin, child, readySeconds: (performance.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopApiProcess({ child }: ApiProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident and peak resident memory of a process, in MB (Linux). */
function memoryOf({ child }: ApiProcess): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(field)) ?? '')?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS:') / 1024), peak: Math.round(kb('VmHWM:') / 1024) };
}

/** The same paths sent to each origin at once, the connections shared between them; rates add up. */
async function loadSpread(origins: string[], paths: string[], seconds: number) {
  const parts = await Promise.all(
    origins.map((origin) => runLoad({ origin, paths, connections: connections / origins.length, seconds })),
  );
  return {
    rps: parts.reduce((sum, r) => sum + r.rps, 0),
    p50: Math.max(...parts.map((r) => r.p50)),
    p99: Math.max(...parts.map((r) => r.p99)),
    failed: parts.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** Milliseconds from `since` until `check` holds, asking every 5 ms (for at most 30 s). */
async function timeUntil(since: number, check: () => Promise<boolean>): Promise<number> {
  while (!(await check())) {
    if (performance.now() - since > 30_000) throw new Error('a change did not reach the other process in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - since;
}

/**
 * Two api processes on one PostgreSQL and Temporal, as a deployment behind a load balancer runs
 * them: cached reads with one process and with two, each process's memory and start-up time, and
 * how long a listing edited through one takes to show in get_listing and search on the other.
 */
export const processesSection: BenchSection = {
  name: 'two-processes',
  async run(log, options) {
    const listings = options.listings ?? 100_000;
    const seconds = options.seconds ?? 15;
    // Every api process keys voters' networks alike, with a key made for this run.
    const env = {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_POINTS: '100000000',
      DATABASE_POOL_MAX: '16',
      PUBLIC_READ_CACHE_MS: '2000',
      VOTE_NETWORK_KEY: runTimeSecrets().VOTE_NETWORK_KEY,
    };
    const stack = await startBenchStack(env, options.dataDir);
    const processes: ApiProcess[] = [];
    try {
      if (await catalogueIsEmpty(stack.deps.orm.em.fork(), stack.deps.site.id)) {
        await seedCatalogue(stack.deps.orm.em.fork(), stack.deps.site.id, {
          listings,
          now: new Date(),
          onProgress: (n) => n % 20_000 === 0 && log(`seeded ${n}`),
        });
      }
      const { rows: live } = await stack.deps.readPool.query<{ id: number; slug: string; name: string; owner_id: number }>(
        `select id, slug, name, owner_id from listing where status = 'live' and owner_id is not null and site_id = $1 order by md5(slug)`,
        [stack.deps.site.id],
      );
      const childEnv = {
        ...env,
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'test',
        ALLOW_TEST_PAYMENTS: 'true',
        SMTP_URL: 'smtp://127.0.0.1:25',
        DATABASE_URL: stack.databaseUrl,
        TEMPORAL_ADDRESS: stack.temporalAddress,
      };
      // One after the other, so that each start-up is timed alone.
      processes.push(await startApiProcess(childEnv));
      processes.push(await startApiProcess(childEnv));
      const [a, b] = processes;
      log(`api processes ready in ${a.readySeconds.toFixed(1)} s and ${b.readySeconds.toFixed(1)} s`);

      const listingPaths = live.slice(0, 2000).map((r) => `/api/v1/listings/${r.slug}`);
      const searchPaths = repeatedSearchQueries(live.slice(0, 2000).map((r) => r.name)).map((q) => `/api/v1/listings?${q}`);
      const paths = [...listingPaths, ...searchPaths];
      // Warm-up: every path once on each process, as on a service that has been up a while.
      for (const origin of [a.origin, b.origin]) {
        const warm = await runLoad({ origin, paths, connections: 4, order: 'each-once' });
        if (warm.errors + warm.non2xx > 0) throw new Error(`warm-up: ${warm.errors + warm.non2xx} requests failed`);
      }
      const one = await loadSpread([a.origin], paths, seconds);
      const two = await loadSpread([a.origin, b.origin], paths, seconds);
      log(`cached reads: one process ${Math.round(one.rps)} rps, two ${Math.round(two.rps)} rps`);

      const delays = await propagation(stack, live.slice(-changes), a.origin, b.origin);
      const memory = processes.map(memoryOf);
      const row = (label: string, r: Awaited<ReturnType<typeof loadSpread>>) =>
        `| ${label} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.failed} |`;
      const ms = (values: number[]) =>
        `median ${quantile(values, 0.5).toFixed(0)} ms, slowest ${Math.max(...values).toFixed(0)} ms`;
      const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
      const worstPeak = Math.max(...memory.map((m) => m.peak));
      const slowestReady = Math.max(a.readySeconds, b.readySeconds);
      return [
        `${live.length.toLocaleString('en')} live listings with an owner (the ones the rows read and edit) in a catalogue of ${listings.toLocaleString('en')}. Two api processes (\`npm run api\`, production settings) on the bench's PostgreSQL and Temporal; the load generator runs in this process and spreads ${connections} connections over the processes serving (${seconds} s per row; each process saw every path once before).`,
        '',
        '| Cached reads (get_listing of 2,000 slugs and repeated searches, mixed) | Requests/s | p50 ms (worst process) | p99 ms (worst process) | Errors and non-2xx |',
        '|---|---|---|---|---|',
        row('one api process', one),
        row('two api processes', two),
        '',
        `- Scaling with processes: two serve ${(two.rps / one.rps).toFixed(2)}× what one does (the load generator and PostgreSQL share the same ${cpus().length} cores).`,
        `- Ready (search index loaded, first request answered): ${a.readySeconds.toFixed(1)} s and ${b.readySeconds.toFixed(1)} s; under 30 s ${verdict(slowestReady < 30)}.`,
        `- Memory after the rows: resident ${memory.map((m) => `${m.rss} MB`).join(' and ')}, peak ${memory.map((m) => `${m.peak} MB`).join(' and ')}; under 1.5 GB ${verdict(worstPeak < 1536)}.`,
        `- A listing's tagline edited through one process (update_my_listing), ${changes} times, each read just before on the other so that its old answer was cached there: the other process's get_listing showed it after ${ms(delays.profile)} (the change notification drops the cached profile); its search for a word of the new tagline found it after ${ms(delays.search)} (search results are cached for PUBLIC_READ_CACHE_MS=${env.PUBLIC_READ_CACHE_MS} ms; the in-memory index itself reads every committed change before each search).`,
      ].join('\n');
    } finally {
      for (const p of processes) await stopApiProcess(p);
      await stack.close();
    }
  },
};

/** Edits through `writer` and times until `reader` shows them, in get_listing and in search. */
async function propagation(
  stack: Awaited<ReturnType<typeof startBenchStack>>,
  listings: Array<{ id: number; slug: string; owner_id: number }>,
  writer: string,
  reader: string,
): Promise<{ profile: number[]; search: number[] }> {
  const profile: number[] = [];
  const search: number[] = [];
  for (const listing of listings) {
    const { key } = await createApiKey(stack.deps.orm.em.fork(), listing.owner_id, 'bench propagation');
    // Random letters and nothing else: search takes an unknown word for its nearest known one, and
    // a stem shared with the word an earlier run on the same data dir wrote would find that listing.
    const word = Array.from(randomBytes(16), (b) => String.fromCharCode(97 + (b % 26))).join('');
    const tagline = `Now with ${word} built in`;
    const profileUrl = `${reader}/api/v1/listings/${listing.slug}`;
    const searchUrl = `${reader}/api/v1/listings?q=${word}`;
    const found = async () =>
      ((await (await fetch(searchUrl)).json()) as { items: Array<{ slug: string }> }).items.some((x) => x.slug === listing.slug);
    const shown = async () => ((await (await fetch(profileUrl)).json()) as { tagline: string }).tagline === tagline;
    // The old answers, now cached on the reader.
    if ((await shown()) || (await found())) throw new Error('the new tagline showed before it was written');
    const response = await fetch(`${writer}/api/v1/me/listings/${listing.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { tagline } }),
    });
    if (!response.ok) throw new Error(`update_my_listing answered ${response.status}: ${await response.text()}`);
    const written = performance.now();
    const [p, s] = await Promise.all([timeUntil(written, shown), timeUntil(written, found)]);
    profile.push(p);
    search.push(s);
  }
  return { profile, search };
}
