import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LockMode } from '@mikro-orm/core';
import { Order } from '../../src/entities/order.js';
import { recordPayment, type PaymentOutcome } from '../../src/orders/payment.js';
import { createPromoCode, type NewPromoCode } from '../../src/orders/promo-codes.js';
import type { TestApp } from '../support/app.js';
import { until } from '../support/until.js';
import { addCategory, sql } from '../catalogue/fixtures.js';
import { insertListing, ownerWithKey, type Owner } from '../listings/support.js';

export { sql };

/** A buyer with an API key and a listing of theirs in a primary category. */
export interface Shop {
  owner: Owner;
  listingId: number;
  categories: Record<string, number>;
}

export async function openShop(app: TestApp, email: string, slug: string): Promise<Shop> {
  const owner = await ownerWithKey(app, email);
  const categories: Record<string, number> = {};
  for (const c of ['primary', 'one', 'two', 'three', 'four']) {
    const [row] = await sql<{ id: number }>(app, 'select id from category where site_id = ? and slug = ?', [
      app.deps.site.id,
      `${c}-cat`,
    ]);
    categories[c] = row?.id ?? (await addCategory(app, `${c}-cat`, `${c} category`));
  }
  const listingId = await insertListing(app.deps.orm.em.fork(), app.deps.site.id, { slug, ownerId: owner.id });
  await sql(app, 'update listing set category_ids = ? where id = ?', [`{${categories.primary}}`, listingId]);
  return { owner, listingId, categories };
}

export async function addPromo(app: TestApp, promo: Partial<NewPromoCode> & { code: string }): Promise<void> {
  await createPromoCode(app.deps.orm.em.fork(), app.deps.site.id, {
    kind: 'percent',
    value: 1000,
    productKeys: [],
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    ...promo,
  });
}

/** A test payment of the order recorded in PostgreSQL as the checkout page records one, its lifecycle not told. */
export function recordTestPayment(app: TestApp, number: string, eventId = `test-${number}`): Promise<PaymentOutcome> {
  return app.deps.orm.em.fork().transactional(async (tx) => {
    const order = await tx.findOneOrFail(Order, { number }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return recordPayment(tx, order, { provider: 'test', eventId, method: 'card' });
  });
}

export interface ReceiptMail {
  subject: string;
  text_body: string;
  html_body: string;
}

/** The receipts mailed to the address, waited for: a receipt is mailed just after its order turns fulfilled. */
export function receiptsTo(app: TestApp, email: string): Promise<ReceiptMail[]> {
  return until(
    () =>
      sql<ReceiptMail>(
        app,
        "select subject, text_body, html_body from mail_outbox where recipient = ? and subject like '%receipt:%' order by id",
        [email],
      ),
    (rows) => rows.length > 0,
  );
}

export async function productPrices(app: TestApp): Promise<Record<string, number>> {
  const rows = await sql<{ key: string; price_cents: number }>(app, 'select key, price_cents from product');
  return Object.fromEntries(rows.map((r) => [r.key, r.price_cents]));
}

/** A register the tests run; `asked` lists every request it received. */
export interface ViesServer {
  url: string;
  asked: Array<{ countryCode: string; vatNumber: string }>;
  close(): Promise<void>;
}

/**
 * A VIES-shaped register on loopback: POST /check-vat-number answers { valid } for the numbers
 * it knows. Some member states fail the way VIES does: IT answers 503, ES answers 200 with
 * userError MS_UNAVAILABLE, PT drops the connection.
 */
export async function startVies(registered: readonly string[]): Promise<ViesServer> {
  const asked: ViesServer['asked'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/check-vat-number') return res.writeHead(404).end();
      const input = JSON.parse(body) as { countryCode: string; vatNumber: string };
      asked.push(input);
      if (input.countryCode === 'PT') return req.socket.destroy();
      if (input.countryCode === 'IT')
        return res.writeHead(503, { 'content-type': 'application/json' }).end('{"errorWrappers":[{"error":"MS_UNAVAILABLE"}]}');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (input.countryCode === 'ES') return res.end(JSON.stringify({ ...input, valid: false, userError: 'MS_UNAVAILABLE' }));
      const valid = registered.includes(`${input.countryCode}${input.vatNumber}`);
      res.end(JSON.stringify({ ...input, valid, userError: valid ? 'VALID' : 'INVALID', name: '---' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
