import { z } from 'zod';
import { date, pageOf, timestamp } from '../catalogue/schemas.js';
import { countryCodes } from '../domain/countries.js';
import { orderStatuses } from '../domain/order-status.js';
import { productKeys, type ProductKey } from '../domain/pricing.js';
import { vatNumberChecks, vatSchemes } from '../domain/vat.js';

/** Order inputs and outputs, declared once for the operations, the checkout page and the tests. */

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,219}$/, 'must be a category slug');

const listingId = z.int().min(1).max(2_147_483_647).describe("One of the caller's listings: every product is bought for one.");
const week = date
  .max(10)
  .optional()
  .describe('The launch week, a date YYYY-MM-DD snapped to its Monday, from this week on. Absent: live at once.');
const categories = z
  .array(slug, {
    // Reached only where categories are required: launch takes them optionally.
    error: (issue) => (issue.input === undefined ? 'extra-category needs the slugs of the categories to add' : undefined),
  })
  .min(1)
  .max(3)
  .describe('Category slugs to add beyond the primary (at most 3 extra in total, with those already held).');
const amountCents = z
  .int()
  .min(1)
  .max(100_000_000)
  .optional()
  .describe("The contribution in USD cents, at least the product's price (its minimum).");
/** An option the product does not take: named in the refusal rather than ignored. */
const notAnOptionOf = (product: ProductKey) =>
  z
    .never({ error: `is not an option of ${product}` })
    .optional()
    .describe(`Not an option of ${product}.`);

/** One thing to buy; the options a product takes depend on the product. */
export const orderItem = z
  .discriminatedUnion(
    'product',
    [
      z.strictObject({
        product: z.literal('launch'),
        listing_id: listingId,
        week,
        categories: categories.optional(),
        amount_cents: notAnOptionOf('launch'),
      }),
      z.strictObject({
        product: z.literal('extra-category'),
        listing_id: listingId,
        week: notAnOptionOf('extra-category'),
        categories,
        amount_cents: notAnOptionOf('extra-category'),
      }),
      z.strictObject({
        product: z.literal('unlock-sections'),
        listing_id: listingId,
        week: notAnOptionOf('unlock-sections'),
        categories: notAnOptionOf('unlock-sections'),
        amount_cents: notAnOptionOf('unlock-sections'),
      }),
      z.strictObject({
        product: z.literal('billboard'),
        listing_id: listingId,
        week: notAnOptionOf('billboard'),
        categories: notAnOptionOf('billboard'),
        amount_cents: amountCents,
      }),
    ],
    { error: `must be one of ${productKeys.join(', ')}` },
  )
  .describe('One thing to buy: a product key from list_products, for one of your listings, with its options.');

export const orderBody = z.strictObject({
  items: z.array(orderItem).min(1).max(20),
  billing_country: z
    .enum([...countryCodes, ...countryCodes.map((code) => code.toLowerCase())], {
      error: 'must be an assigned ISO 3166-1 alpha-2 country code',
    })
    .transform((code) => code.toUpperCase())
    .describe("The buyer's country (ISO 3166-1 alpha-2); decides the VAT."),
  vat_number: z
    .string()
    .min(4)
    .max(20)
    .nullish()
    .describe('EU businesses: their VAT number; valid and of another member state than the seller -> reverse charge, 0 %.'),
  promo_code: z.string().min(1).max(60).nullish().describe('Exactly as typed (case-sensitive). Taken off before VAT.'),
});

export type OrderItem = z.output<typeof orderItem>;
export type OrderBody = z.output<typeof orderBody>;

const cents = z.int().describe('USD cents.');

const lineOptions = z.object({
  week: date.nullable().optional().describe('launch: the Monday of the chosen week; null = live at once.'),
  categories: z.array(z.string()).optional(),
  amount_cents: cents.optional(),
});

export const quoteLine = z.object({
  product: z.string(),
  listing_id: z.int().nullable(),
  options: lineOptions,
  quantity: z.int().describe('extra-category: the number of categories; otherwise 1.'),
  unit_cents: cents.describe('The current price (billboard: the amount), VAT excluded.'),
  discount_cents: cents.describe('What the promo code took off this line, before VAT.'),
  net_cents: cents,
  vat_rate: z.number().describe('Percent, e.g. 19.'),
  vat_cents: cents,
  total_cents: cents,
});

const vat = z.object({
  scheme: z
    .enum(vatSchemes)
    .describe(
      'standard: the buyer pays their country’s rate; reverse_charge: 0 %, the buyer accounts for VAT; outside_scope: no EU VAT.',
    ),
  rate: z.number().describe('Percent.'),
  country: z.string(),
  vat_number: z.string().nullable(),
  vat_number_valid: z
    .boolean()
    .nullable()
    .describe('true: VIES confirmed the VAT number; false: VIES does not know it; null: no number, or VIES did not answer.'),
  validated: z
    .enum(['vies', 'format'])
    .nullable()
    .describe(
      'How far the VAT number was checked: by VIES, or by its format and check digit only (VIES not configured or not answering).',
    ),
  vies_result: z
    .enum(vatNumberChecks)
    .nullable()
    .describe(
      'The check of the VAT number: confirmed (reverse charge possible), not_registered, unavailable (VIES could not answer) or format_only (VIES not configured); null without a number.',
    ),
  checked_at: timestamp.nullable().describe('When the VAT number was checked; null without a number.'),
  reason: z
    .string()
    .nullable()
    .describe(
      'Why standard VAT applies although a VAT number was given (for example not confirmed by VIES); says when a later quote may differ. Null otherwise.',
    ),
});

const promo = z.object({ code: z.string().describe('As typed.'), applied: z.boolean(), discount_cents: cents }).nullable();

const totals = {
  currency: z.literal('USD'),
  subtotal_cents: cents,
  discount_cents: cents,
  net_cents: cents,
  vat_cents: cents,
  total_cents: cents,
  vat,
  promo,
};

export const quote = z.object({ lines: z.array(quoteLine), ...totals }).describe('Prices with VAT; nothing saved or charged.');

export const order = z.object({
  number: z.string().describe('LD-<year>-<6 digits>.'),
  status: z.enum(orderStatuses),
  lines: z.array(quoteLine.extend({ fulfilled: z.boolean() })),
  ...totals,
  checkout_url: z.string().nullable().describe('While pending: the page where the person reviews and pays themselves.'),
  invoice_number: z.string().nullable(),
  created_at: timestamp,
  expires_at: timestamp,
  paid_at: timestamp.nullable(),
  fulfilled_at: timestamp.nullable(),
  refunded_at: timestamp.nullable(),
  disputed_at: timestamp.nullable().describe('When the payer disputed the payment with their bank.'),
  test_mode: z
    .boolean()
    .describe(
      'true: made in test mode (the test payment provider, or Stripe in test mode or a mock of it); no money moves, and a paid test order was paid by nobody.',
    ),
});

export const orderPage = pageOf(order);

export type Quote = z.output<typeof quote>;
export type OrderView = z.output<typeof order>;
