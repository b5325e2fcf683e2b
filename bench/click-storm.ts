import { Agent, request } from 'node:http';
import { runInWorker } from './in-worker.js';
import { clickPlaces } from '../src/domain/analytics.js';

/**
 * The clicking half of launch day: visitors following `/go` links of the launched listings, in a
 * worker thread (it must not share the server's event loop). A tenth are bots; some clicks repeat
 * an earlier one of the same visitor, listing and place. The client keeps its own log of the
 * clicks that should count (each visitor's first click of a listing and place, bots left out),
 * which the check afterwards holds against the hourly rows in PostgreSQL.
 */

export interface ClickStormInput {
  origin: string;
  slugs: string[];
  connections: number;
  seconds: number;
}

export interface ClickStormResult {
  seconds: number;
  /** Clicks answered with a 302 to the listing's website. */
  redirected: number;
  bots: number;
  repeats: number;
  /** Requests that failed or were not a 302 to the website, by HTTP status (0: no answer), and the first answer of each. */
  failures: Record<string, { count: number; sample: string }>;
  p50: number;
  p99: number;
  /** The clicks that should count, by `<slug> <place>`. */
  expected: Record<string, number>;
}

/** Runs the clicks in a worker thread that loads this file through tsx. */
export function runClickStorm(input: ClickStormInput): Promise<ClickStormResult> {
  return runInWorker(import.meta.url, 'clickStorm', input);
}

interface Answer {
  status: number;
  location: string | undefined;
}

function get(agent: Agent, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      res.on('error', () => resolve({ status: 0, location: undefined }));
    });
    req.on('error', () => resolve({ status: 0, location: undefined }));
    req.end();
  });
}

const botShare = 0.1;
const repeatShare = 0.1;
const browserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const botAgents = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
];
/** Launch-day attention is uneven: the first listings draw most clicks. */
const hotListing = (count: number) => Math.floor(count * Math.random() ** 2);

interface Click {
  slug: number;
  place: string;
  address: string;
  agent: string;
}

/** The worker's side: each connection its own visitors (10.<connection>.x.y, x below 255, which is the bots'), so one visitor's clicks never overlap. */
export async function clickStorm(input: ClickStormInput): Promise<ClickStormResult> {
  const { origin, slugs, connections, seconds } = input;
  const expected: Record<string, number> = {};
  const failures: ClickStormResult['failures'] = {};
  const latencies: number[] = [];
  let redirected = 0;
  let bots = 0;
  let repeats = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const connection = async (index: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const counted: Click[] = [];
    let visitors = 0;
    while (performance.now() < deadline) {
      let click: Click;
      let counts = false;
      if (Math.random() < botShare) {
        bots++;
        click = {
          slug: hotListing(slugs.length),
          place: clickPlaces[Math.floor(Math.random() * clickPlaces.length)],
          address: `10.${index}.255.${Math.floor(Math.random() * 250)}`,
          agent: botAgents[Math.floor(Math.random() * botAgents.length)],
        };
      } else if (counted.length > 0 && Math.random() < repeatShare) {
        repeats++;
        click = counted[Math.floor(Math.random() * counted.length)];
      } else {
        visitors++;
        click = {
          slug: hotListing(slugs.length),
          place: clickPlaces[Math.floor(Math.random() * clickPlaces.length)],
          address: `10.${index}.${(visitors >> 8) % 255}.${visitors & 255}`,
          agent: browserAgent,
        };
        counts = true;
      }
      const sent = performance.now();
      const answer = await get(agent, `${origin}/go/${slugs[click.slug]}?via=${click.place}`, {
        'user-agent': click.agent,
        'x-forwarded-for': click.address,
      });
      latencies.push(performance.now() - sent);
      if (answer.status !== 302 || !answer.location?.startsWith('http')) {
        const failure = (failures[String(answer.status)] ??= { count: 0, sample: answer.location ?? '' });
        failure.count++;
        continue;
      }
      redirected++;
      if (counts) {
        counted.push(click);
        const key = `${slugs[click.slug]} ${click.place}`;
        expected[key] = (expected[key] ?? 0) + 1;
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => connection(i)));

  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100 : 0;
  return {
    seconds: (performance.now() - started) / 1000,
    redirected,
    bots,
    repeats,
    failures,
    p50: at(0.5),
    p99: at(0.99),
    expected,
  };
}
