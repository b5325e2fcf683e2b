import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { WebClient } from '../support/web-client.js';
import { openShop, type Shop } from './support.js';

let app: TestApp;
let shop: Shop;
const cli = (...args: string[]) => runCli(app, ...args);

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  shop = await openShop(app, 'admin-buyer@example.com', 'admin-bought');
});
afterAll(() => app.close());

const quote = (promo_code: string) =>
  shop.owner.call('POST', '/orders/quote', {
    items: [{ product: 'launch', listing_id: shop.listingId }],
    billing_country: 'US',
    promo_code,
  });

describe('promo codes and orders for the site team', () => {
  it('creates, lists and disables promo codes with the CLI', async () => {
    expect((await cli('promo', 'create', 'Launch25', '--percent', '25', '--products', 'launch', '--limit', '10')).status).toBe(0);
    expect((await cli('promo', 'create', 'FIVE', '--amount', '500')).status).toBe(0);
    expect((await cli('promo', 'create', 'BAD', '--products', 'nothing', '--percent', '5')).status).toBe(1);
    expect((await cli('promo', 'create', 'BOTH', '--percent', '5', '--amount', '5')).status).toBe(2);
    expect((await cli('promo', 'create', 'FIVE', '--amount', '500')).stderr).toContain('exists already');

    const listed = await cli('promo', 'list');
    expect(listed.stdout).toMatch(/Launch25\t25% off\tlaunch\tany time to no end\t0\/10 used\tactive/);
    expect(listed.stdout).toMatch(/FIVE\t500 cents off\tall products/);

    const quoted = await quote('Launch25');
    expect(quoted.body.promo).toMatchObject({ code: 'Launch25', applied: true });
    expect((await quote('launch25')).status).toBe(400);

    expect((await cli('promo', 'disable', 'Launch25')).status).toBe(0);
    const refused = await quote('Launch25');
    expect(refused.body).toMatchObject({
      code: 'promo_code_refused',
      errors: [{ message: expect.stringMatching(/^expired: /) }],
    });
    expect((await cli('promo', 'disable', 'NOPE')).status).toBe(1);
  });

  it('lists orders on /admin/orders for admins only', async () => {
    const created = await shop.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock-sections', listing_id: shop.listingId }],
      billing_country: 'US',
    });
    expect(created.status).toBe(201);
    const browser = new WebClient(app.url);
    expect((await browser.get('/admin/orders')).status).toBe(404);
    await browser.signIn(app, 'orders-team@example.test');
    expect((await browser.get('/admin/orders')).status).toBe(404);
    expect((await cli('user', 'grant-admin', 'orders-team@example.test')).status).toBe(0);
    const page = await browser.get('/admin/orders');
    expect(page.status).toBe(200);
    expect(page.html).toContain(`id="order-${created.body.number}"`);
    expect(page.html).toContain('admin-buyer@example.com');
    expect((await browser.get('/admin/orders?status=fulfilled')).html).not.toContain(created.body.number);
  });
});
