import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startWebSession } from '../src/accounts/web-sessions.js';
import { isoDate, mondayOf } from '../src/domain/weeks.js';
import { Listing } from '../src/entities/listing.js';
import { query, sql } from '../src/platform/sql.js';
import { goLive } from '../src/publishing/launch-steps.js';
import { seedCatalogue } from '../src/seed/catalogue.js';
import { generateListings } from '../src/seed/generate.js';
import { csrfCookieName, csrfTokenOf } from '../api/web/shared/csrf.js';
import { sessionCookieName } from '../api/web/shared/session.js';
import { runLoad } from './load.js';
import type { BenchSection } from './section.js';
import { startBenchStack, type BenchStack } from './stack.js';
import { loadNice } from './in-worker.js';
import { runVoteStorm, type StormPerson, type StormResult } from './vote-storm.js';
import { runClickStorm } from './click-storm.js';
import { checkClicks, clickMethod, storedClicks } from './click-check.js';

/** Listings of earlier weeks around the launch, so that the site is not empty but for them. */
const earlierListings = 1000;
const leaderboardPath = '/api/v1/leaderboards/community-weekly';

/**
 * `listings` go live this week through the go-live step of the listingLaunch workflow, as paid
 * launches scheduled for it; their launch time is then set to the week's Monday 00:00 UTC, when
 * the workflow's timer would have fired.
 */
async function launchListings(stack: BenchStack, count: number, monday: Date): Promise<string[]> {
  const { orm, site, mailer, config } = stack.deps;
  const em = orm.em.fork();
  const taken = await query(em, sql<{ slug: string; domain: string | null }>`select slug, domain from listing`);
  const used = new Set(taken.flatMap((r) => [r.slug, r.domain]));
  const categories = new Map(
    (await query(em, sql<{ id: number; slug: string }>`select id, slug from category where site_id = ${site.id}`)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  const picked = [...generateListings(count * 4, monday, 2026)].filter((l) => !used.has(l.slug) && !used.has(l.domain));
  const entities = picked.slice(0, count).map((l) =>
    em.create(Listing, {
      siteId: site.id,
      slug: l.slug,
      name: l.name,
      tagline: l.tagline,
      shortDescription: l.short_description,
      description: l.description,
      stage: l.stage,
      pricingModel: l.pricing_model,
      pricingSummary: l.pricing_summary,
      country: l.country,
      city: l.city,
      foundedYear: l.founded_year,
      websiteUrl: l.website_url,
      domain: l.domain,
      logoUrl: l.logo_url,
      features: l.features,
      usps: l.usps,
      keywords: l.keywords,
      tags: l.tags,
      categoryIds: l.categories.flatMap((slug) => categories.get(slug) ?? []),
      socials: l.socials,
      faqs: l.faqs,
      status: 'scheduled',
      plan: 'paid',
      launchWeek: isoDate(monday),
    }),
  );
  if (entities.length < count) throw new Error(`only ${entities.length} new listings could be generated`);
  await em.flush();
  for (const listing of entities) await goLive(orm.em.fork(), mailer, config.publicUrl, { listingId: listing.id, plan: 'paid' });
  await query(
    em,
    sql`update listing set launched_at = ${monday.toISOString()}::timestamptz where id = any(${sql.array(
      entities.map((l) => l.id),
      'int',
    )})`,
  );
  return entities.map((l) => l.slug);
}

/**
 * People with accounts older than the vote rules' new-account threshold, each signed in as the
 * sign-in does it (a web session row), with a CSRF cookie and its form token, and an address of
 * their own network (sent as X-Forwarded-For to an api that trusts its proxy).
 */
async function signedInPeople(stack: BenchStack, count: number): Promise<StormPerson[]> {
  const { orm, config, keys } = stack.deps;
  const em = orm.em.fork();
  const users = await query(
    em,
    sql<{ id: number }>`insert into app_user (email, name, created_at)
      select 'voter-' || g || '@people.example', 'Voter ' || g, now() - interval '30 days' from generate_series(1, ${count}) g
      returning id`,
  );
  const people: StormPerson[] = [];
  const signIn = async (em: EntityManager, id: number, i: number) => {
    const session = await startWebSession(em, id, config.auth.sessionTtlDays);
    const browserId = randomBytes(32).toString('base64url');
    people[i] = {
      userId: id,
      cookie: `${sessionCookieName}=${session}; ${csrfCookieName}=${browserId}`,
      csrf: csrfTokenOf(browserId, keys.cookieKeys[0]),
      address: `10.${(i >> 8) & 255}.${i & 255}.7`,
    };
  };
  const lanes = 8;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const laneEm = orm.em.fork();
      for (let i = lane; i < users.length; i += lanes) await signIn(laneEm, users[i].id, i);
    }),
  );
  return people;
}

interface LedgerCheck {
  ledger: number;
  stored: number;
  lost: number;
  unexpected: number;
  doubled: number;
  discounted: number;
  uncertain: number;
  /** Listings whose counter differs from the ledger's votes for them. */
  counters: number;
}

/** The client's ledger against the vote table and the listings' counters. */
async function checkLedger(stack: BenchStack, slugs: string[], storm: StormResult): Promise<LedgerCheck> {
  const em = stack.deps.orm.em.fork();
  const rows = await query(
    em,
    sql<{ user_id: number; slug: string; n: number; discounted: number }>`select v.user_id, l.slug, count(*)::int as n,
       count(*) filter (where v.discount_reason is not null)::int as discounted
     from vote v join listing l on l.id = v.listing_id where l.slug = any(${sql.array(slugs, 'text')}) group by v.user_id, l.slug`,
  );
  const uncertain = new Set(storm.uncertain.map(([user, listing]) => `${user}:${slugs[listing]}`));
  const ledger = new Set(storm.standing.map(([user, listing]) => `${user}:${slugs[listing]}`));
  const stored = new Set(rows.map((r) => `${r.user_id}:${r.slug}`));
  const expected = new Map(slugs.map((s) => [s, 0]));
  for (const [, listing] of storm.standing) expected.set(slugs[listing], expected.get(slugs[listing])! + 1);
  const counters = await query(
    em,
    sql<{ slug: string; vote_count: number }>`select slug, vote_count from listing where slug = any(${sql.array(slugs, 'text')})`,
  );
  const open = (key: string) => !uncertain.has(key);
  return {
    ledger: ledger.size,
    stored: rows.length,
    lost: [...ledger].filter((k) => !stored.has(k) && open(k)).length,
    unexpected: [...stored].filter((k) => !ledger.has(k) && open(k)).length,
    doubled: rows.filter((r) => r.n > 1).length,
    discounted: rows.reduce((sum, r) => sum + r.discounted, 0),
    uncertain: uncertain.size,
    counters: counters.filter((c) => c.vote_count !== expected.get(c.slug)).length,
  };
}

/** Milliseconds until the weekly community leaderboard shows the ledger's counts for every launched listing, or null. */
async function leaderboardAgreement(stack: BenchStack, slugs: string[], storm: StormResult, withinMs: number) {
  const expected = new Map<string, number>();
  for (const [, listing] of storm.standing) expected.set(slugs[listing], (expected.get(slugs[listing]) ?? 0) + 1);
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    const shown = new Map<string, number>();
    for (let page = 1; page <= Math.ceil(slugs.length / 100) + 1; page++) {
      const board = (await (await fetch(`${stack.url}${leaderboardPath}?per_page=100&page=${page}`)).json()) as {
        items: Array<{ listing: { slug: string }; metric: { votes: number } }>;
      };
      for (const item of board.items) shown.set(item.listing.slug, item.metric.votes);
      if (board.items.length < 100) break;
    }
    if (slugs.every((s) => (shown.get(s) ?? 0) === (expected.get(s) ?? 0))) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** What the section measures and how it checks the votes, printed above its results. */
const method = `What is measured. The launched listings are written as paid launches scheduled for this week
and put live by the go-live step of the listingLaunch workflow (\`goLive\`), then given the week's
Monday 00:00 UTC as their launch time, when the workflow's timer would have fired. The people are
accounts a month old (so that the new-account rule counts their votes), each with a web session made
as the sign-in makes it (\`startWebSession\`), a CSRF cookie and its form token, and a network of its
own (X-Forwarded-For to an api that trusts its proxy, so the shared-network rule counts them too).
The voting connections post the site's vote form (\`POST /listings/<slug>/vote\`, JSON answer) as
these people, each connection for its own share of them so that one person's requests never
overlap; one action in five withdraws one of the person's votes (when they have one), a person
who comes back to a listing they voted for withdraws that vote, and attention is uneven (the first
listing draws about a tenth of the casts: a hot listing). The page connections
read, signed in as these people, listing pages (about 3 in 5), the launch week page and the weekly
community leaderboard page. Votes accepted per second counts casts and withdrawals answered as
asked, over the storm's time; latencies are per response, measured by the client. CPU per
answered request is the CPU time of the api's main thread and of every PostgreSQL process during
the storm (from /proc), divided by the votes and pages answered. The api's main thread's share of
the storm on a core, and waiting for one (ready to run while every core was busy: PostgreSQL, the
load, other work on the machine), come from the scheduler's own account of it (schedstat); a long
wait says the machine, not the api's code, set the pace.

How the check works. The vote client keeps its own ledger: a vote stands once the answer to its
cast says \`on: true\`, and no longer once a withdrawal's answer says \`on: false\`; a request that
fails is an error and leaves its vote of unknown fate. After the storm, with every request
answered, the votes PostgreSQL holds for the launched listings are compared with the ledger,
person by person and listing by listing (lost: in the ledger only; unexpected: in PostgreSQL only;
doubled: two rows for one person and listing), and each listing's vote counter (kept by trigger)
with the ledger's number for it. Then the weekly community leaderboard (\`get_leaderboard\`, the
read behind the page, through the api's read cache) is polled every 100 ms until it shows every
launched listing with the ledger's number of votes; the time from the end of the storm is
recorded, and more than 5 s is a target not met.`;

/** Seconds of CPU (user and system) in a /proc stat line; Linux counts them in USER_HZ, 100 a second. */
function cpuSecondsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The api's main thread in /proc: this process's main thread (the load runs in worker threads). */
const apiThread = `/proc/self/task/${process.pid}`;

/**
 * CPU used so far by the api's main thread and by every PostgreSQL process. Throughput on a shared
 * machine varies by a tenth from run to run; the CPU a request costs varies much less.
 */
function cpuSeconds(): { api: number; postgres: number } {
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) postgres += cpuSecondsOf(stat);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { api: cpuSecondsOf(readFileSync(`${apiThread}/stat`, 'utf8')), postgres };
}

/**
 * Nanoseconds the api's main thread has spent on a core and waiting for one, from the scheduler's
 * statistics; undefined where the kernel keeps none.
 */
function schedulerTimes(): { running: number; waiting: number } | undefined {
  try {
    const [running, waiting] = readFileSync(`${apiThread}/schedstat`, 'utf8').split(' ').map(Number);
    return { running, waiting };
  } catch {
    return undefined;
  }
}

export const launchDaySection: BenchSection = {
  name: 'launch-day',
  async run(log, options) {
    const listings = options.listings ?? 100;
    const people = options.people ?? 5000;
    const connections = options.connections ?? 8;
    const seconds = options.seconds ?? 60;
    const clickSeconds = 30;
    // Production settings; the api trusts its proxy's X-Forwarded-For (each person has their own
    // network), the per-address request limit is raised for the page load's single address, and
    // the per-account budget for votes stays at its default.
    const env = {
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      RATE_LIMIT_POINTS: '100000000',
      DATABASE_POOL_MAX: '16',
      PUBLIC_READ_CACHE_MS: '2000',
    } as const;
    const stack = await startBenchStack(env);
    try {
      const now = new Date();
      const monday = mondayOf(now);
      await seedCatalogue(stack.deps.orm.em.fork(), stack.deps.site.id, {
        listings: earlierListings,
        now: new Date(monday.getTime() - 1000),
      });
      const slugs = await launchListings(stack, listings, monday);
      const crowd = await signedInPeople(stack, people);
      log(`seeded: ${slugs.length} listings live since ${monday.toISOString()}, ${crowd.length} people signed in`);

      const pagePaths = [
        ...slugs.map((s) => `/listings/${s}`),
        ...Array<string>(Math.ceil(slugs.length / 3)).fill(`/launches/weeks/${isoDate(monday)}`),
        ...Array<string>(Math.ceil(slugs.length / 3)).fill('/leaderboards/community-weekly'),
      ];
      const cookies = crowd.map((p) => p.cookie);
      // Each page read once, as a site that has been up a while has built them.
      await runLoad({ origin: stack.url, paths: [...new Set(pagePaths)], connections: 1, order: 'each-once' });
      const load = loadavg().map((n) => n.toFixed(2));
      log(`storm: ${seconds} s, ${connections} + ${connections} connections; load average ${load.join(' ')}`);
      const cpuBefore = cpuSeconds();
      const schedulerBefore = schedulerTimes();
      const stormStarted = process.hrtime.bigint();
      const [storm, pages] = await Promise.all([
        runVoteStorm({ origin: stack.url, people: crowd, slugs, connections, seconds }),
        runLoad({ origin: stack.url, paths: pagePaths, connections, seconds, cookies }),
      ]);
      const cpuAfter = cpuSeconds();
      const schedulerAfter = schedulerTimes();
      const stormNs = Number(process.hrtime.bigint() - stormStarted);
      const agreedMs = await leaderboardAgreement(stack, slugs, storm, 5000);
      const ledger = await checkLedger(stack, slugs, storm);

      log(`clicks: ${clickSeconds} s, ${connections} connections`);
      const clicksBefore = await storedClicks(stack, slugs);
      const clicks = await runClickStorm({ origin: stack.url, slugs, connections, seconds: clickSeconds });
      // Counts wait up to a second in the api's memory: what it still holds is written first.
      await stack.deps.traffic.flush();
      const clickCheck = checkClicks(clicksBefore, await storedClicks(stack, slugs), clicks);
      const clicksPerSecond =
        (clicks.redirected + Object.values(clicks.failures).reduce((n, f) => n + f.count, 0)) / clicks.seconds;
      const clickErrors = Object.values(clicks.failures).reduce((sum, f) => sum + f.count, 0);
      log(
        `clicks ${Math.round(clicksPerSecond)}/s p50 ${clicks.p50} p99 ${clicks.p99} ms; errors ${clickErrors}; lost ${clickCheck.lost}; extra ${clickCheck.extra}`,
      );
      const accepted = storm.casts + storm.withdrawals;
      const votesPerSecond = accepted / storm.seconds;
      const voteErrors = Object.values(storm.failures).reduce((sum, f) => sum + f.count, 0);
      const pageErrors = pages.errors + pages.non2xx;
      const answered = accepted + pages.requests;
      const perRequest = (key: 'api' | 'postgres') => Math.round(((cpuAfter[key] - cpuBefore[key]) * 1e6) / answered);
      const shareOfStorm = (key: 'running' | 'waiting') =>
        schedulerBefore && schedulerAfter
          ? `${Math.round((100 * (schedulerAfter[key] - schedulerBefore[key])) / stormNs)}%`
          : 'not kept here';
      log(
        `votes ${Math.round(votesPerSecond)}/s p50 ${storm.p50} p99 ${storm.p99} ms; pages ${Math.round(pages.rps)}/s p99 ${pages.p99} ms; errors ${voteErrors} + ${pageErrors}; lost ${ledger.lost}; leaderboard ${agreedMs ?? 'never'} ms`,
      );
      for (const [status, failure] of Object.entries(storm.failures)) log(`vote ${status} x${failure.count}: ${failure.sample}`);
      const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
      const failed = Object.entries(storm.failures)
        .map(([status, f]) => `${f.count} x ${status === '0' ? 'no answer' : status}`)
        .join(', ');
      const intact =
        ledger.lost === 0 && ledger.unexpected === 0 && ledger.doubled === 0 && ledger.counters === 0 && ledger.uncertain === 0;
      return [
        `${slugs.length} listings live since ${monday.toISOString()} (this week's Monday), beside ${earlierListings.toLocaleString('en')} listings of earlier weeks; ${crowd.length.toLocaleString('en')} people signed in. Then ${seconds} s of load on loopback, load average ${load.join(' ')} at its start: ${connections} connections voting and ${connections} reading pages (signed in), each kind from its own worker thread of the same process${loadNice ? `, at nice ${loadNice}` : ''}.`,
        '',
        method,
        '',
        clickMethod(connections),
        '',
        '| Measure | Value |',
        '|---|---|',
        `| Votes accepted per second (casts and withdrawals) | ${Math.round(votesPerSecond)} (${storm.casts.toLocaleString('en')} casts, ${storm.withdrawals.toLocaleString('en')} withdrawals) |`,
        `| Vote p50 / p99 ms | ${storm.p50} / ${storm.p99} |`,
        `| Pages per second (listing, week, leaderboard) | ${Math.round(pages.rps)} |`,
        `| Page p50 / p95 / p99 ms | ${pages.p50} / ${pages.p95} / ${pages.p99} |`,
        `| CPU per answered request: api main thread / PostgreSQL µs | ${perRequest('api')} / ${perRequest('postgres')} |`,
        `| api main thread during the storm: on a core / waiting for one | ${shareOfStorm('running')} / ${shareOfStorm('waiting')} |`,
        `| Errors and refusals: votes / pages | ${voteErrors}${failed ? ` (${failed})` : ''} / ${pageErrors} |`,
        `| Votes standing: client's ledger / PostgreSQL | ${ledger.ledger.toLocaleString('en')} / ${ledger.stored.toLocaleString('en')} |`,
        `| Lost / unexpected / doubled / of unknown fate | ${ledger.lost} / ${ledger.unexpected} / ${ledger.doubled} / ${ledger.uncertain} |`,
        `| Listings whose vote counter differs from the ledger | ${ledger.counters} |`,
        `| Votes discounted by the rules | ${ledger.discounted} |`,
        `| Weekly leaderboard agrees with the ledger after | ${agreedMs === null ? 'not within 5 s' : `${agreedMs} ms`} |`,
        `| Clicks per second (/go, ${clickSeconds} s on their own) | ${Math.round(clicksPerSecond)} (${clicks.redirected.toLocaleString('en')} redirected: ${clicks.bots.toLocaleString('en')} by bots, ${clicks.repeats.toLocaleString('en')} repeats) |`,
        `| Redirect p50 / p99 ms | ${clicks.p50} / ${clicks.p99} |`,
        `| Clicks that should count: client's log / counted in PostgreSQL | ${clickCheck.expected.toLocaleString('en')} / ${clickCheck.stored.toLocaleString('en')} |`,
        `| Clicks lost / extra (bots, repeats or doubles counted) / errors | ${clickCheck.lost} / ${clickCheck.extra} / ${clickErrors} |`,
        '',
        `- At least 500 votes/s: ${verdict(votesPerSecond >= 500)} (${Math.round(votesPerSecond)}).`,
        `- Vote p99 under 100 ms: ${verdict(storm.p99 < 100)} (${storm.p99} ms).`,
        `- Page p99 under 30 ms during the storm: ${verdict(pages.p99 < 30)} (${pages.p99} ms).`,
        `- 0 errors: ${verdict(voteErrors + pageErrors === 0)} (${voteErrors + pageErrors}).`,
        `- 0 lost, none doubled, counters true: ${verdict(intact)}.`,
        `- Leaderboard agrees within 5 s: ${verdict(agreedMs !== null)}.`,
        `- At least 2,000 clicks/s: ${verdict(clicksPerSecond >= 2000)} (${Math.round(clicksPerSecond)}).`,
        `- Redirect p99 under 5 ms: ${verdict(clicks.p99 < 5)} (${clicks.p99} ms).`,
        `- Clicks: 0 lost, 0 doubled, bots and repeats not counted, 0 errors: ${verdict(clickCheck.lost === 0 && clickCheck.extra === 0 && clickErrors === 0)}.`,
        '',
        `Settings: ${Object.entries(env)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}; the vote rules and the per-account limit of votes keep their defaults.`,
      ].join('\n');
    } finally {
      await stack.close();
    }
  },
};
