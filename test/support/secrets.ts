import { randomBytes } from 'node:crypto';

/**
 * Secrets a test or benchmark in production mode makes for itself as it runs, in Stripe's formats:
 * production refuses every value the repository shows, since anyone could sign with it.
 */
export function runTimeSecrets(): { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; VOTE_NETWORK_KEY: string } {
  return {
    STRIPE_SECRET_KEY: `sk_test_${randomBytes(24).toString('hex')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('hex')}`,
    VOTE_NETWORK_KEY: randomBytes(32).toString('base64url'),
  };
}
