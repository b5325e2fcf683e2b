import { findUserByEmail } from '../../src/accounts/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { WebClient, formsOf, signInLinkFor, type Page } from '../support/web-client.js';
import { insertListing } from '../listings/support.js';
import { openShop, sql } from '../orders/support.js';

/**
 * A page that carries a CSRF form token belongs to one browser: kept by a shared cache (or the
 * browser's back-forward cache on a shared computer) it would hand that browser's token to the next.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: false });
});
afterAll(() => app.close());

const carriesToken = (page: Page) => formsOf(page.html).some((form) => 'csrf' in form.fields);

describe('Cache-Control on pages with a form token', () => {
  it('is no-store on /sign-in and on the page of a mailed sign-in link', async () => {
    const browser = new WebClient(app.url);
    const signIn = await browser.get('/sign-in');
    expect(carriesToken(signIn)).toBe(true);
    expect(signIn.headers.get('cache-control')).toBe('no-store');

    await browser.submit(signIn, '/sign-in', { email: 'no-store@example.test' });
    const confirm = await browser.get(await signInLinkFor(app, 'no-store@example.test'));
    expect(carriesToken(confirm)).toBe(true);
    expect(confirm.headers.get('cache-control')).toBe('no-store');
  });

  it('is no-store on every page a signed-in person gets a form on, and public pages stay cacheable', async () => {
    const shop = await openShop(app, 'no-store-owner@example.test', 'no-store-own');
    const browser = await WebClient.signedIn(app, 'no-store-owner@example.test');
    const user = (await findUserByEmail(app.deps.orm.em.fork(), 'no-store-owner@example.test'))!;
    await sql(app, `update app_user set role = 'admin' where id = ?`, [user.id]);
    await insertListing(app.deps.orm.em.fork(), app.deps.site.id, { slug: 'no-store-live', ownerId: null, status: 'live' });
    const order = await shop.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock-sections', listing_id: shop.listingId }],
      billing_country: 'US',
    });
    const paths = [
      '/sign-in?switch=1',
      '/account',
      '/submit',
      '/me/listings',
      `/me/listings/${shop.listingId}`,
      '/me/orders',
      `/me/orders/${order.body.number}`,
      `/checkout/${order.body.number}?t=${new URL(order.body.checkout_url).searchParams.get('t')}`,
      '/me/claims',
      '/listings/no-store-live',
      '/listings/no-store-live/claim',
      '/admin/orders',
      '/admin/revisions',
      '/admin/reviews',
    ];
    const withToken: string[] = [];
    for (const path of paths) {
      const page = await browser.get(path);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      if (!carriesToken(page)) continue;
      withToken.push(path);
      expect({ path, cacheControl: page.headers.get('cache-control') }).toEqual({
        path,
        cacheControl: expect.stringMatching(/(^|, )no-store$/),
      });
    }
    const checkout = new URL(order.body.checkout_url);
    expect(withToken).toEqual(
      expect.arrayContaining([
        '/sign-in?switch=1',
        '/account',
        '/submit',
        `/me/listings/${shop.listingId}`,
        checkout.pathname + checkout.search,
        '/listings/no-store-live',
        '/listings/no-store-live/claim',
      ]),
    );

    const visitor = new WebClient(app.url);
    const listing = await visitor.get('/listings/no-store-live');
    expect(carriesToken(listing)).toBe(false);
    expect(listing.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
