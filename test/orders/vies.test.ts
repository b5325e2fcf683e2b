import { createServer, type Server } from 'node:http';
import { startTestApp, type TestApp } from '../support/app.js';
import { openShop, type Shop } from './support.js';

/** A VIES-shaped register on loopback: POST /check-vat-number answers { valid } for the numbers it knows. */
let vies: Server;
let asked: Array<{ countryCode: string; vatNumber: string }> = [];
const registered = new Set(['FR40303265045']);
let app: TestApp;
let shop: Shop;

beforeAll(async () => {
  vies = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/check-vat-number') return res.writeHead(404).end();
      const input = JSON.parse(body) as { countryCode: string; vatNumber: string };
      asked.push(input);
      if (input.countryCode === 'IT')
        return res.writeHead(503, { 'content-type': 'application/json' }).end('{"errorWrappers":[{"error":"MS_UNAVAILABLE"}]}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...input, valid: registered.has(`${input.countryCode}${input.vatNumber}`), name: '---' }));
    });
  });
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  const address = vies.address();
  app = await startTestApp({
    worker: false,
    env: { VIES_URL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` },
  });
  shop = await openShop(app, 'vies@example.com', 'vies-checked');
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => vies.close(resolve));
});

const quote = (billing_country: string, vat_number: string) =>
  shop.owner.call('POST', '/orders/quote', {
    items: [{ product: 'launch', listing_id: shop.listingId }],
    billing_country,
    vat_number,
  });

describe('VAT numbers checked by VIES', () => {
  beforeEach(() => {
    asked = [];
  });

  it('gives reverse charge for a number VIES says is valid', async () => {
    const res = await quote('FR', 'FR 40 303 265 045');
    expect(res.body.vat).toMatchObject({
      scheme: 'reverse_charge',
      vat_number: 'FR40303265045',
      vat_number_valid: true,
      validated: 'vies',
    });
    expect(asked).toEqual([{ countryCode: 'FR', vatNumber: '40303265045' }]);
  });

  it('charges the standard rate for a well-formed number VIES does not know', async () => {
    const res = await quote('DE', 'DE136695976');
    expect(res.body.vat).toMatchObject({ scheme: 'standard', rate: 19, vat_number_valid: false, validated: 'vies' });
  });

  it('never asks VIES about a number that fails its check digit', async () => {
    expect((await quote('DE', 'DE136695977')).status).toBe(400);
    expect(asked).toEqual([]);
  });

  it('falls back to the format check, and says so, when the register cannot answer', async () => {
    const res = await quote('IT', 'IT00743110157');
    expect(res.body.vat).toMatchObject({ scheme: 'reverse_charge', vat_number_valid: true, validated: 'format' });
    expect(asked).toHaveLength(1);
  });
});
