import type { Mailer } from '../../src/mail/index.js';
import { completeOrder, fulfilOrderLine, unfulfilledOrderLines } from '../../src/orders/fulfilment.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { killedAfterSending, startSmtpWithMailer, withoutMimeBoundary, type SmtpWithMailer } from '../support/smtp-server.js';
import { openShop, recordTestPayment, sql } from './support.js';

/**
 * The receipt is mailed after the transaction that fulfils the order and numbers its invoice has
 * committed. A worker killed after the SMTP server accepted the receipt and before its record
 * commits mails it again on retry: the same message (same invoice number, same Message-ID), and
 * no invoice number is spent twice; a mail server that refuses spends none either.
 */
let app: TestApp;
let mail: SmtpWithMailer;

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  mail = await startSmtpWithMailer();
});
afterAll(async () => {
  await mail?.close();
  await app?.close();
});

const em = () => app.deps.orm.em.fork();

/** A paid order of one billboard contribution, its line delivered, not yet completed. */
async function deliveredOrder(email: string, slug: string): Promise<string> {
  const shop = await openShop(app, email, slug);
  const created = await shop.owner.call('POST', '/orders/checkout', {
    items: [{ product: 'billboard', listing_id: shop.listingId, amount_cents: 2500 }],
    billing_country: 'US',
  });
  expect(created.status).toBe(201);
  const number: string = created.body.number;
  await recordTestPayment(app, number);
  for (const position of await unfulfilledOrderLines(em(), number)) {
    await fulfilOrderLine(em(), number, position, () => Promise.resolve());
  }
  return number;
}

/** The receipts as received, the random MIME boundary masked. */
const receiptsTo = (email: string) =>
  mail.smtp.mails
    .filter((m) => m.to.includes(email))
    .map((m) => ({ subject: m.subject, messageId: m.messageId, text: withoutMimeBoundary(m.text) }));

it('resends a receipt whose record was lost as the same message, with the same invoice number', async () => {
  const number = await deliveredOrder('receipt-crash@example.test', 'receipt-crash');
  await expect(completeOrder(em(), killedAfterSending(mail.mailer, 1), app.deps.config, number)).rejects.toThrow('worker killed');
  const [first] = await sql<{ status: string; invoice_number: string; receipt_mailed_at: Date | null }>(
    app,
    'select status, invoice_number, receipt_mailed_at from orders where number = ?',
    [number],
  );
  expect(first).toMatchObject({ status: 'fulfilled', receipt_mailed_at: null });
  expect(first.invoice_number).toMatch(/^TEST-INV-\d{4}-\d{6}$/);

  // The activity's retry, then a third run (a retry whose answer was lost): one more copy, then none.
  await expect(completeOrder(em(), mail.mailer, app.deps.config, number)).resolves.toBe('fulfilled');
  await expect(completeOrder(em(), mail.mailer, app.deps.config, number)).resolves.toBe('fulfilled');

  const [after] = await sql<{ invoice_number: string; receipt_mailed_at: Date | null }>(
    app,
    'select invoice_number, receipt_mailed_at from orders where number = ?',
    [number],
  );
  expect(after.invoice_number).toBe(first.invoice_number);
  expect(after.receipt_mailed_at).not.toBeNull();
  const receipts = receiptsTo('receipt-crash@example.test');
  expect(receipts).toHaveLength(2);
  expect(receipts[0].subject).toContain(first.invoice_number);
  expect(receipts[0].messageId).toBe(`<receipt-${number}@127.0.0.1>`);
  expect(receipts[1]).toEqual(receipts[0]);
});

it('spends no invoice number on a receipt the mail server refused, and mails it on retry', async () => {
  const number = await deliveredOrder('receipt-refused@example.test', 'receipt-refused');
  const refusing: Mailer = {
    kind: 'smtp',
    send: () => Promise.reject(new Error('451 try again later')),
    close: () => Promise.resolve(),
  };
  await expect(completeOrder(em(), refusing, app.deps.config, number)).rejects.toThrow('451');
  const [numbered] = await sql<{ invoice_number: string }>(app, 'select invoice_number from orders where number = ?', [number]);

  await expect(completeOrder(em(), mail.mailer, app.deps.config, number)).resolves.toBe('fulfilled');
  const [after] = await sql<{ invoice_number: string }>(app, 'select invoice_number from orders where number = ?', [number]);
  expect(after.invoice_number).toBe(numbered.invoice_number);
  expect(receiptsTo('receipt-refused@example.test').map((r) => r.subject)).toEqual([
    expect.stringContaining(numbered.invoice_number),
  ]);
});
