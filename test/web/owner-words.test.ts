import { operations } from '../../api/operations/index.js';
import { findUserByEmail } from '../../src/accounts/users.js';
import { insertListing } from '../listings/support.js';
import { WebClient } from '../support/web-client.js';
import { readyDraft, startDraftWorld, type DraftWorld } from '../drafts/support.js';

/** Owner pages speak to people: in no state does a page show an operation name or a JSON path. */
let dw: DraftWorld;
let owner: WebClient;
let ownerId: number;
beforeAll(async () => {
  dw = await startDraftWorld();
  owner = await WebClient.signedIn(dw.app, 'founder@example.test');
  ownerId = (await findUserByEmail(dw.app.deps.orm.em.fork(), 'founder@example.test'))!.id;
});
afterAll(() => dw.close());

const operationIds = operations.map((operation) => operation.id);
/** A dotted path with a snake_case step (publication.next_step), or any snake_case word. */
const apiWords = /\b[a-z]+(?:\.[a-z_]+)*_[a-z_]+(?:\.[a-z_]+)*\b/g;

/** The words a person reads: the text of the page without its tags, scripts, styles and the badge code to copy. */
function visibleText(page: string): string {
  return page
    .replace(/<(script|style|textarea)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ');
}

function apiWordsIn(page: string): string[] {
  const text = visibleText(page);
  return [...operationIds.filter((id) => new RegExp(`\\b${id}\\b`).test(text)), ...(text.match(apiWords) ?? [])];
}

async function sql(query: string, params: unknown[] = []): Promise<void> {
  await dw.app.deps.orm.em.fork().execute(query, params);
}

async function listingIn(slug: string, status: string, plan: 'free' | 'paid', launchWeek: string | null): Promise<number> {
  const id = await insertListing(dw.app.deps.orm.em.fork(), dw.app.deps.site.id, { slug, ownerId, status, plan });
  await sql('update listing set launch_week = ?::date where id = ?', [launchWeek, id]);
  return id;
}

async function badgeFound(id: number, found: boolean): Promise<void> {
  await sql(
    `insert into listing_badge_check (listing_id, found, looked_at, detail, checked_at, next_check_at)
     values (?, ?, ?, ?, now(), now() + interval '1 day')`,
    [id, found, `https://${id}.example/`, found ? 'The badge links to the listing.' : 'No badge on the homepage yet.'],
  );
}

async function completeFounder(id: number): Promise<void> {
  await sql(
    `with f as (insert into founder (site_id, slug, name, title, bio, socials) values (?, ?, 'Ada Example', 'CEO', ?, '{"x": "https://x.com/ada"}'::jsonb) returning id)
     insert into listing_founder (listing_id, founder_id) select ?, f.id from f`,
    [
      dw.app.deps.site.id,
      `ada-${id}`,
      'Ada has built invoicing tools for small companies for ten years and leads the product.',
      id,
    ],
  );
}

describe('owner pages speak to people', () => {
  it('finds the words it looks for, so that it can fail', () => {
    expect(apiWordsIn('<p>Call choose_free_listing (see publication.next_step).</p>')).toEqual([
      'choose_free_listing',
      'choose_free_listing',
      'publication.next_step',
    ]);
    expect(apiWordsIn('<p>Next step: choose a free or paid launch.</p><textarea>a_b</textarea>')).toEqual([]);
  });

  it('shows no operation name or JSON path on a listing page in any state, nor in the list of listings', async () => {
    const week = '2030-01-07';
    const listings = {
      draft: await listingIn('words-draft', 'draft', 'free', null),
      gatesUnmet: await listingIn('words-unmet', 'awaiting_badge', 'free', week),
      gatesMet: await listingIn('words-met', 'awaiting_badge', 'free', week),
      scheduledFree: await listingIn('words-scheduled', 'scheduled', 'free', week),
      scheduledPaid: await listingIn('words-paid', 'scheduled', 'paid', week),
      live: await listingIn('words-live', 'live', 'paid', null),
      rejected: await listingIn('words-rejected', 'rejected', 'free', null),
      archived: await listingIn('words-archived', 'archived', 'free', null),
    };
    await badgeFound(listings.gatesUnmet, false);
    await badgeFound(listings.gatesMet, true);
    await completeFounder(listings.gatesMet);

    const seen = new Map<string, string>();
    for (const [state, id] of Object.entries(listings)) {
      const page = await owner.get(`/me/listings/${id}`);
      expect(page.status).toBe(200);
      const step = /<p class="note" id="next-step">([\s\S]*?)<\/p>/.exec(page.html)?.[1] ?? '';
      seen.set(state, step);
      expect({ state, words: apiWordsIn(page.html) }).toEqual({ state, words: [] });
    }
    expect(new Set(seen.values()).size).toBe(seen.size - 1); // the two scheduled listings share their step
    expect(seen.get('gatesUnmet')).toContain('href="#badge"');
    expect(seen.get('gatesMet')).toContain('href="#gates"');
    const list = await owner.get('/me/listings');
    expect(apiWordsIn(list.html)).toEqual([]);
  });

  it('shows none on the draft editor, the submit page, orders and claims', async () => {
    const draft = await readyDraft(dw);
    for (const path of [`/me/drafts/${draft.id}`, '/submit', '/me/orders', '/me/claims']) {
      const page = await owner.get(path);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect({ path, words: apiWordsIn(page.html) }).toEqual({ path, words: [] });
    }
  });

  it('shows none on the stats page, live or not yet, nor with a refused range', async () => {
    const live = await listingIn('words-stats-live', 'live', 'free', null);
    await sql('update listing set launched_at = now() where id = ?', [live]);
    const draft = await listingIn('words-stats-draft', 'draft', 'free', null);
    for (const path of [
      `/me/listings/${live}/stats`,
      `/me/listings/${draft}/stats`,
      `/me/listings/${live}/stats?from=2026-03-10&to=2026-03-01`,
    ]) {
      const page = await owner.get(path);
      expect({ path, status: page.status }).toEqual({ path, status: path.includes('from=') ? 400 : 200 });
      expect({ path, words: apiWordsIn(page.html) }).toEqual({ path, words: [] });
    }
  });
});
