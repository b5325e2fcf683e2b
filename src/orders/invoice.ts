import type { OrdersConfig } from '../config.js';
import { dollars } from '../domain/money.js';
import type { PricedLine } from '../domain/pricing.js';
import type { VatNumberCheckResult, VatScheme } from '../domain/vat.js';
import { html, joinHtml } from '../platform/html.js';

/** A priced line as the invoice names it: the listing by its name. */
export type InvoiceLine = Omit<PricedLine, 'listing_id' | 'options'> & { listing: string | null };

export interface InvoiceFacts {
  invoiceNumber: string;
  orderNumber: string;
  /** Made in test mode (no money moves): nothing was paid, and the invoice says so first. */
  testMode: boolean;
  issuedOn: string;
  buyer: { email: string; name: string | null; address: string | null; country: string; vatNumber: string | null };
  vat: { scheme: VatScheme; rate: number; reason: string | null };
  /** The check of the buyer's VAT number that decided the VAT: the last before payment, kept on the order. */
  vatNumberCheck: { number: string; result: VatNumberCheckResult; checkedAt: string | null } | null;
  lines: InvoiceLine[];
  totals: { net_cents: number; vat_cents: number; total_cents: number; discount_cents: number };
}

/** What the invoice says about VAT, in the words tax law asks for. */
export function vatNote(scheme: VatScheme): string {
  if (scheme === 'reverse_charge')
    return 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';
  if (scheme === 'outside_scope') return 'No EU VAT charged: the buyer is outside the European Union.';
  return 'VAT charged at the standard rate of the buyer’s member state.';
}

const checkResults: Record<VatNumberCheckResult, string> = {
  confirmed: 'confirmed by VIES',
  not_registered: 'not registered according to VIES',
  unavailable: 'not confirmed, VIES was unavailable',
  format_only: 'format and check digit only, not checked with VIES',
};

/** The VIES check the invoice records: which number, when, and what it found. */
export function vatNumberCheckNote(check: NonNullable<InvoiceFacts['vatNumberCheck']>): string {
  const when = check.checkedAt ? ` on ${check.checkedAt.slice(0, 16).replace('T', ' ')} UTC` : '';
  return `VAT number check of ${check.number}${when}: ${checkResults[check.result]}.`;
}

/** The receipt mail: the invoice as text and HTML, with the seller's details from the configuration. */
export function receiptMail(
  seller: OrdersConfig['seller'],
  facts: InvoiceFacts,
): { subject: string; text: string; html: string } {
  const sellerLines = [
    seller.name,
    seller.address,
    seller.country,
    seller.vatNumber ? `VAT number ${seller.vatNumber}` : '',
  ].filter(Boolean);
  const b = facts.buyer;
  const buyerLines = [b.name ?? b.email, b.address ?? '', b.country, b.vatNumber ? `VAT number ${b.vatNumber}` : ''].filter(
    Boolean,
  );
  const lineText = facts.lines.map(
    (l) =>
      `- ${l.product}${l.listing ? ` (${l.listing})` : ''} x${l.quantity}: ${dollars(l.unit_cents * l.quantity)}` +
      `${l.discount_cents ? `, promo -${dollars(l.discount_cents)}` : ''}, net ${dollars(l.net_cents)}, VAT ${l.vat_rate}% ${dollars(l.vat_cents)}, total ${dollars(l.total_cents)}`,
  );
  const t = facts.totals;
  const test = 'TEST INVOICE: made in test mode, where no money moves. Nothing was paid; this is not a tax invoice.';
  const vatNotes = [
    vatNote(facts.vat.scheme),
    ...(facts.vat.reason ? [facts.vat.reason] : []),
    ...(facts.vatNumberCheck ? [vatNumberCheckNote(facts.vatNumberCheck)] : []),
  ];
  const text = [
    ...(facts.testMode ? [test, ''] : []),
    `Invoice ${facts.invoiceNumber} for order ${facts.orderNumber}, issued ${facts.issuedOn}`,
    '',
    `Seller: ${sellerLines.join(', ')}`,
    `Buyer: ${buyerLines.join(', ')}`,
    '',
    ...lineText,
    '',
    `Net: ${dollars(t.net_cents)}${t.discount_cents ? ` (after ${dollars(t.discount_cents)} promo)` : ''}`,
    `VAT (${facts.vat.rate}%): ${dollars(t.vat_cents)}`,
    `Total paid: ${dollars(t.total_cents)} USD`,
    '',
    ...vatNotes,
  ].join('\n');
  const rows = facts.lines.map(
    (l) =>
      html`<tr><td>${l.product}${l.listing ? ` (${l.listing})` : ''}</td><td>${String(l.quantity)}</td><td>${dollars(l.net_cents)}</td><td>${String(l.vat_rate)}%</td><td>${dollars(l.vat_cents)}</td><td>${dollars(l.total_cents)}</td></tr>`,
  );
  const body = html`${facts.testMode && html`<p><strong>${test}</strong></p>`}<h1>Invoice ${facts.invoiceNumber}</h1><p>Order ${facts.orderNumber}, issued ${facts.issuedOn}</p>
<p><strong>Seller</strong><br>${joinHtml(
    sellerLines.map((s) => html`${s}`),
    html`<br>`,
  )}</p>
<p><strong>Buyer</strong><br>${joinHtml(
    buyerLines.map((s) => html`${s}`),
    html`<br>`,
  )}</p>
<table><thead><tr><th>Item</th><th>Qty</th><th>Net</th><th>VAT rate</th><th>VAT</th><th>Total</th></tr></thead><tbody>${rows}</tbody></table>
<p>Net ${dollars(t.net_cents)} · VAT ${dollars(t.vat_cents)} · <strong>Total paid ${dollars(t.total_cents)} USD</strong></p>
${vatNotes.map((n) => html`<p>${n}</p>`)}`;
  const subject = `${facts.testMode ? 'TEST receipt' : 'Your receipt'}: invoice ${facts.invoiceNumber} (order ${facts.orderNumber})`;
  return { subject, text, html: body.toString() };
}
