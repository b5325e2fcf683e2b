import { readyDraft, startDraftWorld, type DraftWorld } from './support.js';

let dw: DraftWorld;
let draft: any;
beforeAll(async () => {
  dw = await startDraftWorld();
  draft = await readyDraft(dw, 'static');
});
afterAll(() => dw.close());

const patch = (body: unknown, caller = dw.owner) => caller.call('PATCH', `/drafts/${draft.id}`, body);

describe('update_draft', () => {
  it('marks a typed value edited (the AI had one) or manual (it had none), null deleted, and recomputes completeness', async () => {
    const res = await patch({
      fields: { tagline: 'Invoices that chase themselves', stage: 'beta', tags: ['invoices', 'freelance'], usps: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.fields.tagline).toEqual({
      value: 'Invoices that chase themselves',
      state: 'edited',
      evidence: [],
      ai_original: 'Get paid on time, every time',
    });
    expect(res.body.fields.stage).toMatchObject({ value: 'beta', state: 'manual', ai_original: null });
    expect(res.body.fields.tags).toMatchObject({ value: ['invoices', 'freelance'], state: 'manual' });
    expect(res.body.fields.usps).toMatchObject({ value: null, state: 'deleted' });
    expect(res.body.completeness).toBeGreaterThan(draft.completeness);
    expect(res.body.missing).not.toContain('stage');
    expect(res.body.fields.name).toEqual(draft.fields.name);

    const removed = await patch({ fields: { description: null } });
    expect(removed.body.fields.description).toMatchObject({ value: null, state: 'deleted' });
    expect(removed.body.missing).toContain('description');
    expect(removed.body.completeness).toBeLessThan(res.body.completeness);
    const listed = await dw.owner.call('GET', '/drafts');
    expect(listed.body.items.find((d: any) => d.id === draft.id)).toMatchObject({
      completeness: removed.body.completeness,
      missing: removed.body.missing,
    });
  });

  it("restore brings back the AI's original value and evidence", async () => {
    const res = await patch({ restore: ['tagline', 'description', 'stage'] });
    expect(res.status).toBe(200);
    expect(res.body.fields.tagline).toEqual(draft.fields.tagline);
    expect(res.body.fields.description).toEqual(draft.fields.description);
    expect(res.body.fields.stage).toEqual({ value: null, state: 'not_found', evidence: [], ai_original: null });
  });

  it('lock_fields sets override; a regenerate then skips the locked field and redrafts the others from the website', async () => {
    await patch({ fields: { tagline: 'My own words', city: 'Porto' } });
    const locked = await patch({ lock_fields: ['tagline'] });
    expect(locked.body.fields.tagline).toMatchObject({ value: 'My own words', state: 'override' });
    const redrafted = await patch({ regenerate: ['tagline', 'city'] });
    expect(redrafted.status).toBe(200);
    expect(redrafted.body.fields.tagline).toMatchObject({ value: 'My own words', state: 'override' });
    expect(redrafted.body.fields.city).toEqual(draft.fields.city);
    // Editing a locked field keeps the lock; restore lifts it.
    const edited = await patch({ fields: { tagline: 'Still mine' } });
    expect(edited.body.fields.tagline).toMatchObject({ value: 'Still mine', state: 'override' });
    expect((await patch({ restore: ['tagline'] })).body.fields.tagline).toEqual(draft.fields.tagline);
  });

  it('regenerate replaces an edited or deleted value with the AI redraft', async () => {
    await patch({ fields: { features: ['Only one thing'], contact_email: null } });
    const res = await patch({ regenerate: ['features', 'contact_email'] });
    expect(res.body.fields.features).toEqual(draft.fields.features);
    expect(res.body.fields.contact_email).toEqual(draft.fields.contact_email);
  });

  it('sets FAQs, socials, founders, story, milestones, competitor_url and SEO; only sent parts change', async () => {
    const parts = {
      faqs: [{ question: 'Is there a free plan?', answer: 'Yes, for up to 3 clients.' }],
      company_socials: { x: 'https://x.com/tallyfox', github: 'https://github.com/tallyfox' },
      founder_socials: { linkedin: 'https://www.linkedin.com/in/ana' },
      founders: [{ name: 'Ana Silva', title: 'CEO', bio: 'Designer turned founder.' }, { name: 'Rui Costa' }],
      story: { title: 'How we started', why_started: 'Chasing invoices took our Fridays.' },
      milestones: [
        {
          date: '2019-05-01',
          title: 'Founded',
          description: 'Two designers, one idea.',
          url: 'https://tallyfox.test/blog/founded',
        },
      ],
      competitor_url: 'https://competitor.test/',
      seo: { title: 'Tallyfox: invoicing for freelancers', meta: 'Send invoices, get paid on time.' },
    };
    const res = await patch(parts);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(parts);
    expect(res.body.missing).not.toContain('founders');

    const one = await patch({ seo: { title: 'New title' } });
    expect(one.body.seo).toEqual({ title: 'New title' });
    expect(one.body).toMatchObject({
      faqs: parts.faqs,
      founders: parts.founders,
      story: parts.story,
      milestones: parts.milestones,
      competitor_url: parts.competitor_url,
    });
    expect((await patch({ competitor_url: '' })).body.competitor_url).toBeNull();
    expect((await patch({})).body.founders).toEqual(parts.founders);
    const noBody = await dw.owner.call('PATCH', `/drafts/${draft.id}`);
    expect(noBody.status).toBe(200);
    expect(noBody.body.founders).toEqual(parts.founders);
    const got = await dw.owner.call('GET', `/drafts/${draft.id}`);
    expect(got.body).toMatchObject({
      faqs: parts.faqs,
      founders: parts.founders,
      seo: { title: 'New title' },
      competitor_url: null,
    });
  });

  const long = (n: number) => 'a'.repeat(n);
  const field = (name: string, value: unknown) => ({ fields: { [name]: value } });
  it.each([
    ['a scalar over 500 characters', field('tagline', long(501)), 'body.fields.tagline'],
    ['a description over 20000 characters', field('description', long(20001)), 'body.fields.description'],
    [
      'a list over 20 items',
      field(
        'features',
        Array.from({ length: 21 }, (_, i) => `f${i}`),
      ),
      'body.fields.features',
    ],
    ['a list item over 200 characters', field('keywords', [long(201)]), 'body.fields.keywords.0'],
    ['a country that is not a two-letter code', field('country', 'Portugal'), 'body.fields.country'],
    ['a blank value', field('city', '  '), 'body.fields.city'],
    ['an unknown category', field('categories', ['Gardening']), 'body.fields.categories.0'],
    ['an unknown profile field', field('votes', 5), 'body.fields.votes'],
    ['an extra top-level property', { status: 'live' }, 'body.status'],
    ['more than 20 lock_fields', { lock_fields: Array(21).fill('name') }, 'body.lock_fields'],
    ['an unknown field to lock', { lock_fields: ['price'] }, 'body.lock_fields.0'],
    [
      'more than 5 fields to regenerate',
      { regenerate: ['name', 'tagline', 'city', 'country', 'stage', 'tags'] },
      'body.regenerate',
    ],
    ['more than 20 fields to restore', { restore: Array(21).fill('name') }, 'body.restore'],
    ['more than 10 FAQs', { faqs: Array.from({ length: 11 }, (_, i) => ({ question: `Q${i}?`, answer: 'A.' })) }, 'body.faqs'],
    ['a FAQ question over 300', { faqs: [{ question: long(301), answer: 'A.' }] }, 'body.faqs.0.question'],
    ['a FAQ answer over 1500', { faqs: [{ question: 'Q?', answer: long(1501) }] }, 'body.faqs.0.answer'],
    ['a FAQ without its answer', { faqs: [{ question: 'Q?' }] }, 'body.faqs.0.answer'],
    ['a FAQ with an extra property', { faqs: [{ question: 'Q?', answer: 'A.', votes: 1 }] }, 'body.faqs.0.votes'],
    ['a social link over 500', { company_socials: { x: `https://x.com/${long(490)}` } }, 'body.company_socials.x'],
    ['an unknown social platform', { founder_socials: { myspace: 'https://myspace.com/a' } }, 'body.founder_socials.myspace'],
    ['more than 6 founders', { founders: Array.from({ length: 7 }, (_, i) => ({ name: `F${i}` })) }, 'body.founders'],
    ['a founder without a name', { founders: [{ title: 'CEO' }] }, 'body.founders.0.name'],
    ['a founder name over 160', { founders: [{ name: long(161) }] }, 'body.founders.0.name'],
    ['a founder title over 160', { founders: [{ name: 'Ana', title: long(161) }] }, 'body.founders.0.title'],
    ['a founder bio over 3000', { founders: [{ name: 'Ana', bio: long(3001) }] }, 'body.founders.0.bio'],
    ['a story section over 8000', { story: { journey: long(8001) } }, 'body.story.journey'],
    ['a story title over 8000', { story: { title: long(8001) } }, 'body.story.title'],
    ['an unknown story section', { story: { epilogue: 'x' } }, 'body.story.epilogue'],
    [
      'more than 50 milestones',
      { milestones: Array.from({ length: 51 }, () => ({ date: '2020-01-01', title: 'M' })) },
      'body.milestones',
    ],
    ['a milestone date not YYYY-MM-DD', { milestones: [{ date: '01/05/2019', title: 'M' }] }, 'body.milestones.0.date'],
    ['a milestone without a title', { milestones: [{ date: '2019-05-01' }] }, 'body.milestones.0.title'],
    ['a milestone title over 200', { milestones: [{ date: '2019-05-01', title: long(201) }] }, 'body.milestones.0.title'],
    [
      'a milestone description over 2000',
      { milestones: [{ date: '2019-05-01', title: 'M', description: long(2001) }] },
      'body.milestones.0.description',
    ],
    [
      'a milestone url that is not https',
      { milestones: [{ date: '2019-05-01', title: 'M', url: 'http://a.test/' }] },
      'body.milestones.0.url',
    ],
    [
      'a milestone url over 500',
      { milestones: [{ date: '2019-05-01', title: 'M', url: `https://a.test/${long(490)}` }] },
      'body.milestones.0.url',
    ],
    ['a competitor_url over 2048', { competitor_url: `https://a.test/${long(2040)}` }, 'body.competitor_url'],
    ['an SEO title over 70', { seo: { title: long(71) } }, 'body.seo.title'],
    ['an SEO meta over 170', { seo: { meta: long(171) } }, 'body.seo.meta'],
    ['an SEO extra property', { seo: { keywords: 'x' } }, 'body.seo.keywords'],
    ['a field both set and restored', { fields: { city: 'Porto' }, restore: ['city'] }, 'body.restore'],
    ['a field both locked and regenerated', { lock_fields: ['city'], regenerate: ['city'] }, 'body.regenerate'],
  ])('refuses %s with 400 and the path', async (_label, body, path) => {
    const before = await dw.owner.call('GET', `/drafts/${draft.id}`);
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await dw.owner.call('GET', `/drafts/${draft.id}`)).body.updated_at).toBe(before.body.updated_at);
  });

  it('accepts the bounds themselves', async () => {
    const res = await patch({
      fields: {
        tagline: long(500),
        description: long(20000),
        features: Array.from({ length: 20 }, () => long(200)),
        categories: ['finance', 'Invoicing'],
      },
      faqs: Array.from({ length: 10 }, () => ({ question: long(300), answer: long(1500) })),
      founders: Array.from({ length: 6 }, () => ({ name: long(160), title: long(160), bio: long(3000) })),
      story: { title: long(8000), whats_next: long(8000) },
      milestones: Array.from({ length: 50 }, () => ({
        date: '2024-02-29',
        title: long(200),
        description: long(2000),
        url: `https://a.test/${long(480)}`,
      })),
      seo: { title: long(70), meta: long(170) },
      company_socials: { x: long(500) },
    });
    expect(res.status).toBe(200);
    expect(res.body.fields.categories).toMatchObject({ value: ['Finance', 'Invoicing'], state: 'edited' });
  });

  it("is 404 for another user's draft, and changes nothing there", async () => {
    const res = await patch({ fields: { name: 'Taken over' } }, dw.stranger);
    expect(res.status).toBe(404);
    expect((await patch({ regenerate: ['name'] }, dw.stranger)).status).toBe(404);
    expect((await dw.owner.call('GET', `/drafts/${draft.id}`)).body.fields.name.value).toBe('Tallyfox');
  });
});
