import Stripe from 'stripe';
import { isoDate, mondayOf } from '../../src/domain/weeks.js';
import type { Answer, FailoverClient } from './client.js';
import type { Websites } from './cluster.js';
import type { Fan, Owner } from './people.js';

/** What the client was told was done: the check afterwards holds PostgreSQL, Temporal and the mail server to it. */
export interface Ledger {
  drafts: Array<{ id: string; ownerId: number }>;
  /** Listings whose free launch answered scheduled, and the week. */
  freeLaunches: Array<{ listingId: number; week: string }>;
  /** Orders of a paid launch whose payment Stripe's webhook delivered. */
  paidOrders: Array<{ number: string; listingId: number; ownerEmail: string }>;
  claims: Array<{ id: number; listingId: number; userId: number }>;
  follows: Array<{ userId: number; slug: string }>;
  updates: Array<{ id: number; listingId: number; title: string }>;
  /** Votes standing by the answers: "userId:slug". */
  votes: Set<string>;
  /** Votes whose last request had no answer we could read. */
  uncertainVotes: Set<string>;
  /** Journeys that could not finish, with the step and answer. */
  abandoned: string[];
}

export function emptyLedger(): Ledger {
  return {
    drafts: [],
    freeLaunches: [],
    paidOrders: [],
    claims: [],
    follows: [],
    updates: [],
    votes: new Set(),
    uncertainVotes: new Set(),
    abandoned: [],
  };
}

/** A seeded generator (mulberry32): the same seed, the same run of choices. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface World {
  client: FailoverClient;
  websites: Websites;
  webhookSecret: string;
  ledger: Ledger;
  random: () => number;
  /** Owners for new products, each used once. */
  freshOwners: Owner[];
  /** Fans who may still vote or follow: each leaves the list before the site's hourly limit would refuse them. */
  fans: Fan[];
  /** Votes and follows one fan makes at most in the run (under COMMUNITY_ACTIONS_PER_HOUR; the run is shorter than an hour). */
  actionsPerFan: number;
  /** Live listings with an owner (their updates go to followers) and without one (to be claimed). */
  owned: Array<{ id: number; slug: string; owner: Owner }>;
  unowned: Array<{ id: number; slug: string; host: string }>;
  /** Slugs that are live, for votes and follows. */
  live: string[];
}

class Abandon extends Error {}

interface DraftView {
  id: string;
  status: string;
  failure?: unknown;
}
interface OwnerListing {
  slug: string;
  status: string;
  publication: { badge: { embed_html: string }; launch_week: string | null; next_step: string };
}

function expect<T>(what: string, answer: Answer<T>, ...ok: number[]): T {
  if (!ok.includes(answer.status)) throw new Abandon(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  return answer.body;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(w: World, items: T[]) => items[Math.floor(w.random() * items.length)];

/** A fan with actions left, counted as acting now; none once every fan has used theirs. */
function activeFan(w: World): Fan | undefined {
  while (w.fans.length) {
    const i = Math.floor(w.random() * w.fans.length);
    const fan = w.fans[i];
    if (fan.actions < w.actionsPerFan) {
      fan.actions++;
      return fan;
    }
    w.fans[i] = w.fans[w.fans.length - 1];
    w.fans.pop();
  }
  return undefined;
}
/** How long a founder waits for a draft before giving up on it (the check then finds it stuck). */
const draftPatienceMs = 180_000;
let products = 0;

/** A founder submits their website, waits for the draft, completes the founders and saves it as a listing. */
async function draftedListing(w: World, owner: Owner): Promise<{ listingId: number; host: string }> {
  const host = `p${++products}-${owner.id}.test`;
  const url = w.websites.add(host);
  const key = owner.key;
  const draft = expect(
    'submit_listing',
    await w.client.call<DraftView>('POST', '/api/v1/drafts', 'submit_listing', { key, json: { url }, idempotent: true }),
    201,
  );
  w.ledger.drafts.push({ id: draft.id, ownerId: owner.id });
  const giveUp = Date.now() + draftPatienceMs;
  for (let state = draft; state.status !== 'ready'; await pause(500)) {
    state = expect('get_draft', await w.client.call<DraftView>('GET', `/api/v1/drafts/${draft.id}`, 'get_draft', { key }), 200);
    if (state.status === 'failed') throw new Abandon(`draft failed: ${JSON.stringify(state.failure)}`);
    if (Date.now() > giveUp) throw new Abandon(`draft ${draft.id} still ${state.status}`);
  }
  const bio = 'Ada started the company after ten years of chasing unpaid invoices for a living, and wants nobody to.';
  const edit = {
    founders: [{ name: 'Ada Example', title: 'CEO', bio }],
    founder_socials: { linkedin: 'https://www.linkedin.com/in/ada-example' },
  };
  expect('update_draft', await w.client.call('PATCH', `/api/v1/drafts/${draft.id}`, 'update_draft', { key, json: edit }), 200);
  const saved = expect(
    'submit_draft',
    await w.client.call<{ listing_id: number }>('POST', `/api/v1/drafts/${draft.id}/submit`, 'submit_draft', {
      key,
      idempotent: true,
    }),
    200,
  );
  return { listingId: saved.listing_id, host };
}

/** The free plan: the badge goes on the homepage, then choose_free_listing schedules the first free week. */
async function scheduledFree(w: World, owner: Owner, listingId: number, host: string): Promise<OwnerListing> {
  const path = `/api/v1/me/listings/${listingId}`;
  const view = expect(
    'get_my_listing',
    await w.client.call<OwnerListing>('GET', path, 'get_my_listing', { key: owner.key }),
    200,
  );
  w.websites.append(host, view.publication.badge.embed_html);
  // A gate check cut short by a fault answers "awaiting_badge: call again to check at once", and a client does.
  for (let attempt = 1; ; attempt++) {
    const chosen = expect(
      'choose_free_listing',
      await w.client.call<OwnerListing>('POST', `${path}/free`, 'choose_free_listing', { key: owner.key }),
      200,
    );
    if (chosen.status === 'scheduled') return chosen;
    if (chosen.status !== 'awaiting_badge' || attempt === 10)
      throw new Abandon(`free launch ${chosen.status}: ${chosen.publication.next_step}`);
    await pause(1_000);
  }
}

/** A free launch (next week's: FREE_QUEUE_WEEKS=0 still queues for a week not begun), which fans ask to be told of. */
async function freeLaunch(w: World): Promise<void> {
  const owner = w.freshOwners.pop();
  if (!owner) return;
  const { listingId, host } = await draftedListing(w, owner);
  const chosen = await scheduledFree(w, owner, listingId, host);
  w.ledger.freeLaunches.push({ listingId, week: chosen.publication.launch_week! });
  await follow(w, chosen.slug);
  await follow(w, chosen.slug);
}

const signer = new Stripe('sk_test_signer');

/**
 * A paid launch for this week, half of them of a listing already scheduled free and followed (so
 * its followers are told when it goes live): checkout, then Stripe's signed notice that the session
 * was paid, sometimes delivered twice as Stripe may.
 */
async function paidLaunch(w: World): Promise<void> {
  const owner = w.freshOwners.pop();
  if (!owner) return;
  const { listingId, host } = await draftedListing(w, owner);
  if (w.random() < 0.5) {
    const chosen = await scheduledFree(w, owner, listingId, host);
    await follow(w, chosen.slug);
    await follow(w, chosen.slug);
  }
  // This week named: a listing already scheduled free would otherwise keep its (next) week.
  const week = isoDate(mondayOf(new Date()));
  const checkout = { items: [{ product: 'launch', listing_id: listingId, week }], billing_country: 'US' };
  const order = expect(
    'create_checkout',
    await w.client.call<{ number: string; total_cents: number }>('POST', '/api/v1/orders/checkout', 'create_checkout', {
      key: owner.key,
      json: checkout,
      idempotent: true,
    }),
    201,
  );
  const payload = JSON.stringify({
    id: `evt_${order.number}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${order.number}`,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: order.total_cents,
        currency: 'usd',
        client_reference_id: order.number,
        metadata: { order_number: order.number },
        payment_intent: `pi_${order.number}`,
      },
    },
  });
  const deliveries = w.random() < 0.3 ? 2 : 1;
  for (let i = 0; i < deliveries; i++) {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: w.webhookSecret });
    const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
    expect(
      'stripe webhook',
      await w.client.call('POST', '/webhooks/stripe', 'stripe_webhook', { raw: { body: payload, headers } }),
      200,
    );
  }
  w.ledger.paidOrders.push({ number: order.number, listingId, ownerEmail: owner.email });
}

/** A claim of an unowned listing by meta tag: opened, the tag published, checked now. */
async function claim(w: World): Promise<void> {
  const listing = w.unowned.pop();
  const owner = w.freshOwners.pop();
  if (!listing || !owner) return;
  const opened = expect(
    'claim_listing',
    await w.client.call<{ id: number; token: string }>('POST', '/api/v1/claims', 'claim_listing', {
      key: owner.key,
      json: { slug: listing.slug, method: 'meta' },
      idempotent: true,
    }),
    201,
    // The caller's open claim, answered again: a retry whose first attempt opened it and lost its answer.
    200,
  );
  w.ledger.claims.push({ id: opened.id, listingId: listing.id, userId: owner.id });
  w.websites.append(listing.host, `<meta name="launch-directory-verification" content="${opened.token}">`);
  const path = `/api/v1/claims/${opened.id}/verify`;
  // verify_claim waits 15 s for its check, then answers the claim as it stands: a client asks again.
  for (let asked = 0; asked < 30; asked++) {
    const answer = expect(
      'verify_claim',
      await w.client.call<{ status: string }>('POST', path, 'verify_claim', { key: owner.key, json: {} }),
      200,
    );
    if (answer.status !== 'pending') return;
    await pause(1000);
  }
}

/** A fan follows a listing (notify me at launch, or its updates later). */
async function follow(w: World, slug = pick(w, w.live)): Promise<void> {
  const fan = activeFan(w);
  if (!fan) return;
  const answer = await w.client.call<{ on?: boolean }>('POST', `/listings/${slug}/follow`, 'follow', {
    cookie: fan.cookie,
    form: { csrf: fan.csrf, on: '1' },
    headers: { 'x-forwarded-for': fan.address },
  });
  if (answer.status !== 200 || answer.body.on !== true) {
    throw new Abandon(`follow: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  }
  w.ledger.follows.push({ userId: fan.id, slug });
}

/** An owner of a live listing posts an update; its followers are mailed. */
async function update(w: World): Promise<void> {
  const listing = w.owned.pop();
  if (!listing) return;
  const title = `News ${listing.slug}`;
  const posted = expect(
    'post_listing_update',
    await w.client.call<{ id: number }>('POST', `/api/v1/me/listings/${listing.id}/updates`, 'post_listing_update', {
      key: listing.owner.key,
      json: { title, body: 'We shipped the thing.' },
      idempotent: true,
    }),
    201,
  );
  w.ledger.updates.push({ id: posted.id, listingId: listing.id, title });
}

/** A fan casts or withdraws a vote; the ledger keeps what the answer said. */
async function vote(w: World): Promise<void> {
  const fan = activeFan(w);
  if (!fan) return;
  const slug = pick(w, w.live);
  const key = `${fan.id}:${slug}`;
  const wanted = !w.ledger.votes.has(key);
  const answer = await w.client.call<{ on?: boolean }>('POST', `/listings/${slug}/vote`, 'vote', {
    cookie: fan.cookie,
    form: { csrf: fan.csrf, on: wanted ? '1' : '0' },
    headers: { 'x-forwarded-for': fan.address },
  });
  if (answer.status === 200 && answer.body.on === wanted) {
    if (wanted) w.ledger.votes.add(key);
    else w.ledger.votes.delete(key);
    w.ledger.uncertainVotes.delete(key);
  } else w.ledger.uncertainVotes.add(key);
}

const journeys: Array<[number, (w: World) => Promise<void>]> = [
  [0.12, freeLaunch],
  [0.12, paidLaunch],
  [0.1, claim],
  [0.16, follow],
  [0.08, update],
  [0.42, vote],
];

/** `lanes` clients at once, each running journeys chosen by the seeded generator until `until`. */
export async function runWorkload(w: World, lanes: number, until: number): Promise<void> {
  const lane = async () => {
    while (Date.now() < until) {
      let r = w.random();
      const journey = journeys.find(([share]) => (r -= share) < 0)?.[1] ?? vote;
      const sent = w.client.log.length;
      try {
        await journey(w);
      } catch (error) {
        if (!(error instanceof Abandon)) throw error;
        w.ledger.abandoned.push(`${journey.name}: ${error.message}`);
      }
      // Nobody left to take that journey: a quiet moment, not a loop that starves the event loop.
      if (w.client.log.length === sent) await pause(100);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}
