import { AppError } from '../errors.js';
import { createPromoCode, disablePromoCode, listPromoCodes } from '../orders/promo-codes.js';
import type { CliCommand } from './command.js';
import { onSite } from './database.js';
import { actionOptions } from './options.js';

const usage = `Usage: npm run cli -- promo create <CODE> (--percent <1-100> | --amount <USD cents>) [--products launch,billboard]
                      [--starts <ISO time>] [--ends <ISO time>] [--limit <redemptions>]
       npm run cli -- promo list
       npm run cli -- promo disable <CODE>`;

function time(text: string | undefined, name: string): Date | null {
  if (text === undefined) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime()))
    throw new AppError('invalid_input', `--${name} takes a time such as 2026-12-01T00:00:00Z, not ${text}.`);
  return date;
}

function whole(text: string | undefined, name: string, max: number): number | null {
  if (text === undefined) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0 || Number(text) > max) {
    throw new AppError('invalid_input', `--${name} takes a number above 0 and at most ${max}, not ${text}.`);
  }
  return Number(text);
}

/** Promo codes: create (percent or fixed, products, window, limit), list, disable. Codes are case-sensitive. */
export const promoCommand: CliCommand = {
  summary: 'promo create <CODE> --percent P | --amount CENTS [...] | promo list | promo disable <CODE>',
  async run(args, ctx) {
    const { action, rest, options } = actionOptions(args, ['percent', 'amount', 'products', 'starts', 'ends', 'limit']);
    const code = rest.length === 1 ? rest[0] : undefined;
    if (
      action === 'create' &&
      code &&
      /^\S{1,60}$/.test(code) &&
      (options.percent === undefined) !== (options.amount === undefined)
    ) {
      return onSite(ctx, async (em, siteId) => {
        const percent = whole(options.percent, 'percent', 100);
        const amount = whole(options.amount, 'amount', 100_000_000);
        const limit = whole(options.limit, 'limit', 1_000_000);
        await createPromoCode(em, siteId, {
          code,
          kind: percent !== null ? 'percent' : 'fixed',
          value: percent !== null ? Math.round(percent * 100) : Math.round(amount!),
          productKeys: options.products
            ? options.products
                .split(',')
                .map((p) => p.trim())
                .filter(Boolean)
            : [],
          startsAt: time(options.starts, 'starts'),
          endsAt: time(options.ends, 'ends'),
          maxRedemptions: limit === null ? null : Math.round(limit),
        });
        return `Promo code ${code} created.`;
      });
    }
    if (action === 'list' && !rest.length) {
      return onSite(ctx, async (em, siteId) => {
        const codes = await listPromoCodes(em, siteId);
        if (!codes.length) return 'No promo codes.';
        return codes
          .map((c) => {
            const off = c.kind === 'percent' ? `${c.value / 100}% off` : `${c.value} cents off`;
            const window = `${c.starts_at ?? 'any time'} to ${c.ends_at ?? 'no end'}`;
            const used = `${c.redemptions}${c.max_redemptions === null ? '' : `/${c.max_redemptions}`} used`;
            const over = c.overage_orders.length
              ? `\t${c.overage_orders.length} over the limit: ${c.overage_orders.join(', ')}`
              : '';
            return `${c.code}\t${off}\t${c.product_keys.join(',') || 'all products'}\t${window}\t${used}\t${c.active ? 'active' : 'disabled'}${over}`;
          })
          .join('\n');
      });
    }
    if (action === 'disable' && code) {
      return onSite(ctx, async (em, siteId) => {
        await disablePromoCode(em, siteId, code);
        return `Promo code ${code} disabled.`;
      });
    }
    console.error(usage);
    return 2;
  },
};
