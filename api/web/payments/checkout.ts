import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../../src/errors.js';
import { payOrder, type CheckoutAnswer } from '../../../src/orders/pay.js';
import { checkoutUrl, orderForCheckout } from '../../../src/orders/view.js';
import { createPaymentProvider, paymentMethods, type PaymentProvider } from '../../../src/payments/index.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { budgetLimit } from '../../middleware/rate-limit.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { hidden, page } from '../shared/layout.js';
import { dollars, linesTable, statusText } from './order-html.js';
import { sendHtml } from '../shared/respond.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

type CheckoutOrder = Awaited<ReturnType<typeof orderForCheckout>>;

const billingForm = z.object({
  name: z.string().trim().max(200),
  address: z.string().trim().max(1000),
  country: z.string().trim().toUpperCase().max(2),
  vat_number: z.string().trim().max(20),
  promo_code: z.string().max(60),
});

/**
 * The checkout page, /checkout/<number>?t=<token>: the person reviews the lines, VAT and total,
 * enters billing details (VAT is worked out again when they change, the promo code checked
 * again) and pays through the provider. Plain forms, no script. Without the order's token the
 * page does not exist (404). Posts are limited per order and client (CHECKOUT_POSTS_PER_MINUTE).
 */
export function checkoutRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/checkout' });
  const provider = createPaymentProvider(deps.config.orders);
  const payDeps = { ...deps, provider };
  const keys = deps.keys.cookieKeys;
  router.use(htmlErrors(deps, { href: '/', label: 'Back to the home page' }), async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  const numberOf = (ctx: Context) => String((ctx.params as Record<string, string>).number).slice(0, 24);
  const load = (ctx: Context, token: unknown) =>
    orderForCheckout(ctx.state.em, deps.config.publicUrl, numberOf(ctx), typeof token === 'string' ? token.slice(0, 64) : '');
  // Each post prices the order (and may ask VIES): one client hammering one order gets 429.
  const posts = budgetLimit(deps, {
    points: deps.config.orders.checkoutPostsPerMinute,
    windowSeconds: 60,
    key: (ctx) => `checkout:${numberOf(ctx)}:${ctx.ip}`,
    refusal: (reset) => `Too many tries on this order's page from your network: try again in ${reset} seconds.`,
  });

  const render = (ctx: Context, order: CheckoutOrder, token: string, notice?: Html) => {
    const csrf = csrfToken(ctx, keys);
    const body = checkoutBody(order, token, csrf, provider, notice);
    const title = `Order ${order.number}${order.test_mode ? ' (TEST)' : ''}`;
    sendHtml(ctx, page(title, body, { siteName: deps.config.site.name, noindex: true }));
  };

  router.get('/:number', async (ctx) => {
    const token = ctx.query.t;
    const order = await load(ctx, token);
    render(ctx, order, token as string);
  });

  router.post('/:number', posts, parseForm, async (ctx) => {
    const token = formField(ctx, 't') ?? '';
    const order = await load(ctx, token);
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const back = checkoutUrl(deps.config.publicUrl, order.number, token);
    if (order.status !== 'pending') return ctx.redirect(back);
    const form = billingForm.safeParse(
      Object.fromEntries(Object.keys(billingForm.shape).map((k) => [k, formField(ctx, k) ?? ''])),
    );
    if (!form.success) return refuse(ctx, order, token, 400, 'Check the billing details: a field is too long.');
    const billing = form.data;
    let answer: CheckoutAnswer;
    try {
      answer = await payOrder(ctx.state.em, payDeps, {
        number: order.number,
        token,
        action: formField(ctx, 'action') === 'pay' ? 'pay' : 'update',
        billing: {
          name: billing.name,
          address: billing.address,
          country: billing.country,
          vatNumber: billing.vat_number || null,
          promoCode: billing.promo_code || null,
        },
        shownTotal: formField(ctx, 'shown_total'),
        method: formField(ctx, 'method'),
      });
    } catch (error) {
      return refusal(ctx, await load(ctx, token), token, error);
    }
    switch (answer.outcome) {
      case 'updated':
        return render(ctx, await load(ctx, token), token, html`<p class="note">Totals updated.</p>`);
      case 'refused':
        return refuse(ctx, await load(ctx, token), token, answer.status, answer.message);
      case 'provider':
        return ctx.redirect(answer.url);
    }
    ctx.status = 303;
    ctx.redirect(back);
  });

  const refuse = (ctx: Context, order: CheckoutOrder, token: string, status: number, message: string) => {
    ctx.status = status;
    render(ctx, order, token, html`<p class="note warn" id="checkout-error" role="alert">${message}</p>`);
  };
  // A refusal of the core (a promo code refused or used up meanwhile) is shown on the page; anything else is not the person's to fix.
  const refusal = (ctx: Context, order: CheckoutOrder, token: string, error: unknown) => {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    refuse(ctx, order, token, error.status, error.message);
  };
  return router;
}

function checkoutBody(order: CheckoutOrder, token: string, csrf: string, provider: PaymentProvider, notice?: Html): Html {
  const test =
    order.test_mode &&
    html`<p class="note warn" id="test-order" role="note"><strong>TEST ORDER</strong>: made in test mode. No money moves; paid or not, nothing was paid.</p>`;
  const status = html`${test}<p id="order-status" data-status="${order.status}">${statusText[order.status]}</p>`;
  if (order.status !== 'pending') return html`${notice}${status}${linesTable(order)}`;
  const field = (name: string, label: string, value: string, extra: Html | string = '') =>
    html`<p><label>${label}<br><input type="text" name="${name}" id="${name}" value="${value}"${extra}></label></p>`;
  const methods = joinHtml(
    Object.entries(paymentMethods).map(
      ([key, label], i) =>
        html`<label><input type="radio" name="method" value="${key}"${i === 0 ? html` checked` : ''}> ${label}</label>`,
    ),
    ' ',
  );
  const pay =
    order.total_cents === 0
      ? html`<p>Nothing to pay.</p><button type="submit" name="action" value="pay" id="pay">Confirm the order</button>`
      : provider.kind === 'test'
        ? html`<fieldset class="note warn" id="test-payment"><legend>TEST PAYMENT: no money moves</legend>
<p>This service runs with the test payment provider. Choose a method and press Pay: the order is marked paid, nothing is charged.</p>
<p>${methods}</p></fieldset><p><button type="submit" name="action" value="pay" id="pay">Pay ${dollars(order.total_cents)} (test)</button></p>`
        : html`<p><button type="submit" name="action" value="pay" id="pay">Pay ${dollars(order.total_cents)}</button> <span class="muted">on the payment provider's secure page (card, wallets and more).</span></p>`;
  return html`${notice}${status}${linesTable(order)}
<form method="post" action="/checkout/${order.number}" id="checkout">
${hidden('csrf', csrf)}${hidden('t', token)}${hidden('shown_total', String(order.total_cents))}
<h2>Billing details</h2>
${field('name', 'Name (person or company)', order.billing_name ?? '', html` maxlength="200" autocomplete="name"`)}
<p><label>Address<br><textarea name="address" id="address" rows="3" cols="40" maxlength="1000">${order.billing_address ?? ''}</textarea></label></p>
${field('country', 'Country (ISO code, e.g. DE)', order.billing_country, html` maxlength="2" size="3"`)}
${field('vat_number', 'VAT number (EU businesses)', order.vat.vat_number ?? '', html` maxlength="20"`)}
${field('promo_code', 'Promo code', order.promo?.code ?? '', html` maxlength="60"`)}
<p><button type="submit" name="action" value="update" id="update">Update totals</button> <span class="muted">VAT follows the country and VAT number.</span></p>
<h2>Pay</h2>
${pay}
</form>
<p class="muted">Expires ${order.expires_at} unless paid. Never share card details anywhere but the payment step.</p>`;
}
