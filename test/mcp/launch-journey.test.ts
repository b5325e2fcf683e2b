import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { startDraftWorld, type DraftWorld } from '../drafts/support.js';
import { accessTokenFor } from '../support/oauth.js';
import { sitesDir } from '../support/site-server.js';
import { WebClient } from '../support/web-client.js';
import { connect } from './support.js';

/**
 * An agent signed in with OAuth chooses the drafts and publishing toolsets, gets the launch prompt
 * and follows it to a scheduled free listing, calling nothing the prompt does not name.
 */
let dw: DraftWorld;
let client: Client | undefined;
beforeAll(async () => {
  dw = await startDraftWorld();
});
afterAll(async () => {
  await client?.close();
  await dw.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('follows launch_a_product over drafts and publishing to a scheduled free listing', async () => {
  const { app, world } = dw;
  const website = world.urlOf('static');
  const token = await accessTokenFor(
    app,
    new WebClient(app.url),
    'journey@example.test',
    'account:read listings:write orders:write',
    `${app.url}/mcp`,
  );
  client = await connect(`${app.url}/mcp?toolsets=drafts,publishing`, '2026-07-28', { authorization: `Bearer ${token}` });
  const listed = new Set((await client.listTools()).tools.map((tool) => tool.name));
  const prompt = await client.getPrompt({ name: 'launch_a_product', arguments: { website, plan: 'free' } });
  const text = prompt.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
  const steps = [...text.matchAll(/^\d+\. ([a-z_]+) /gm)].map((m) => m[1]);
  expect(steps).toEqual(['submit_listing', 'get_draft', 'update_draft', 'submit_draft', 'choose_free_listing', 'get_my_listing']);

  const calls: string[] = [];
  const call = async (name: string, args: Record<string, unknown>): Promise<any> => {
    expect({ name, named: steps.includes(name), listed: listed.has(name) }).toEqual({ name, named: true, listed: true });
    calls.push(name);
    const result = await client!.callTool({ name, arguments: args });
    expect({ name, isError: result.isError ?? false, problem: result.isError ? result.structuredContent : undefined }).toEqual({
      name,
      isError: false,
      problem: undefined,
    });
    return result.structuredContent;
  };

  // 1-2. Submit, then poll the draft until it is ready.
  let draft = await call('submit_listing', { url: website, idempotency_key: 'journey-submit' });
  for (let i = 0; draft.status !== 'ready'; i++) {
    expect(draft.status).not.toBe('failed');
    expect(i).toBeLessThan(60);
    await sleep(1000);
    draft = await call('get_draft', { id: draft.id });
  }
  // 3. Every value the AI found quotes the site; the founder adds what the site does not say.
  for (const [name, field] of Object.entries(draft.fields as Record<string, { state: string; evidence: unknown[] }>)) {
    if (field.state === 'ai') expect({ name, quoted: field.evidence.length > 0 }).toEqual({ name, quoted: true });
  }
  await call('update_draft', {
    id: draft.id,
    founders: [
      {
        name: 'Ada Example',
        title: 'Founder',
        bio: 'Ada wrote invoices by hand for ten years as a freelance designer, and built Tallyfox to stop chasing clients.',
      },
    ],
    founder_socials: { linkedin: 'https://www.linkedin.com/in/ada-example' },
  });
  // 4. Saved as the founder's listing.
  const { listing_id: listingId } = await call('submit_draft', { id: draft.id });
  expect(listingId).toEqual(expect.any(Number));

  // 5. Queued for a free week; the founder profile is complete, the badge not yet on the homepage.
  let listing = await call('choose_free_listing', { listing_id: listingId });
  expect(listing).toMatchObject({
    status: 'awaiting_badge',
    publication: { founder_profile: { complete: true }, badge: { found: false } },
  });
  const homepage = readFileSync(join(sitesDir, 'static', 'index.html'), 'utf8').replace(
    '</body>',
    `${listing.publication.badge.embed_html}</body>`,
  );
  world.sites.route('static.test/', (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(homepage),
  );
  listing = await call('choose_free_listing', { listing_id: listingId });
  expect(listing).toMatchObject({ status: 'scheduled', publication: { plan: 'free', badge: { found: true } } });

  // 6. What comes next, in the owner's words.
  listing = await call('get_my_listing', { listing_id: listingId });
  expect(listing.publication.next_step).toContain('goes live on');
  // The calls came in the prompt's order.
  expect([...new Set(calls)]).toEqual(steps);
});
