import type { Client } from '@modelcontextprotocol/client';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { ensureUser } from '../../src/accounts/users.js';
import { request } from '../support/http.js';
import { insertListing } from '../listings/support.js';
import { connect } from '../mcp/support.js';
import { WebClient } from '../support/web-client.js';
import { startDraftWorld, waitUntilSettled, type DraftWorld } from './support.js';

let dw: DraftWorld;
let mcp: Client;
beforeAll(async () => {
  dw = await startDraftWorld();
  const em = dw.app.deps.orm.em.fork();
  const { key } = await createApiKey(em, (await ensureUser(em, 'agent-founder@example.test')).id, 'mcp');
  mcp = await connect(`${dw.app.url}/mcp`, '2025-11-25', { authorization: `Bearer ${key}` });
});
afterAll(async () => {
  await mcp?.close();
  await dw.close();
});

const em = () => dw.app.deps.orm.em.fork();

/** A listing of another person on `domain` (its host without www, as a submitted draft stores it). */
async function listingOn(slug: string, domain: string, status: string): Promise<void> {
  const [stranger] = await em().execute<{ id: number }[]>(`select id from app_user where email = 'stranger@example.test'`);
  const id = await insertListing(em(), dw.app.deps.site.id, { slug, ownerId: stranger.id, status });
  await em().execute('update listing set website_url = ?, domain = ? where id = ?', [`https://${domain}/`, domain, id]);
}

const draftCount = async (url: string) =>
  Number((await em().execute<{ n: string }[]>('select count(*) as n from draft where url = ?', [url]))[0].n);

describe('submit_listing, one public listing per registrable domain', () => {
  it('refuses a domain with a public listing with 409 already_listed naming the slug and the claim link, and makes no draft', async () => {
    await listingOn('acme-books', 'acme.test', 'live');
    const claimUrl = `${dw.app.deps.config.publicUrl}/listings/acme-books/claim`;
    for (const url of [
      'https://acme.test/',
      'https://www.acme.test/pricing',
      'https://app.acme.test/',
      'acme.test',
      'http://ACME.test:8080/',
    ]) {
      const res = await dw.owner.call('POST', '/drafts', { url });
      expect(res.status).toBe(409);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({
        code: 'already_listed',
        title: 'Already listed',
        status: 409,
        errors: [{ path: 'body.url', message: `already listed as acme-books; claim it at ${claimUrl}` }],
        listing: {
          slug: 'acme-books',
          name: 'Product acme-books',
          url: `${dw.app.deps.config.publicUrl}/listings/acme-books`,
          claim_url: claimUrl,
        },
      });
      expect(res.body.detail).toContain(claimUrl);
    }
    const drafts = await em().execute<{ url: string }[]>(`select url from draft where url like '%acme%'`);
    expect(drafts).toEqual([]);
  });

  it('refuses it as the MCP tool too, with the same problem', async () => {
    await listingOn('beta-maps', 'beta.test', 'scheduled');
    const result = await mcp.callTool({ name: 'submit_listing', arguments: { url: 'https://www.beta.test/' } });
    expect(result.isError).toBe(true);
    const rest = await dw.owner.call('POST', '/drafts', { url: 'https://www.beta.test/' });
    const { instance: _instance, ...problem } = rest.body;
    expect(result.structuredContent).toEqual(problem);
    expect(result.structuredContent).toMatchObject({ code: 'already_listed', listing: { slug: 'beta-maps' } });
  });

  it('lets the private section of the Public Suffix List make each subdomain its own site', async () => {
    await listingOn('alice-pages', 'alice.github.io', 'live');
    expect((await dw.owner.call('POST', '/drafts', { url: 'https://docs.alice.github.io/' })).body.code).toBe('already_listed');
    const other = await dw.owner.call('POST', '/drafts', { url: 'https://bob.github.io/' });
    expect(other.status).toBe(201);
    await waitUntilSettled(dw.owner, other.body.id);
  });

  it('does not count a listing nobody can see yet (draft, awaiting badge, rejected, archived)', async () => {
    for (const [i, status] of ['draft', 'awaiting_badge', 'rejected', 'archived'].entries()) {
      await listingOn(`hidden-${i}`, `hidden${i}.test`, status);
      const res = await dw.owner.call('POST', '/drafts', { url: `https://hidden${i}.test/` });
      expect(res.status).toBe(201);
      await waitUntilSettled(dw.owner, res.body.id);
    }
  });
});

describe("submit_listing, the caller's open draft of the domain", () => {
  it('answers the open draft with 200 instead of a second one, over REST and MCP; another person gets their own', async () => {
    const url = dw.world.freshUrlOf('static');
    const first = await dw.owner.call('POST', '/drafts', { url });
    expect(first.status).toBe(201);
    const again = await dw.owner.call('POST', '/drafts', { url: url.replace('//static.', '//www.static.') });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await draftCount(url)).toBe(1);

    const ready = await waitUntilSettled(dw.owner, first.body.id);
    expect(ready.status).toBe('ready');
    const later = await dw.owner.call('POST', '/drafts', { url });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ id: first.body.id, status: 'ready' });

    const theirs = await dw.stranger.call('POST', '/drafts', { url });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    await waitUntilSettled(dw.stranger, theirs.body.id);

    const viaMcp = await mcp.callTool({ name: 'submit_listing', arguments: { url } });
    const again2 = await mcp.callTool({ name: 'submit_listing', arguments: { url } });
    expect(viaMcp.isError).toBeFalsy();
    expect((again2.structuredContent as { id: string }).id).toBe((viaMcp.structuredContent as { id: string }).id);
    await waitUntilSettled(dw.owner, first.body.id);
  });

  it('starts a new draft once the open one was submitted, or when it failed', async () => {
    const url = dw.world.freshUrlOf('static');
    const first = await dw.owner.call('POST', '/drafts', { url });
    await waitUntilSettled(dw.owner, first.body.id);
    expect((await dw.owner.call('POST', `/drafts/${first.body.id}/submit`)).status).toBe(200);
    const next = await dw.owner.call('POST', '/drafts', { url });
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(first.body.id);
    await waitUntilSettled(dw.owner, next.body.id);

    const closed = `http://closed.test:${dw.world.sites.port}/`;
    const failed = await waitUntilSettled(dw.owner, (await dw.owner.call('POST', '/drafts', { url: closed })).body.id);
    expect(failed.status).toBe('failed');
    const retried = await dw.owner.call('POST', '/drafts', { url: closed });
    expect(retried.status).toBe(201);
    expect(retried.body.id).not.toBe(failed.id);
    await waitUntilSettled(dw.owner, retried.body.id);
  });

  it('is declared in OpenAPI: 200 for the open draft, 409 for already_listed', async () => {
    const spec = await request(`${dw.app.api}/openapi.json`);
    const responses = spec.body.paths['/drafts'].post.responses;
    expect(responses['200'].description).toContain('open draft');
    expect(responses['201']).toBeDefined();
    expect(responses['409'].description).toContain('already_listed');
    expect(spec.body.components.schemas.Problem.properties.code.enum).toContain('already_listed');
  });
});

describe('submit_draft, one public listing per registrable domain', () => {
  const listingsOn = async (host: string) =>
    (await em().execute<{ slug: string }[]>('select slug from listing where domain = ? order by id', [host])).map((l) => l.slug);

  /** A ready draft of the owner's, for a fresh website of its own; its host is the listing's domain. */
  async function readyDraft(): Promise<{ id: string; host: string }> {
    const url = dw.world.freshUrlOf('static');
    const created = await dw.owner.call('POST', '/drafts', { url });
    expect((await waitUntilSettled(dw.owner, created.body.id)).status).toBe('ready');
    return { id: created.body.id, host: new URL(url).hostname };
  }

  it('refuses a draft whose listing another person claimed and published: 409 already_listed, no second listing', async () => {
    const draft = await readyDraft();
    const first = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(first.status).toBe(200);
    // The listing changes hands by a verified claim, and its new owner launches it.
    const [stranger] = await em().execute<{ id: number }[]>(`select id from app_user where email = 'stranger@example.test'`);
    await em().execute(`update listing set owner_id = ?, status = 'live', launched_at = now() where id = ?`, [
      stranger.id,
      first.body.listing_id,
    ]);

    const again = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    const claimUrl = `${dw.app.deps.config.publicUrl}/listings/${first.body.listing.slug}/claim`;
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'already_listed',
      errors: [{ path: 'path.id', message: `already listed as ${first.body.listing.slug}; claim it at ${claimUrl}` }],
      listing: { slug: first.body.listing.slug, claim_url: claimUrl },
    });
    expect(await listingsOn(draft.host)).toEqual([first.body.listing.slug]);
  });

  it("refuses a draft whose domain someone else's listing went public on after the draft was made", async () => {
    const draft = await readyDraft();
    await listingOn('came-first', draft.host, 'scheduled');
    const res = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'already_listed', listing: { slug: 'came-first' } });
    expect(await listingsOn(draft.host)).toEqual(['came-first']);
  });

  it('still saves the changes to its own listing once that is public, and saves beside a listing nobody can see', async () => {
    const draft = await readyDraft();
    const first = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    await em().execute(`update listing set status = 'live', launched_at = now() where id = ?`, [first.body.listing_id]);
    expect((await dw.owner.call('POST', `/drafts/${draft.id}/submit`)).body.listing_id).toBe(first.body.listing_id);

    const other = await readyDraft();
    await listingOn('not-yet-public', other.host, 'awaiting_badge');
    const saved = await dw.owner.call('POST', `/drafts/${other.id}/submit`);
    expect(saved.status).toBe(200);
    expect(await listingsOn(other.host)).toEqual(['not-yet-public', saved.body.listing.slug]);
  });

  it('shows the refusal on the draft page with a way to claim the listing', async () => {
    const draft = await readyDraft();
    await listingOn('held-elsewhere', draft.host, 'live');
    const browser = await WebClient.signedIn(dw.app, dw.owner.email);
    const page = await browser.submit(await browser.get(`/me/drafts/${draft.id}`), `/me/drafts/${draft.id}/submit`);
    expect(page.status).toBe(409);
    expect(page.html).toContain('This product is already listed');
    expect(page.html).toContain('action="/listings/held-elsewhere/claim"');
  });
});
