import { startTestApp, type TestApp } from '../support/app.js';
import { insertListing, ownerWithKey, type Owner } from '../listings/support.js';

/** get_claim: one claim of the caller, exactly as the list has it; anyone else's is 404. */
let app: TestApp;
let claimant: Owner;
let stranger: Owner;

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  const previous = await ownerWithKey(app, 'previous@example.test');
  claimant = await ownerWithKey(app, 'claimant@example.test');
  stranger = await ownerWithKey(app, 'stranger@example.test');
  const id = await insertListing(app.deps.orm.em.fork(), app.deps.site.id, {
    slug: 'ledgerly',
    ownerId: previous.id,
    status: 'live',
  });
  await app.deps.orm.em
    .fork()
    .execute('update listing set website_url = ?, domain = ? where id = ?', ['https://ledgerly.test/', 'ledgerly.test', id]);
});
afterAll(() => app.close());

it('answers the caller their claim as list_my_claims has it, and 404 to anyone else', async () => {
  const opened = await claimant.call('POST', '/claims', { slug: 'ledgerly', method: 'meta' });
  expect(opened.status).toBe(201);
  const got = await claimant.call('GET', `/claims/${opened.body.id}`);
  expect(got.status).toBe(200);
  const listed = await claimant.call('GET', '/claims');
  expect(got.body).toEqual(listed.body.items.find((c: { id: number }) => c.id === opened.body.id));
  expect(got.body).toMatchObject({ status: 'pending', method: 'meta', token: opened.body.token });
  expect(got.body.instructions).toContain(opened.body.token);

  const theirs = await stranger.call('GET', `/claims/${opened.body.id}`);
  expect(theirs.status).toBe(404);
  expect(theirs.body.code).toBe('not_found');
  expect((await claimant.call('GET', `/claims/${opened.body.id + 1000}`)).status).toBe(404);
  expect((await claimant.call('GET', '/claims/first')).status).toBe(400);
});
