import { createDraft } from '../../src/drafts/drafts.js';
import { seedCatalogue } from '../../src/seed/catalogue.js';
import { ensureUser } from '../../src/accounts/users.js';
import { buildOrder } from '../../src/orders/checkout.js';
import { buyerFor } from '../../src/orders/quote.js';
import { adminScopes, type McpTestApp } from './support.js';

/**
 * Valid arguments for every tool whose call needs more than `{}`: a function may first create the
 * fixtures it needs. The parity test calls every registry tool with these (or `{}`), so an
 * operation added without a working example here fails that test. Tools that create or change
 * something carry an idempotency_key, so the REST call replays the tool's result.
 */
export type ToolExample = (app: McpTestApp) => Promise<Record<string, unknown>> | Record<string, unknown>;

/** A draft of the test principal's user, ready unless said otherwise. */
async function ownDraft(app: McpTestApp, status: 'crawling' | 'ready' = 'ready'): Promise<string> {
  const em = app.app.deps.orm.em.fork();
  const user = await ensureUser(em, 'owner@example.test');
  const draft = await createDraft(em, { siteId: app.app.deps.site.id, ownerId: user.id, url: 'https://example.test/' });
  await em.execute('update draft set status = ? where id = ?', [status, draft.id]);
  return draft.id;
}

let listings = 0;

/** An expired claim of the test principal's user on a claimable listing. */
async function closedClaim(app: McpTestApp): Promise<number> {
  const em = app.app.deps.orm.em.fork();
  const user = await ensureUser(em, 'owner@example.test');
  const { id: listingId } = await claimableListing(app);
  const [{ id }] = await em.execute<{ id: number }[]>(
    `insert into claim (listing_id, user_id, method, token, status, status_reason, expires_at)
     values (?, ?, 'dns', 'mcp-example-token', 'expired', 'No proof was found within 7 days (35 checks).', now()) returning id`,
    [listingId, user.id],
  );
  return id;
}

/** A listing of the test principal's user, live unless said otherwise, with its milestones section unlocked. */
async function ownListing(app: McpTestApp, status: 'live' | 'draft' = 'live'): Promise<number> {
  const em = app.app.deps.orm.em.fork();
  const user = await ensureUser(em, 'owner@example.test');
  const [{ id }] = await em.execute<{ id: number }[]>(
    `insert into listing (site_id, slug, name, owner_id, status, unlocked_sections, launched_at)
     values (?, ?, 'Owned', ?, ?, '{milestones}', case when ? = 'live' then now() end) returning id`,
    [app.app.deps.site.id, `owned-${++listings}`, user.id, status, status],
  );
  return id;
}

/** A pending order of the test principal's user (built without starting its lifecycle). */
async function ownOrder(app: McpTestApp): Promise<string> {
  const { deps } = app.app;
  const listingId = await ownListing(app);
  const user = await ensureUser(deps.orm.em.fork(), 'owner@example.test');
  const built = await buildOrder(deps.orm.em.fork(), buyerFor(deps.config, deps.site.id, user.id), {
    items: [{ product: 'unlock-sections', listing_id: listingId }],
    billing_country: 'FR',
  });
  return built.number;
}

/** A live listing someone else owns, with a website to prove: what a claim needs. */
async function claimableListing(app: McpTestApp): Promise<{ id: number; slug: string }> {
  const em = app.app.deps.orm.em.fork();
  const slug = `claimable-${++listings}`;
  const [{ id }] = await em.execute<{ id: number }[]>(
    `insert into listing (site_id, slug, name, status, website_url, domain, launched_at)
     values (?, ?, 'Claimable', 'live', ?, ?, now()) returning id`,
    [app.app.deps.site.id, slug, `https://${slug}.example/`, `${slug}.example`],
  );
  return { id, slug };
}

/** A case opened by a report of a live listing (someone else's unless `slug` names one), decided when `decision` says how. */
async function openCase(app: McpTestApp, decision?: Record<string, unknown>, slug?: string): Promise<string> {
  slug ??= (await claimableListing(app)).slug;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const report = await post(`${app.api}/reports`, {
    kind: 'listing',
    slug,
    category: 'scam_or_spam',
    explanation: 'Takes money and ships nothing.',
    email: 'reporter@example.test',
    good_faith: true,
  });
  const { number } = (await report.json()) as { number: string };
  if (decision) await post(`${app.api}/admin/cases/${number}/decision`, decision, adminScopes);
  return number;
}

/** An account of its own, blocked when `blocked` says so: what block and unblock act on. */
async function account(app: McpTestApp, blocked = false): Promise<string> {
  const { email } = await ensureUser(app.app.deps.orm.em.fork(), `person-${++listings}@example.test`);
  if (blocked)
    await fetch(`${app.api}/admin/people/block`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...adminScopes },
      body: JSON.stringify({ email, reason: 'Posts spam.' }),
    });
  return email;
}

interface CatalogueFixtures {
  listing: string;
  other: string;
  category: string;
  founder: string;
  blogPost: string;
}

const seeded = new WeakMap<McpTestApp, Promise<CatalogueFixtures>>();

/** A small demo catalogue, seeded once per app, and the slugs the examples need from it. */
function catalogue(app: McpTestApp): Promise<CatalogueFixtures> {
  if (!seeded.has(app)) seeded.set(app, seedAndPick(app));
  return seeded.get(app)!;
}

async function seedAndPick(app: McpTestApp): Promise<CatalogueFixtures> {
  const { deps } = app.app;
  await seedCatalogue(deps.orm.em.fork(), deps.site.id, { listings: 60, now: new Date(), seed: 3 });
  const conn = deps.orm.em.getConnection();
  const one = async (sql: string) => ((await conn.execute<{ slug: string }[]>(sql))[0] ?? { slug: '' }).slug;
  return {
    listing: await one(`select slug from listing where status = 'live' order by id limit 1`),
    other: await one(`select slug from listing where status = 'live' order by id desc limit 1`),
    category: await one('select slug from category where parent_id is null order by id limit 1'),
    founder: await one('select slug from founder order by id limit 1'),
    blogPost: await one('select slug from blog_post order by id limit 1'),
  };
}

export const toolExamples: Record<string, ToolExample> = {
  get_site_info: () => ({}),
  submit_listing: () => ({ url: 'https://example.test/', idempotency_key: 'mcp-example-submit-listing' }),
  list_my_drafts: () => ({ page: 1, per_page: 5 }),
  get_draft: async (app) => ({ id: await ownDraft(app, 'crawling') }),
  update_draft: async (app) => {
    const id = await ownDraft(app);
    return {
      id,
      fields: { name: 'Example', tagline: null },
      lock_fields: ['name'],
      founders: [{ name: 'Ada' }],
      idempotency_key: `update-${id}`,
    };
  },
  invite_cofounder: async (app) => {
    const id = await ownDraft(app);
    return { id, email: 'cofounder@example.test', idempotency_key: `invite-${id}` };
  },
  submit_draft: async (app) => {
    const id = await ownDraft(app);
    return { id, idempotency_key: `submit-${id}` };
  },
  list_my_listings: async (app) => {
    await ownListing(app);
    return { per_page: 5 };
  },
  get_my_listing: async (app) => ({ listing_id: await ownListing(app) }),
  get_listing_stats: async (app) => ({ listing_id: await ownListing(app), from: '2026-01-01', to: '2026-01-31' }),
  update_my_listing: async (app) => {
    const id = await ownListing(app);
    return { listing_id: id, fields: { tagline: 'Edited by an agent', city: null }, faqs: [], idempotency_key: `edit-${id}` };
  },
  post_listing_update: async (app) => {
    const id = await ownListing(app);
    return { listing_id: id, title: 'Shipped', body: 'Version 2.', idempotency_key: `update-${id}` };
  },
  add_milestone: async (app) => {
    const id = await ownListing(app);
    return { listing_id: id, date: '2026-01-15', title: 'Launch', idempotency_key: `milestone-${id}` };
  },
  delete_milestone: async (app) => {
    const id = await ownListing(app);
    const [{ id: milestone }] = await app.app.deps.orm.em
      .fork()
      .execute<{ id: number }[]>(
        `insert into milestone (listing_id, date, title) values (?, '2026-01-15', 'Gone') returning id`,
        [id],
      );
    return { listing_id: id, milestone_id: milestone, idempotency_key: `delete-${milestone}` };
  },
  set_founder_story: async (app) => {
    const id = await ownListing(app);
    return { listing_id: id, title: 'Why', story: 'Because.', idempotency_key: `story-${id}` };
  },
  choose_free_listing: async (app) => {
    const id = await ownListing(app, 'draft');
    return { listing_id: id, idempotency_key: `free-${id}` };
  },
  answer_interview: async (app) => {
    const [{ id }] = await app.app.deps.orm.em
      .fork()
      .execute<{ id: number }[]>(`insert into interview_question (site_id, question, position) values (?, ?, 1) returning id`, [
        app.app.deps.site.id,
        `Why now, take ${++listings}`,
      ]);
    return { answers: [{ question_id: id, answer: 'Because.' }], idempotency_key: `interview-${id}` };
  },
  quote_order: async (app) => ({
    items: [{ product: 'unlock-sections', listing_id: await ownListing(app) }],
    billing_country: 'DE',
  }),
  create_checkout: async (app) => {
    const id = await ownListing(app);
    return {
      items: [{ product: 'billboard', listing_id: id, amount_cents: 2500 }],
      billing_country: 'US',
      idempotency_key: `checkout-${id}`,
    };
  },
  list_my_orders: async (app) => {
    await ownOrder(app);
    return { per_page: 5 };
  },
  get_order: async (app) => ({ number: await ownOrder(app) }),
  claim_listing: async (app) => {
    const { slug } = await claimableListing(app);
    return { slug, method: 'dns', idempotency_key: `claim-${slug}` };
  },
  // A closed claim is answered as it is, so the tool and the REST call see the same claim.
  verify_claim: async (app) => ({ claim_id: await closedClaim(app) }),
  get_claim: async (app) => ({ claim_id: await closedClaim(app) }),
  get_listing: async (app) => ({ slug: (await catalogue(app)).listing }),
  get_alternatives: async (app) => ({ slug: (await catalogue(app)).listing }),
  get_badges: async (app) => ({ slug: (await catalogue(app)).listing, shape: 'pill', mode: 'dark', size: 's' }),
  compare_listings: async (app) => {
    const { listing, other } = await catalogue(app);
    return { a: listing, b: other };
  },
  get_category: async (app) => ({ slug: (await catalogue(app)).category, per_page: 5 }),
  get_founder: async (app) => ({ slug: (await catalogue(app)).founder }),
  get_blog_post: async (app) => ({ slug: (await catalogue(app)).blogPost }),
  get_launch_week: async (app) => {
    await catalogue(app);
    return { week: 'last' };
  },
  get_leaderboard: async (app) => {
    await catalogue(app);
    return { board: 'billboard', per_page: 3 };
  },
  // Without an idempotency key, both calls file a report; the second joins the first's case.
  report_content: async (app) => ({
    kind: 'listing',
    slug: (await catalogue(app)).listing,
    category: 'misleading',
    explanation: 'The pricing page says free, the checkout charges.',
    good_faith: true,
  }),
  list_my_cases: async (app) => {
    const listingId = await ownListing(app);
    const decision = { action: 'restrict', ground: 'misleading', facts: 'The pricing page misleads.' };
    await openCase(app, decision, `owned-${listings}`);
    return { listing_id: listingId };
  },
  list_cases: () => ({ all: true }),
  decide_case: async (app) => ({
    number: await openCase(app),
    action: 'dismiss',
    ground: 'off_topic',
    facts: 'The listing is what it says.',
  }),
  reverse_case: async (app) => ({
    number: await openCase(app, { action: 'restrict', ground: 'misleading', facts: 'The pricing page misleads.' }),
    facts: 'The pricing page was right after all.',
  }),
  list_blocked_people: async (app) => {
    await account(app, true);
    return {};
  },
  block_account: async (app) => ({ email: await account(app), reason: 'Posts spam.' }),
  unblock_account: async (app) => ({ email: await account(app, true) }),
  list_audit: () => ({ limit: 20 }),
};
