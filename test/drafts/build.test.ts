import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { draftFieldNames } from '../../src/domain/draft-fields.js';
import { evidenceTextOf, normaliseForMatch } from '../../src/domain/evidence-text.js';
import type { CrawledPage } from '../../src/crawl/types.js';
import { sitesDir } from '../support/site-server.js';
import { readyDraft, startDraftWorld, waitUntilSettled, type DraftWorld } from './support.js';

let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld();
});
afterAll(() => dw.close());

describe('submit_listing', () => {
  it('answers 201 with a crawling draft, then the build reaches ready with verified evidence and not_found blanks', async () => {
    const created = await dw.owner.call('POST', '/drafts', { url: dw.world.urlOf('static') });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'crawling', url: dw.world.urlOf('static'), listing_id: null, failure: null });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const draft = await waitUntilSettled(dw.owner, created.body.id);
    expect(draft.status).toBe('ready');
    const truth = JSON.parse(
      readFileSync(join(sitesDir, 'static', 'truth.json'), 'utf8').replaceAll(
        '{origin}',
        new URL(dw.world.urlOf('static')).origin,
      ),
    );
    const rows = await dw.app.deps.orm.em
      .fork()
      .execute<{ page: CrawledPage }[]>('select page from draft_page where draft_id = ?', [draft.id]);
    const texts = new Map(rows.map((r) => [r.page.url, evidenceTextOf(r.page)]));
    for (const name of draftFieldNames) {
      const expected = truth.fields[name] ?? null;
      const field = draft.fields[name];
      expect({ name, value: field.value }).toEqual({ name, value: expected });
      if (expected === null) {
        expect({ name, state: field.state, evidence: field.evidence }).toEqual({ name, state: 'not_found', evidence: [] });
      } else {
        expect({ name, state: field.state, ai_original: field.ai_original }).toEqual({
          name,
          state: 'ai',
          ai_original: expected,
        });
        expect(field.evidence.length).toBeGreaterThan(0);
        for (const { quote, url } of field.evidence) expect(texts.get(url)).toContain(normaliseForMatch(quote));
      }
    }
    expect(draft.faqs.map(({ question, answer }: any) => ({ question, answer }))).toEqual(truth.faqs);
    expect(draft.company_socials).toEqual(truth.socials);
    expect(draft.progress).toEqual({
      pages_fetched: rows.length,
      pages_planned: rows.length,
      fields_found: Object.values(truth.fields).filter((v) => v !== null).length,
    });
    expect(draft.completeness).toBeGreaterThan(0);
    expect(draft.completeness).toBeLessThan(100);
    expect(draft.missing).toEqual(expect.arrayContaining(['stage', 'tags', 'founders']));
    expect(draft.missing).not.toContain('name');
  });

  it('accepts a bare domain and refuses what is not a website address, extra properties and over-long URLs', async () => {
    const bad = await dw.owner.call('POST', '/drafts', { url: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'body.url', message: expect.any(String) }]);
    expect((await dw.owner.call('POST', '/drafts', { url: 'ftp://static.test/' })).status).toBe(400);
    expect((await dw.owner.call('POST', '/drafts', { url: `https://a.test/${'x'.repeat(2040)}` })).status).toBe(400);
    const extra = await dw.owner.call('POST', '/drafts', { url: 'https://static.test/', plan: 'free' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual([{ path: 'body.plan', message: 'unknown property' }]);
    const bare = await dw.owner.call('POST', '/drafts', { url: 'closed.test' });
    expect(bare.status).toBe(201);
    expect(bare.body.url).toBe('https://closed.test/');
  });

  it('replays the same draft for a retried request with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'submit-static-once' };
    const first = await dw.owner.call('POST', '/drafts', { url: dw.world.urlOf('jsonld') }, headers);
    const again = await dw.owner.call('POST', '/drafts', { url: dw.world.urlOf('jsonld') }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const count = await dw.app.deps.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from draft where url = ?', [dw.world.urlOf('jsonld')]);
    expect(Number(count[0].n)).toBe(1);
    await waitUntilSettled(dw.owner, first.body.id);
  });
});

describe('list_my_drafts', () => {
  it("lists only the caller's drafts, newest first, with status and completeness, paginated", async () => {
    const a = await readyDraft(dw, 'robots');
    const b = await dw.owner.call('POST', '/drafts', { url: dw.world.freshUrlOf('static') });
    const list = await dw.owner.call('GET', '/drafts?per_page=2');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, per_page: 2 });
    expect(list.body.total).toBeGreaterThanOrEqual(3);
    expect(list.body.items.map((d: any) => d.id)).toEqual([b.body.id, a.id]);
    for (const item of list.body.items) {
      expect(item).toEqual(
        expect.objectContaining({ status: expect.any(String), completeness: expect.any(Number), missing: expect.any(Array) }),
      );
      expect(item).not.toHaveProperty('fields');
    }
    const page2 = await dw.owner.call('GET', '/drafts?per_page=2&page=2');
    expect(page2.body.items.map((d: any) => d.id)).not.toContain(a.id);
    expect((await dw.stranger.call('GET', '/drafts')).body).toMatchObject({ items: [], total: 0 });
    expect((await dw.owner.call('GET', '/drafts?per_page=101')).status).toBe(400);
    await waitUntilSettled(dw.owner, b.body.id);
  });
});

describe('get_draft', () => {
  it("is 404 for another user's draft and for an unknown id, 400 for a malformed id", async () => {
    const draft = await readyDraft(dw, 'jsonld');
    const other = await dw.stranger.call('GET', `/drafts/${draft.id}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('not_found');
    expect((await dw.owner.call('GET', '/drafts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await dw.owner.call('GET', '/drafts/not-a-uuid')).status).toBe(400);
  });
});
