import { readyDraft, startDraftWorld, type DraftWorld } from './support.js';

let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld();
});
afterAll(() => dw.close());

const rows = <T = any>(text: string, params: unknown[] = []) => dw.app.deps.orm.em.fork().execute<T[]>(text, params);

describe('submit_draft, what the listing keeps', () => {
  it('stores list values exactly as written: commas, quotes, NULL, spaces, line breaks, backslashes, braces', async () => {
    const draft = await readyDraft(dw, 'static');
    const features = ['a, b', 'say "hi"', 'NULL', '  spaced  ', 'line\nbreak', 'line\nand, comma', 'back\\slash', '{brace}'];
    expect((await dw.owner.call('PATCH', `/drafts/${draft.id}`, { fields: { features } })).status).toBe(200);
    const submitted = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    const [listing] = await rows('select features from listing where id = ?', [submitted.body.listing_id]);
    expect(listing.features).toEqual(features);
  });

  it('replaces the founder profiles made for it alone; one on another listing or with an account stays', async () => {
    const one = await readyDraft(dw, 'static');
    const other = await readyDraft(dw, 'jsonld');
    await dw.owner.call('PATCH', `/drafts/${one.id}`, {
      founders: [{ name: 'Lena Moss' }, { name: 'Ravi Kade' }, { name: 'Otto Lind' }],
    });
    const id = (await dw.owner.call('POST', `/drafts/${one.id}/submit`)).body.listing_id;
    const otherId = (await dw.owner.call('POST', `/drafts/${other.id}/submit`)).body.listing_id;
    await rows(
      `insert into listing_founder (listing_id, founder_id, position) select ?, id, 0 from founder where slug = 'ravi-kade'`,
      [otherId],
    );
    await rows(`update founder set user_id = (select min(id) from app_user) where slug = 'otto-lind'`);

    await dw.owner.call('PATCH', `/drafts/${one.id}`, { founders: [{ name: 'Ravi Kade', title: 'CTO' }, { name: 'Lena Moss' }] });
    const founders = await rows(`select slug, title from founder where slug ~ '^(lena-moss|ravi-kade|otto-lind)' order by slug`);
    expect(founders).toEqual([
      { slug: 'lena-moss', title: null },
      { slug: 'otto-lind', title: null },
      { slug: 'ravi-kade', title: null },
      { slug: 'ravi-kade-2', title: 'CTO' },
    ]);
    const links = await rows(
      'select f.slug from listing_founder lf join founder f on f.id = lf.founder_id where lf.listing_id = ? order by lf.position',
      [id],
    );
    expect(links.map((l) => l.slug)).toEqual(['ravi-kade-2', 'lena-moss']);
  });
});
