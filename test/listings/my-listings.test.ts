import type { TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { insertListing, startOwnerApp, type Owner } from './support.js';

let app: TestApp;
let owner: Owner;
let stranger: Owner;
let draftId: number;
let liveId: number;

const em = () => app.deps.orm.em.fork();
const publicProfile = (slug: string) => request(`${app.api}/listings/${slug}`);

beforeAll(async () => {
  ({ app, owner, stranger, liveId } = await startOwnerApp());
  draftId = await insertListing(em(), app.deps.site.id, { slug: 'hushhush', ownerId: owner.id, status: 'draft' });
  await insertListing(em(), app.deps.site.id, { slug: 'theirs', ownerId: stranger.id, status: 'live' });
});
afterAll(() => app.close());

describe('list_my_listings and get_my_listing', () => {
  it('list every listing the caller owns, any status, newest first, as owner views', async () => {
    const res = await owner.call('GET', '/me/listings');
    expect(res.status).toBe(200);
    expect(res.body.items.map((l: any) => [l.slug, l.status, l.visible])).toEqual([
      ['hushhush', 'draft', false],
      ['livewire', 'live', true],
    ]);
    expect(res.body).toMatchObject({ page: 1, per_page: 20, total: 2, total_pages: 1 });
    expect((await owner.call('GET', '/me/listings?per_page=1&page=2')).body.items.map((l: any) => l.slug)).toEqual(['livewire']);
  });

  it('show status, plan, week, sections, the free plan gates and the next step', async () => {
    const res = await owner.call('GET', `/me/listings/${draftId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: draftId,
      slug: 'hushhush',
      status: 'draft',
      plan: 'free',
      launch_week: null,
      launched_at: null,
      unlocked_sections: [],
      milestones: [],
      story: null,
      publication: {
        plan: 'free',
        badge: { found: false, checked_at: null, next_check_at: null, embed_html: expect.stringContaining('/listings/hushhush') },
        founder_profile: { complete: false, missing: [expect.stringContaining('at least one founder')] },
        status_reason: null,
      },
    });
    expect(res.body.publication.next_step).toContain('choose_free_listing');
    expect(res.body.publication.next_step).toContain('create_checkout');
  });

  it('complete the founder-profile gate only when every founder has name, title, an 80+ bio and one has an answer or a link', async () => {
    const db = em();
    const [{ id: founderId }] = await db.execute<{ id: number }[]>(
      `insert into founder (site_id, slug, name, title, bio) values (?, 'ada', 'Ada', 'CEO', 'Short bio') returning id`,
      [app.deps.site.id],
    );
    await db.execute('insert into listing_founder (listing_id, founder_id, position) values (?, ?, 0)', [draftId, founderId]);
    let gate = (await owner.call('GET', `/me/listings/${draftId}`)).body.publication.founder_profile;
    expect(gate.complete).toBe(false);
    expect(gate.missing).toEqual([
      'Ada: a bio of at least 80 characters (now 9)',
      'an interview answer or a social link from at least one founder',
    ]);
    await db.execute(`update founder set bio = ?, socials = '{"x": "https://x.com/ada"}' where id = ?`, [
      'b'.repeat(80),
      founderId,
    ]);
    gate = (await owner.call('GET', `/me/listings/${draftId}`)).body.publication.founder_profile;
    expect(gate).toEqual({ complete: true, missing: [] });
  });

  it("answer 404 for another owner's listing, an unknown one, and 400 for an id that is not one", async () => {
    const [theirs] = await em().execute<{ id: number }[]>(`select id from listing where slug = 'theirs'`);
    for (const path of [`/me/listings/${theirs.id}`, '/me/listings/999999']) {
      const res = await owner.call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const bad = await owner.call('GET', '/me/listings/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('path.listing_id');
  });
});

describe('update_my_listing', () => {
  it('publishes edits at once: the public profile changes with the next read', async () => {
    expect((await publicProfile('livewire')).body.tagline).toBe('A tagline');
    const res = await owner.call('PATCH', `/me/listings/${liveId}`, {
      fields: { tagline: 'Sharper tagline', country: 'de', founded_year: 2020, features: ['Fast', 'Small'], city: null },
      socials: { x: 'https://x.com/livewire' },
      faqs: [{ question: 'Is it free?', answer: 'Yes.' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tagline: 'Sharper tagline', country: 'DE', founded_year: 2020, applied_to: [] });
    const profile = (await publicProfile('livewire')).body;
    expect(profile).toMatchObject({
      tagline: 'Sharper tagline',
      country: 'DE',
      features: ['Fast', 'Small'],
      socials: { x: 'https://x.com/livewire' },
      faqs: [{ question: 'Is it free?', answer: 'Yes.' }],
    });
  });

  it('refuses one over every bound with 400 naming the field, and keeps the listing as it was', async () => {
    const over: [string, unknown][] = [
      ['tagline', 'x'.repeat(201)],
      ['short_description', 'x'.repeat(301)],
      ['description', 'x'.repeat(20001)],
      ['pricing_model', 'x'.repeat(41)],
      ['pricing_summary', 'x'.repeat(301)],
      ['country', 'DEU'],
      ['city', 'x'.repeat(121)],
      ['founded_year', 1799],
      ['founded_year', 2101],
      ['demo_video_url', `https://v.example/${'x'.repeat(490)}`],
      ['demo_video_url', 'ftp://v.example/clip'],
      ['contact_email', `${'x'.repeat(246)}@ex.ample`],
      ['contact_email', 'not-an-email'],
      ['features', Array.from({ length: 21 }, (_, i) => `f${i}`)],
      ['usps', ['x'.repeat(201)]],
      ['keywords', Array.from({ length: 21 }, (_, i) => `k${i}`)],
      ['headline', 'x'.repeat(201)],
      ['summary', 'x'.repeat(20001)],
      ['seo_title', 'x'.repeat(201)],
      ['seo_description', 'x'.repeat(321)],
      ['tagline', null],
      ['tagline', '   '],
    ];
    for (const [field, value] of over) {
      const res = await owner.call('PATCH', `/me/listings/${liveId}`, { fields: { [field]: value } });
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body.errors.map((e: any) => e.path)).toContain(
        Array.isArray(value) && (value[0] as string).length > 200 ? `body.fields.${field}.0` : `body.fields.${field}`,
      );
    }
    const others: [unknown, string][] = [
      [{ socials: { myspace: 'https://myspace.com/a' } }, 'body.socials.myspace'],
      [{ socials: { x: `https://x.com/${'a'.repeat(490)}` } }, 'body.socials.x'],
      [{ faqs: Array.from({ length: 11 }, () => ({ question: 'q', answer: 'a' })) }, 'body.faqs'],
      [{ faqs: [{ question: 'q'.repeat(301), answer: 'a' }] }, 'body.faqs.0.question'],
      [{ apply_to: Array.from({ length: 61 }, () => 'all') }, 'body.apply_to'],
      [{ apply_to: ['x'.repeat(41)] }, 'body.apply_to.0'],
      [{ apply_to: ['nowhere'] }, 'body.apply_to'],
      [{ name: 'Renamed' }, 'body.name'],
      [{ fields: { name: 'Renamed' } }, 'body.fields.name'],
    ];
    for (const [body, path] of others) {
      const res = await owner.call('PATCH', `/me/listings/${liveId}`, body);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
    expect((await publicProfile('livewire')).body.tagline).toBe('Sharper tagline');
  });

  it("answers 404 for another owner's listing and changes nothing", async () => {
    const res = await stranger.call('PATCH', `/me/listings/${liveId}`, { fields: { tagline: 'Hijacked' } });
    expect(res.status).toBe(404);
    expect((await publicProfile('livewire')).body.tagline).toBe('Sharper tagline');
  });

  it('lands every one of 20 concurrent edits of different fields (none lost)', async () => {
    const id = await insertListing(em(), app.deps.site.id, { slug: 'busy', ownerId: owner.id, status: 'live' });
    const edits: Record<string, unknown>[] = [
      { fields: { tagline: 'T' } },
      { fields: { short_description: 'S' } },
      { fields: { description: 'D' } },
      { fields: { pricing_model: 'freemium' } },
      { fields: { pricing_summary: 'Free and $9' } },
      { fields: { country: 'FR' } },
      { fields: { city: 'Lyon' } },
      { fields: { founded_year: 2019 } },
      { fields: { demo_video_url: 'https://video.example/demo' } },
      { fields: { contact_email: 'hi@busy.example' } },
      { fields: { features: ['F'] } },
      { fields: { usps: ['U'] } },
      { fields: { keywords: ['K'] } },
      { fields: { headline: 'H' } },
      { fields: { summary: 'Sum' } },
      { fields: { seo_title: 'ST' } },
      { fields: { seo_description: 'SD' } },
      { socials: { github: 'https://github.com/busy' } },
      { faqs: [{ question: 'Q', answer: 'A' }] },
      {},
    ];
    const results = await Promise.all(edits.map((body) => owner.call('PATCH', `/me/listings/${id}`, body)));
    expect(results.map((r) => r.status)).toEqual(edits.map(() => 200));
    const view = (await owner.call('GET', `/me/listings/${id}`)).body;
    expect(view).toMatchObject({
      tagline: 'T',
      short_description: 'S',
      description: 'D',
      pricing: { model: 'freemium', summary: 'Free and $9' },
      country: 'FR',
      city: 'Lyon',
      founded_year: 2019,
      links: { demo_video: 'https://video.example/demo', contact_email: 'hi@busy.example' },
      features: ['F'],
      usps: ['U'],
      keywords: ['K'],
      headline: 'H',
      summary: 'Sum',
      seo: { title: 'ST', description: 'SD' },
      socials: { github: 'https://github.com/busy' },
      faqs: [{ question: 'Q', answer: 'A' }],
    });
    const [{ n, version }] = await em().execute<{ n: string; version: number }[]>(
      'select (select count(*) from listing_revision where listing_id = ?) as n, version from listing where id = ?',
      [id, id],
    );
    expect(Number(n)).toBe(20);
    // 19 edits changed a field; the empty one left the row (and its version) alone.
    expect(version).toBe(20);
  });

  it('apply_to copies the headline, summary and SEO fields changed in the call to the company on other sites', async () => {
    const db = em();
    const [{ id: companyId }] = await db.execute<{ id: number }[]>(
      `insert into company (name, domain) values ('Twin', 'twin.example') returning id`,
    );
    const [{ id: otherSite }] = await db.execute<{ id: number }[]>(
      `insert into site (key, name, url) values ('eu', 'Launches EU', 'https://eu.example') returning id`,
    );
    const here = await insertListing(db, app.deps.site.id, { slug: 'twin', ownerId: owner.id, status: 'live', companyId });
    const there = await insertListing(db, app.deps.site.id, { slug: 'twin', ownerId: owner.id, siteId: otherSite, companyId });

    const res = await owner.call('PATCH', `/me/listings/${here}`, {
      fields: { headline: 'Everywhere', seo_title: 'Twin SEO', tagline: 'Only here' },
      apply_to: ['eu'],
    });
    expect(res.status).toBe(200);
    expect(res.body.applied_to).toEqual([{ site: 'eu', listing_id: there, slug: 'twin', fields: ['headline', 'seo_title'] }]);
    const [copy] = await db.execute<any[]>('select headline, seo_title, tagline from listing where id = ?', [there]);
    expect(copy).toEqual({ headline: 'Everywhere', seo_title: 'Twin SEO', tagline: 'A tagline' });

    const all = await owner.call('PATCH', `/me/listings/${here}`, { fields: { summary: 'Said once' }, apply_to: ['all'] });
    expect(all.body.applied_to).toEqual([{ site: 'eu', listing_id: there, slug: 'twin', fields: ['summary'] }]);
    const unknown = await owner.call('PATCH', `/me/listings/${here}`, { fields: { summary: 'x' }, apply_to: ['eu', 'mars'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('mars');
  });
});

describe('kept private', () => {
  it('a listing in status draft is never visible to public reads, search or pages, whatever its edits', async () => {
    const edited = await owner.call('PATCH', `/me/listings/${draftId}`, {
      fields: { tagline: 'Secret launch', keywords: ['hushhush'], headline: 'Hush' },
    });
    expect(edited.status).toBe(200);
    await owner.call('POST', `/me/listings/${draftId}/milestones`, { date: '2026-01-02', title: 'Hidden step' });
    expect((await publicProfile('hushhush')).status).toBe(404);
    expect((await request(`${app.api}/listings/hushhush/alternatives`)).status).toBe(404);
    const search = await request(`${app.api}/listings?q=hushhush`);
    expect(search.body.items.map((l: any) => l.slug)).not.toContain('hushhush');
    const secret = await request(`${app.api}/listings?q=${encodeURIComponent('Secret launch')}`);
    expect(secret.body.items.map((l: any) => l.slug)).not.toContain('hushhush');
    expect((await fetch(`${app.url}/listings/hushhush`)).status).toBe(404);
  });
});

describe('answer_interview', () => {
  let questions: number[];
  beforeAll(async () => {
    const rows = await em().execute<{ id: number }[]>(
      `insert into interview_question (site_id, question, position) values (?, 'Why did you start', 1), (?, 'What is next', 2) returning id`,
      [app.deps.site.id, app.deps.site.id],
    );
    questions = rows.map((r) => r.id);
  });

  it("saves answers on the caller's founder profile, shown on the founder page, and completes the gate", async () => {
    const res = await owner.call('PUT', '/me/interview', {
      answers: [
        { question_id: questions[0], answer: 'Invoices hurt.' },
        { question_id: questions[1], answer: 'Europe.' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.founder).toMatchObject({ slug: 'ada', name: 'Ada' });
    expect(res.body.answers.map((a: any) => [a.question, a.answer])).toEqual([
      ['Why did you start', 'Invoices hurt.'],
      ['What is next', 'Europe.'],
    ]);
    const again = await owner.call('PUT', '/me/interview', { answers: [{ question_id: questions[1], answer: 'Asia.' }] });
    expect(again.body.answers.map((a: any) => a.answer)).toEqual(['Invoices hurt.', 'Asia.']);

    await em().execute(`update founder set socials = '{}' where slug = 'ada'`);
    const mine = (await owner.call('GET', `/me/listings/${draftId}`)).body;
    expect(mine.publication.founder_profile).toEqual({ complete: true, missing: [] });
    // The owner view reads the answers back, exactly as answer_interview answered them.
    expect(mine.interview).toEqual(again.body);

    await em().execute(
      `insert into listing_founder (listing_id, founder_id, position) select ?, id, 0 from founder where slug = 'ada'`,
      [liveId],
    );
    const founder = await request(`${app.api}/founders/ada`);
    expect(founder.body.interview).toEqual([
      { question: 'Why did you start', answer: 'Invoices hurt.' },
      { question: 'What is next', answer: 'Asia.' },
    ]);
  });

  it('refuses unknown question ids by name, more than 30 answers and answers over 4000', async () => {
    const unknown = await owner.call('PUT', '/me/interview', {
      answers: [
        { question_id: questions[0], answer: 'ok' },
        { question_id: 987654, answer: 'no such question' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('987654');
    expect(unknown.body.errors).toEqual([
      { path: 'body.answers.1.question_id', message: 'no interview question has the id 987654' },
    ]);
    const cases: [unknown, string][] = [
      [{ answers: Array.from({ length: 31 }, () => ({ question_id: questions[0], answer: 'a' })) }, 'body.answers'],
      [{ answers: [{ question_id: questions[0], answer: 'x'.repeat(4001) }] }, 'body.answers.0.answer'],
      [{ answers: [{ question_id: 0, answer: 'a' }] }, 'body.answers.0.question_id'],
      [{}, 'body.answers'],
    ];
    for (const [body, path] of cases) {
      const res = await owner.call('PUT', '/me/interview', body);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
    const kept = await owner.call('PUT', '/me/interview', { answers: [] });
    expect(kept.body.answers.map((a: any) => a.answer)).toEqual(['Invoices hurt.', 'Asia.']);
  });
});
