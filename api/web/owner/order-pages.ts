import type { OrderView } from '../../../src/orders/schemas.js';
import { html, type Html } from '../../../src/platform/html.js';
import { dollars, linesTable, statusText } from '../payments/order-html.js';
import { myOrderPath } from './paths.js';

const testMark = (order: OrderView) => order.test_mode && html` <strong class="test-mark">TEST</strong>`;

/** /me/orders: every order of the person, newest first. */
export function ordersBody(orders: readonly OrderView[]): Html {
  if (orders.length === 0)
    return html`<p>You have no order yet. A paid launch is bought from <a href="/me/listings">your listing's page</a>.</p>`;
  const rows = orders.map(
    (o) => html`<tr data-order="${o.number}"><td><a href="${myOrderPath(o.number)}">${o.number}</a>${testMark(o)}</td>
<td>${o.status}</td><td>${dollars(o.total_cents)}</td><td>${new Date(o.created_at).toISOString().slice(0, 10)}</td></tr>`,
  );
  return html`<div class="scroll" role="region" aria-label="Your orders" tabindex="0"><table id="my-orders"><thead><tr><th>Order</th><th>Status</th><th>Total</th><th>Created</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<p><a href="/me/listings">Your listings</a></p>`;
}

export function orderTitle(order: OrderView): string {
  return `Order ${order.number}${order.test_mode ? ' (TEST)' : ''}`;
}

/** /me/orders/{number}: status, lines and totals with VAT, the invoice once there, the checkout link while pending. */
export function orderBody(order: OrderView): Html {
  const test =
    order.test_mode &&
    html`<p class="note warn" id="test-order"><strong>TEST ORDER</strong>: made in test mode. No money moves.</p>`;
  const invoice = order.invoice_number
    ? html`<p id="invoice">Invoice <strong>${order.invoice_number}</strong>, sent with the receipt.</p>`
    : null;
  const pay =
    order.status === 'pending' &&
    order.checkout_url &&
    html`<p id="checkout-link"><a href="${order.checkout_url}">Review and pay this order</a> <span class="muted">before ${new Date(order.expires_at).toISOString().slice(0, 16).replace('T', ' ')} UTC.</span></p>`;
  return html`${test}<p id="order-status" data-status="${order.status}">${statusText[order.status]}</p>
${pay}${invoice}
${linesTable(order)}
<p><a href="/me/orders">All your orders</a></p>`;
}
