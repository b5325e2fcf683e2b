import { readyDraft, startDraftWorld, type DraftWorld } from './support.js';

let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld();
});
afterAll(() => dw.close());

const listingRow = async (id: number) => {
  const [row] = await dw.app.deps.orm.em.fork().execute('select * from listing where id = ?', [id]);
  return row;
};

describe('submit_draft', () => {
  it("saves a ready draft as the caller's listing in status draft; again after edits updates the same listing", async () => {
    const draft = await readyDraft(dw, 'static');
    const first = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(first.status).toBe(200);
    expect(first.body.listing_id).toEqual(expect.any(Number));
    expect(first.body.listing).toMatchObject({ id: first.body.listing_id, slug: 'tallyfox', status: 'draft' });
    expect(first.body.draft.listing_id).toBe(first.body.listing_id);
    const row = await listingRow(first.body.listing_id);
    expect(row).toMatchObject({
      name: 'Tallyfox',
      status: 'draft',
      site_id: dw.app.deps.site.id,
      tagline: draft.fields.tagline.value,
      description: draft.fields.description.value,
      pricing_model: 'freemium',
      country: 'PT',
      city: 'Lisbon',
      founded_year: 2019,
      contact_email: 'hello@tallyfox.test',
      features: draft.fields.features.value,
      website_url: draft.url,
      socials: draft.company_socials,
      faqs: draft.faqs.map(({ question, answer }: any) => ({ question, answer })),
    });
    expect(row.not_found_on_website).toEqual(expect.arrayContaining(['stage', 'tags', 'usps', 'keywords']));
    const [invoicing] = await dw.app.deps.orm.em.fork().execute(`select id from category where name = 'Invoicing'`);
    expect(row.category_ids).toEqual([invoicing.id]);

    await dw.owner.call('PATCH', `/drafts/${draft.id}`, {
      fields: { name: 'Tallyfox Pro', tagline: 'x'.repeat(250) },
      founders: [{ name: 'Ana Silva', title: 'CEO' }],
      founder_socials: { linkedin: 'https://www.linkedin.com/in/ana' },
      story: { why_started: 'Chasing invoices took our Fridays.' },
      milestones: [{ date: '2019-05-01', title: 'Founded' }],
    });
    const edited = await listingRow(first.body.listing_id);
    expect(edited).toMatchObject({ name: 'Tallyfox Pro', tagline: 'x'.repeat(200), status: 'draft' });
    const em = dw.app.deps.orm.em.fork();
    const founders = await em.execute(
      'select f.name, f.title, f.socials from listing_founder lf join founder f on f.id = lf.founder_id where lf.listing_id = ?',
      [first.body.listing_id],
    );
    expect(founders).toEqual([{ name: 'Ana Silva', title: 'CEO', socials: { linkedin: 'https://www.linkedin.com/in/ana' } }]);
    const [story] = await em.execute('select sections from founder_story where listing_id = ?', [first.body.listing_id]);
    expect(story.sections).toEqual({ why_started: 'Chasing invoices took our Fridays.' });
    const milestones = await em.execute(`select to_char(date, 'YYYY-MM-DD') as date, title from milestone where listing_id = ?`, [
      first.body.listing_id,
    ]);
    expect(milestones).toEqual([{ date: '2019-05-01', title: 'Founded' }]);

    const again = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(again.body.listing_id).toBe(first.body.listing_id);
    const founderCount = await dw.app.deps.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from founder where name = 'Ana Silva'`);
    expect(Number(founderCount[0].n)).toBe(1);
    const count = await dw.app.deps.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from listing where owner_id = ?', [row.owner_id]);
    expect(Number(count[0].n)).toBe(1);
    expect((await dw.owner.call('GET', `/drafts/${draft.id}`)).body.listing_id).toBe(first.body.listing_id);
  });

  it('gives a second listing of the same name its own slug', async () => {
    const draft = await readyDraft(dw, 'static');
    const res = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(res.body.listing.slug).toBe('tallyfox-2');
  });

  it("is 404 for another user's draft", async () => {
    const draft = await readyDraft(dw, 'jsonld');
    const res = await dw.stranger.call('POST', `/drafts/${draft.id}/submit`);
    expect(res.status).toBe(404);
    expect((await dw.owner.call('GET', `/drafts/${draft.id}`)).body.listing_id).toBeNull();
  });
});
