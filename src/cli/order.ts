import { AppError } from '../errors.js';
import { createMailer } from '../mail/index.js';
import { refundOrder } from '../orders/refund.js';
import { createPaymentProvider } from '../payments/index.js';
import type { CliCommand } from './command.js';
import { withDatabase } from './database.js';

const usage = 'Usage: npm run cli -- order refund <order number>   e.g. order refund LD-2026-000042';

/** `order refund <number>`: the money back (Stripe), the order refunded, billboard contribution withdrawn, the owner mailed. */
export const orderCommand: CliCommand = {
  summary: 'order refund <number>',
  async run(args, ctx) {
    const [action, number] = args;
    if (action !== 'refund' || !number || args.length !== 2) {
      console.error(usage);
      return 2;
    }
    try {
      const refunded = await withDatabase(ctx, async (orm) => {
        const mailer = createMailer(ctx.config, orm);
        try {
          return await refundOrder(orm.em.fork(), mailer, createPaymentProvider(ctx.config.orders), ctx.config.site.name, number);
        } finally {
          await mailer.close();
        }
      });
      console.log(`${number} refunded (${refunded.totalCents} USD cents); ${refunded.email} was told.`);
      return 0;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
