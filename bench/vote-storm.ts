import { Agent, request } from 'node:http';
import { runInWorker } from './in-worker.js';

/**
 * The voting half of the launch-day load: signed-in people casting and withdrawing votes through
 * the site's vote form, each connection in turn, in a worker thread (it must not share the server's
 * event loop). Every answer is written to the client's own ledger, which the check afterwards holds
 * against PostgreSQL.
 */

export interface StormPerson {
  userId: number;
  /** The Cookie header of this person's browser: session and CSRF cookies. */
  cookie: string;
  /** The form token that goes with the CSRF cookie. */
  csrf: string;
  /** The address this person's requests come from, sent as X-Forwarded-For. */
  address: string;
}

export interface StormInput {
  origin: string;
  people: StormPerson[];
  slugs: string[];
  connections: number;
  seconds: number;
}

export interface StormResult {
  seconds: number;
  /** Answered requests, each one a vote cast or withdrawn as asked. */
  casts: number;
  withdrawals: number;
  /** Requests that failed or were refused, by HTTP status (0: no answer), and the first answer of each. */
  failures: Record<string, { count: number; sample: string }>;
  p50: number;
  p99: number;
  /** The votes that stand by the ledger: [userId, slug index]. */
  standing: Array<[number, number]>;
  /** Votes whose request failed: the ledger cannot say whether they stand. */
  uncertain: Array<[number, number]>;
}

/** Runs the storm in a worker thread that loads this file through tsx. */
export function runVoteStorm(input: StormInput): Promise<StormResult> {
  return runInWorker(import.meta.url, 'storm', input);
}

interface Answer {
  status: number;
  body: string;
}

function post(agent: Agent, origin: string, path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => resolve({ status: 0, body: String(error) }));
    });
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(body);
  });
}

const withdrawShare = 0.2;

/** Launch-day attention is uneven: the first listings draw most votes (the first one about a tenth). */
const hotListing = (count: number) => Math.floor(count * Math.random() ** 2);

/** The worker's side: each connection takes every `connections`-th person, so a person's requests never overlap. */
export async function storm(input: StormInput): Promise<StormResult> {
  const { origin, people, slugs, connections, seconds } = input;
  const standing = new Map<number, Set<number>>(people.map((p) => [p.userId, new Set<number>()]));
  const uncertain = new Map<string, [number, number]>();
  const failures: StormResult['failures'] = {};
  const latencies: number[] = [];
  let casts = 0;
  let withdrawals = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const connection = async (index: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const mine = people.filter((_, i) => i % connections === index);
    while (performance.now() < deadline) {
      const person = mine[Math.floor(Math.random() * mine.length)];
      const votes = standing.get(person.userId)!;
      // People change their minds: one action in five takes back one of their votes, when they have one.
      const mind =
        votes.size > 0 && Math.random() < withdrawShare ? [...votes][Math.floor(Math.random() * votes.size)] : undefined;
      const listing = mind ?? hotListing(slugs.length);
      // A person who already voted for the listing they come back to takes the vote back.
      const wanted = !votes.has(listing);
      const body = `csrf=${encodeURIComponent(person.csrf)}&on=${wanted ? '1' : '0'}`;
      const sent = performance.now();
      const answer = await post(
        agent,
        origin,
        `/listings/${slugs[listing]}/vote`,
        {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          cookie: person.cookie,
          'x-forwarded-for': person.address,
        },
        body,
      );
      latencies.push(performance.now() - sent);
      const state = answer.status === 200 ? (JSON.parse(answer.body) as { on: boolean }) : undefined;
      const key = `${person.userId}:${listing}`;
      if (state?.on === wanted) {
        if (wanted) votes.add(listing);
        else votes.delete(listing);
        if (wanted) casts++;
        else withdrawals++;
        // A later answer for the same vote says again where it stands.
        uncertain.delete(key);
        continue;
      }
      const failure = (failures[String(answer.status)] ??= { count: 0, sample: answer.body.slice(0, 300) });
      failure.count++;
      uncertain.set(key, [person.userId, listing]);
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => connection(i)));

  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100 : 0;
  return {
    seconds: (performance.now() - started) / 1000,
    casts,
    withdrawals,
    failures,
    p50: at(0.5),
    p99: at(0.99),
    standing: [...standing].flatMap(([userId, listings]) => [...listings].map((l): [number, number] => [userId, l])),
    uncertain: [...uncertain.values()],
  };
}
