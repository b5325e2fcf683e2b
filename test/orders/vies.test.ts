import { startTestApp, type TestApp } from '../support/app.js';
import { WebClient } from '../support/web-client.js';
import { openShop, receiptsTo, startVies, type Shop, type ViesServer } from './support.js';
import { until } from '../support/until.js';

let vies: ViesServer;
let app: TestApp;
let shop: Shop;

beforeAll(async () => {
  vies = await startVies(['FR40303265045']);
  app = await startTestApp({ env: { VIES_URL: vies.url } });
  shop = await openShop(app, 'vies@example.com', 'vies-checked');
});
afterAll(async () => {
  await app?.close();
  await vies?.close();
});

const body = (billing_country: string, vat_number: string) => ({
  items: [{ product: 'billboard', listing_id: shop.listingId }],
  billing_country,
  vat_number,
});
const quote = (billing_country: string, vat_number: string) =>
  shop.owner.call('POST', '/orders/quote', body(billing_country, vat_number));

const notConfirmed = (why: string) =>
  `VAT number not confirmed by VIES (${why}); standard VAT applies; a later quote may differ.`;

describe('VAT numbers checked by VIES', () => {
  beforeEach(() => {
    vies.asked.length = 0;
  });

  it('gives reverse charge for a number VIES confirmed', async () => {
    const res = await quote('FR', 'FR 40 303 265 045');
    expect(res.body.vat).toMatchObject({
      scheme: 'reverse_charge',
      rate: 0,
      vat_number: 'FR40303265045',
      vat_number_valid: true,
      validated: 'vies',
      vies_result: 'confirmed',
      reason: null,
    });
    expect(res.body.vat.checked_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(vies.asked).toEqual([{ countryCode: 'FR', vatNumber: '40303265045' }]);
  });

  it('charges the standard rate for a well-formed number VIES does not know', async () => {
    const res = await quote('DE', 'DE136695976');
    expect(res.body.vat).toMatchObject({
      scheme: 'standard',
      rate: 19,
      vat_number_valid: false,
      validated: 'vies',
      vies_result: 'not_registered',
      reason: 'VAT number not registered according to VIES; standard VAT applies.',
    });
  });

  it('never asks VIES about a number that fails its check digit', async () => {
    expect((await quote('DE', 'DE136695977')).status).toBe(400);
    expect(vies.asked).toEqual([]);
  });

  it.each([
    ['answers 503', 'IT', 'IT00743110157', 22],
    ['answers MS_UNAVAILABLE', 'ES', 'ESB12345678', 21],
    ['drops the connection', 'PT', 'PT501964843', 23],
  ])('charges the standard rate, and says why, when the register %s', async (_, country, number, rate) => {
    const res = await quote(country, number);
    expect(res.status).toBe(200);
    expect(res.body.vat).toMatchObject({
      scheme: 'standard',
      rate,
      vat_number: number,
      vat_number_valid: null,
      validated: 'format',
      vies_result: 'unavailable',
      reason: notConfirmed('unavailable'),
    });
    expect(res.body.vat_cents).toBeGreaterThan(0);
    expect(vies.asked).toHaveLength(1);
  });

  it('shows the person on the checkout page why standard VAT applies', async () => {
    const created = await shop.owner.call('POST', '/orders/checkout', body('ES', 'ESB12345678'));
    expect(created.body.vat).toMatchObject({ scheme: 'standard', vies_result: 'unavailable' });
    const page = await new WebClient(app.url).get(created.body.checkout_url);
    expect(page.html).toContain(`<dd id="vat-reason">${notConfirmed('unavailable')}</dd>`);
  });

  it('records the check on the order when it is paid and prints its date and result on the invoice', async () => {
    const created = await shop.owner.call('POST', '/orders/checkout', body('FR', 'FR40303265045'));
    expect(created.status).toBe(201);
    const browser = new WebClient(app.url);
    const page = await browser.get(created.body.checkout_url);
    vies.asked.length = 0;
    const paid = await browser.submit(page, `/checkout/${created.body.number}`, {
      action: 'pay',
      method: 'card',
      name: 'Acme SAS',
      address: '1 rue de la Paix, Paris',
      country: 'FR',
      vat_number: 'FR40303265045',
    });
    expect(paid.status).toBe(303);
    // Paying checks the number again: the check on the order is the one the payment was priced with.
    expect(vies.asked).toEqual([{ countryCode: 'FR', vatNumber: '40303265045' }]);
    const done = await until(
      () => shop.owner.call('GET', `/orders/${created.body.number}`),
      (r) => r.body.status === 'fulfilled',
    );
    expect(done.body.vat).toMatchObject({ scheme: 'reverse_charge', vies_result: 'confirmed' });
    const checkedAt: string = done.body.vat.checked_at;
    expect(Date.parse(checkedAt)).toBeLessThanOrEqual(Date.parse(done.body.paid_at));

    const [mail] = await receiptsTo(app, 'vies@example.com');
    const line = `VAT number check of FR40303265045 on ${checkedAt.slice(0, 10)} ${checkedAt.slice(11, 16)} UTC: confirmed by VIES.`;
    expect(mail.text_body).toContain(line);
    expect(mail.text_body).toContain('Reverse charge');
    expect(mail.html_body).toContain(line);
  }, 90_000);

  it('charges the standard rate, and says why, when VIES is down', async () => {
    await vies.close();
    const res = await quote('FR', 'FR40303265045');
    expect(res.body.vat).toMatchObject({
      scheme: 'standard',
      rate: 20,
      vies_result: 'unavailable',
      reason: notConfirmed('unavailable'),
    });
  });
});
