import { insertListing } from '../listings/support.js';
import { formsOf, WebClient, type Page } from '../support/web-client.js';
import { startDraftWorld, type DraftWorld } from '../drafts/support.js';
import { htmlProblems } from './pages.js';

let dw: DraftWorld;
let owner: WebClient;
let stranger: WebClient;
beforeAll(async () => {
  dw = await startDraftWorld();
  owner = await WebClient.signedIn(dw.app, 'founder@example.test');
  stranger = await WebClient.signedIn(dw.app, 'stranger@example.test');
});
afterAll(() => dw.close());

const em = () => dw.app.deps.orm.em.fork();
const draftCount = async () => Number((await em().execute<{ n: string }[]>('select count(*) as n from draft'))[0].n);

/** Submits a website on /submit as `who` and follows to the draft page; the draft's id. */
async function submitWebsite(who: WebClient, url: string): Promise<string> {
  const sent = await who.submit(await who.get('/submit'), '/submit', { url });
  expect(sent.status).toBe(303);
  const id = /^\/me\/drafts\/([0-9a-f-]{36})$/.exec(sent.location ?? '')?.[1];
  if (!id) throw new Error(`no draft page: ${sent.location}`);
  return id;
}

/** Polls the page's JSON endpoint (what its script reads) until the build ends. */
async function settled(who: WebClient, id: string): Promise<any> {
  for (;;) {
    const res = await who.get(`/me/drafts/${id}/progress`);
    expect(res.status).toBe(200);
    const draft = JSON.parse(res.html);
    if (draft.status === 'ready' || draft.status === 'failed') return draft;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function readyDraft(): Promise<{ id: string; page: Page }> {
  const id = await submitWebsite(owner, dw.world.freshUrlOf('static'));
  await settled(owner, id);
  return { id, page: await owner.get(`/me/drafts/${id}`) };
}

const draftJson = async (id: string) => JSON.parse((await owner.get(`/me/drafts/${id}/progress`)).html);

describe('/submit', () => {
  it('is linked from the header for everyone and sends a visitor to sign in and back', async () => {
    const visitor = new WebClient(dw.app.url);
    expect((await visitor.get('/')).html).toContain('<a href="/submit">Submit</a>');
    const res = await visitor.get('/submit');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/sign-in?return_to=%2Fsubmit');
    const signIn = await visitor.get(res.location!);
    expect(signIn.html).toContain('name="return_to" value="/submit"');
  });

  it('shows the operation refusal next to the URL field, keeping what was typed', async () => {
    const res = await owner.submit(await owner.get('/submit'), '/submit', { url: 'not a website' });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(
      /<input type="text" id="f-url" name="url" aria-describedby="f-url-hint f-url-error" aria-invalid="true"[^>]* value="not a website">/,
    );
    expect(res.html).toMatch(/<strong class="field-error" id="f-url-error">[^<]*<\/strong>/);
    expect(res.html).toContain('role="alert"');
    expect(await htmlProblems(res.html)).toEqual([]);
  });

  it('says a product is already listed, with a button to claim it, and makes no draft', async () => {
    const [row] = await em().execute<{ id: number }[]>(`select id from app_user where email = 'stranger@example.test'`);
    const listingId = await insertListing(em(), dw.app.deps.site.id, { slug: 'listed-co', ownerId: row.id, status: 'live' });
    await em().execute(`update listing set domain = 'listed.test' where id = ?`, [listingId]);
    const before = await draftCount();
    const res = await owner.submit(await owner.get('/submit'), '/submit', { url: 'https://www.listed.test/' });
    expect(res.status).toBe(409);
    expect(res.html).toContain('This product is already listed');
    expect(res.html).toContain(
      '<form method="get" action="/listings/listed-co/claim"><button type="submit">Claim Product listed-co</button></form>',
    );
    expect(res.html).toContain('<a href="/listings/listed-co">Product listed-co</a>');
    expect(await draftCount()).toBe(before);
    expect(await htmlProblems(res.html)).toEqual([]);
  });

  it('answers the open draft of the same domain instead of a second one', async () => {
    const url = dw.world.freshUrlOf('static');
    const first = await submitWebsite(owner, url);
    expect(await submitWebsite(owner, url)).toBe(first);
    await settled(owner, first);
  });
});

describe('/me/drafts/{id}', () => {
  it('shows progress with a Refresh link and the live script while building, then the editor', async () => {
    dw.world.dns.set('static.slowpoke.test', ['127.0.0.1']);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    dw.world.sites.route('static.slowpoke.test/robots.txt', (_req, res) => void gate.then(() => res.writeHead(404).end()));
    const id = await submitWebsite(owner, `http://static.slowpoke.test:${dw.world.sites.port}/`);
    const building = await owner.get(`/me/drafts/${id}`);
    expect(building.status).toBe(200);
    expect(building.html).toContain('id="draft-progress"');
    expect(building.html).toContain('<span data-progress="step">Reading the website</span>');
    expect(building.html).toContain(`<a href="/me/drafts/${id}">Refresh</a>`);
    expect(building.html).toMatch(/<script src="\/assets\/draft-progress.js" integrity="sha384-[^"]+" defer><\/script>/);
    expect(building.headers.get('cache-control')).toBe('no-store');
    expect(await htmlProblems(building.html)).toEqual([]);
    const script = await owner.get('/assets/draft-progress.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    release();
    const ready = await settled(owner, id);
    expect(ready.status).toBe('ready');
    const editor = await owner.get(`/me/drafts/${id}`);
    expect(editor.html).not.toContain('id="draft-progress"');
    expect(editor.html).toContain('id="field-tagline"');
    expect(await htmlProblems(editor.html)).toEqual([]);
  });

  it('lists every field with its value, state and evidence linked to the page it came from', async () => {
    const { id, page } = await readyDraft();
    const draft = await draftJson(id);
    for (const [name, field] of Object.entries<any>(draft.fields)) {
      const article = new RegExp(
        `<article class="draft-field" id="field-${name}" data-state="${field.state}">([\\s\\S]*?)</article>`,
      ).exec(page.html);
      expect(article).not.toBeNull();
      for (const e of field.evidence)
        expect(article![1]).toContain(`<a href="${e.url.replace(/&/g, '&amp;')}" rel="nofollow ugc noopener">`);
    }
    expect(page.html).toContain(`The profile is <strong>${draft.completeness}%</strong> complete.`);
    expect(page.html).toContain('Still missing:');
  });

  it('edits, clears, restores and locks a field through update_draft', async () => {
    const { id, page } = await readyDraft();
    const before = await draftJson(id);
    const saved = await owner.submit(page, `/me/drafts/${id}/fields/tagline`, {
      action: 'save',
      'fields.tagline': 'Invoices that chase themselves',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/me/drafts/${id}#field-tagline`);
    let draft = await draftJson(id);
    expect(draft.fields.tagline).toMatchObject({ value: 'Invoices that chase themselves', state: 'edited' });
    expect(draft.fields.name).toEqual(before.fields.name);

    await owner.submit(page, `/me/drafts/${id}/fields/features`, { action: 'save', 'fields.features': 'One\n\n  Two  \n' });
    expect((await draftJson(id)).fields.features).toMatchObject({ value: ['One', 'Two'], state: 'edited' });

    await owner.submit(page, `/me/drafts/${id}/fields/tagline`, { action: 'clear' });
    expect((await draftJson(id)).fields.tagline).toMatchObject({ value: null, state: 'deleted' });
    await owner.submit(page, `/me/drafts/${id}/fields/tagline`, { action: 'restore' });
    draft = await draftJson(id);
    expect(draft.fields.tagline).toMatchObject({ value: before.fields.tagline.value, state: 'ai' });
    await owner.submit(page, `/me/drafts/${id}/fields/city`, { action: 'lock' });
    expect((await draftJson(id)).fields.city.state).toBe('override');
  });

  it('shows each refusal next to the control that sent it, with the typed value kept', async () => {
    const { id, page } = await readyDraft();
    const country = await owner.submit(page, `/me/drafts/${id}/fields/country`, { action: 'save', 'fields.country': 'Portugal' });
    expect(country.status).toBe(400);
    expect(country.html).toContain(
      '<strong class="field-error" id="f-fields-country-error">must be an ISO 3166-1 alpha-2 code</strong>',
    );
    expect(country.html).toMatch(
      /<input type="text" id="f-fields-country" name="fields.country" aria-describedby="f-fields-country-error" aria-invalid="true" value="Portugal">/,
    );
    expect(await htmlProblems(country.html)).toEqual([]);

    // Row 1 left empty is dropped, so the operation's faqs.1 is the form's row 2.
    const faqs = await owner.submit(page, `/me/drafts/${id}/faqs`, {
      'faqs.0.question': 'Is it free?',
      'faqs.0.answer': 'Yes.',
      'faqs.1.question': '',
      'faqs.1.answer': '',
      'faqs.2.question': 'Which currencies?',
      'faqs.2.answer': '',
    });
    expect(faqs.status).toBe(400);
    expect(faqs.html).toContain('id="f-faqs-2-answer-error"');
    expect(faqs.html).not.toContain('id="f-faqs-1-answer-error"');
    expect(faqs.html).toContain('value="Which currencies?"');

    const six = ['name', 'tagline', 'city', 'stage', 'tags', 'usps'];
    const body = new URLSearchParams([
      ['csrf', formsOf(page.html)[0].fields.csrf],
      ...six.map((n): [string, string] => ['regenerate', n]),
    ]);
    const regenerate = await owner.request(`/me/drafts/${id}/regenerate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(regenerate.status).toBe(400);
    expect(regenerate.html).toContain('id="f-regenerate-error"');
  });

  it('saves FAQs, founders and social links, and regenerates chosen fields', async () => {
    const { id, page } = await readyDraft();
    expect(
      (
        await owner.submit(page, `/me/drafts/${id}/faqs`, {
          'faqs.0.question': 'Is it free?',
          'faqs.0.answer': 'Yes, for one client.',
          'faqs.1.question': '',
          'faqs.1.answer': '',
        })
      ).status,
    ).toBe(303);
    expect(
      (
        await owner.submit(page, `/me/drafts/${id}/founders`, {
          'founders.0.name': 'Ana Silva',
          'founders.0.title': 'CEO',
          'founders.0.bio': '',
        })
      ).status,
    ).toBe(303);
    expect(
      (
        await owner.submit(page, `/me/drafts/${id}/socials`, {
          'company_socials.github': 'https://github.com/tallyfox',
          'founder_socials.x': 'https://x.com/ana',
        })
      ).status,
    ).toBe(303);
    const draft = await draftJson(id);
    expect(draft.faqs).toEqual([{ question: 'Is it free?', answer: 'Yes, for one client.' }]);
    expect(draft.founders).toEqual([{ name: 'Ana Silva', title: 'CEO' }]);
    expect(draft.company_socials).toEqual({ github: 'https://github.com/tallyfox' });
    expect(draft.founder_socials).toEqual({ x: 'https://x.com/ana' });

    const regenerate = await owner.post(`/me/drafts/${id}/regenerate`, {
      csrf: formsOf(page.html)[0].fields.csrf,
      regenerate: 'city',
    });
    expect(regenerate.status).toBe(303);
  });

  it('submits the draft and confirms where the listing is managed', async () => {
    const { id, page } = await readyDraft();
    const sent = await owner.submit(page, `/me/drafts/${id}/submit`);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/me/drafts/${id}/submitted`);
    const done = await owner.get(sent.location!);
    const { listing_id } = await draftJson(id);
    expect(listing_id).toEqual(expect.any(Number));
    expect(done.html).toContain(`saved as your listing #${listing_id}`);
    expect(done.html).toContain(`<a href="/me/listings/${listing_id}">manage your listing</a>`);
    expect(await htmlProblems(done.html)).toEqual([]);
  });

  it('shows a failed build with its reason and a way to try again', async () => {
    const id = await submitWebsite(owner, `http://closed.test:${dw.world.sites.port}/`);
    expect((await settled(owner, id)).status).toBe('failed');
    const page = await owner.get(`/me/drafts/${id}`);
    expect(page.html).toContain('<code>robots_forbidden</code>');
    expect(formsOf(page.html).map((f) => f.action)).toContain('/submit');
  });
});

describe('the owner pages, attacked', () => {
  it("answers another person's draft with 404 on every page, endpoint and form, and changes nothing", async () => {
    const { id, page } = await readyDraft();
    const before = await draftJson(id);
    for (const path of [`/me/drafts/${id}`, `/me/drafts/${id}/progress`, `/me/drafts/${id}/submitted`]) {
      expect((await stranger.get(path)).status).toBe(404);
    }
    const theirs = await stranger.get('/submit');
    const csrf = formsOf(theirs.html)[0].fields.csrf;
    for (const form of formsOf(page.html).filter((f) => f.action.startsWith('/me/'))) {
      const res = await stranger.post(form.action, { ...form.fields, csrf, action: 'save', 'fields.tagline': 'Stolen' });
      expect(res.status).toBe(404);
    }
    expect(await draftJson(id)).toEqual(before);
  });

  it('refuses every form without its CSRF token, or with another browser’s, and changes nothing', async () => {
    const { id, page } = await readyDraft();
    const before = await draftJson(id);
    const drafts = await draftCount();
    const forms = [...formsOf((await owner.get('/submit')).html), ...formsOf(page.html)];
    expect(forms.map((f) => f.action)).toEqual(
      expect.arrayContaining([
        '/submit',
        `/me/drafts/${id}/fields/tagline`,
        `/me/drafts/${id}/regenerate`,
        `/me/drafts/${id}/faqs`,
        `/me/drafts/${id}/founders`,
        `/me/drafts/${id}/socials`,
        `/me/drafts/${id}/submit`,
      ]),
    );
    const othersToken = formsOf((await stranger.get('/submit')).html)[0].fields.csrf;
    for (const form of forms) {
      const { csrf: _csrf, ...rest } = form.fields;
      const edit = {
        ...rest,
        url: dw.world.freshUrlOf('static'),
        action: 'save',
        'fields.tagline': 'Forged',
        regenerate: 'name',
      };
      expect((await owner.post(form.action, edit)).status).toBe(403);
      expect((await owner.post(form.action, { ...edit, csrf: othersToken })).status).toBe(403);
    }
    expect(await draftJson(id)).toEqual(before);
    expect(await draftCount()).toBe(drafts);
  });

  it('refuses a malformed draft address with 404, and the JSON endpoint to a visitor with 401', async () => {
    expect((await owner.get('/me/drafts/not-a-draft')).status).toBe(404);
    expect((await owner.get('/me/drafts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const { id } = await readyDraft();
    const visitor = new WebClient(dw.app.url);
    expect((await visitor.get(`/me/drafts/${id}/progress`)).status).toBe(401);
    const page = await visitor.get(`/me/drafts/${id}`);
    expect(page.location).toBe(`/sign-in?return_to=${encodeURIComponent(`/me/drafts/${id}`)}`);
  });
});

it('is the same draft over REST as on the page endpoint: one pipeline', async () => {
  const { id } = await readyDraft();
  expect((await dw.owner.call('GET', `/drafts/${id}`)).body).toEqual(await draftJson(id));
});
