import { dollars } from '../../../src/domain/money.js';
import { html, type Html } from '../../../src/platform/html.js';
import type { OrderView, Quote } from '../../../src/orders/schemas.js';

/** How an order's lines and totals read, shared by the checkout page, the quote and the owner's order pages. */

export { dollars };

export const statusText: Record<OrderView['status'], string> = {
  pending: 'Waiting for payment.',
  paid: 'Paid, thank you. What you bought is being delivered.',
  fulfilled: 'Paid and delivered, thank you. The receipt with the invoice is on its way to your mailbox.',
  expired: 'This order expired before it was paid. Create a new one.',
  canceled: 'This order was canceled.',
  refunded: 'This order was refunded.',
  disputed: 'The payment of this order is disputed with the bank; what it bought is withdrawn.',
};

/** The lines (with "delivered" once an order's line is fulfilled), then subtotal, promo, VAT with its scheme and reason, total. */
export function linesTable(order: Quote | OrderView): Html {
  const rows = order.lines.map((l) => {
    const what = [
      l.listing_id !== null ? `listing ${l.listing_id}` : '',
      l.options.week ? `week of ${l.options.week}` : l.product === 'launch' ? 'live at once' : '',
      l.options.categories?.join(', ') ?? '',
    ].filter(Boolean);
    return html`<tr><td>${l.product}${what.length > 0 && html` <span class="muted">(${what.join('; ')})</span>`}</td><td>${String(l.quantity)}</td>
<td>${dollars(l.unit_cents * l.quantity)}</td><td>${l.discount_cents ? `−${dollars(l.discount_cents)}` : ''}</td><td>${dollars(l.net_cents)}</td>
<td>${String(l.vat_rate)}%</td><td>${dollars(l.vat_cents)}</td><td>${dollars(l.total_cents)}</td><td>${'fulfilled' in l && l.fulfilled ? 'yes' : ''}</td></tr>`;
  });
  const vat = order.vat;
  const scheme =
    vat.scheme === 'reverse_charge'
      ? 'reverse charge: 0 %, you account for the VAT'
      : vat.scheme === 'outside_scope'
        ? 'no EU VAT outside the EU'
        : `${vat.rate} % (${vat.country})`;
  return html`<div class="scroll" role="region" aria-label="Order lines" tabindex="0"><table id="lines"><thead><tr><th>Item</th><th>Qty</th><th>Price</th><th>Promo</th><th>Net</th><th>VAT rate</th><th>VAT</th><th>Total</th><th>Delivered</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<dl class="facts" id="totals"><dt>Subtotal</dt><dd>${dollars(order.subtotal_cents)}</dd>
${order.promo && html`<dt>Promo ${order.promo.code}</dt><dd>−${dollars(order.promo.discount_cents)}</dd>`}
<dt>Net</dt><dd>${dollars(order.net_cents)}</dd><dt>VAT</dt><dd id="vat">${dollars(order.vat_cents)} · ${scheme}</dd>
${vat.reason && html`<dt>Why this VAT</dt><dd id="vat-reason">${vat.reason}</dd>`}
<dt>Total</dt><dd><strong id="total">${dollars(order.total_cents)}</strong> USD</dd></dl>`;
}
