/** The secrets production takes from its operator, as the environment gives them. */
export interface ProductionSecrets {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  VOTE_NETWORK_KEY?: string;
}

export interface SecretRefusal {
  name: keyof ProductionSecrets;
  reason: string;
}

/**
 * Stripe's own formats, at the shortest Stripe has issued: secret and restricted keys carried 24
 * letters and digits after the prefix (today's carry about 100), endpoint signing secrets 32 (the CLI's 64).
 */
const stripeSecretKeyFormat = /^[sr]k_(live|test)_[0-9A-Za-z]{24,}$/;
const stripeWebhookSecretFormat = /^whsec_[0-9A-Za-z]{32,}$/;

/**
 * Every secret value this repository has ever shown (docker-compose defaults, test fixtures, docs;
 * `git log -p -S whsec_`, `-S sk_test_`): anyone can sign or call with them, so production refuses them.
 */
export const publishedSecrets: ReadonlySet<string> = new Set([
  'whsec_compose',
  'sk_test_compose',
  'whsec_launch_directory_tests',
  'whsec_promo_limit_tests',
  'whsec_unpayable_orders_tests',
  'whsec_someone_else',
  'whsec_x',
  'sk_test_123launchdirectory',
  'sk_test_signer',
  'sk_test_x',
]);

/** Production takes its secrets from the operator: set, in their issuer's format, and none this repository has shown. */
export function productionSecretRefusals(e: ProductionSecrets): SecretRefusal[] {
  const secrets: {
    name: keyof ProductionSecrets;
    value: string | undefined;
    required?: true;
    format?: RegExp;
    expected: string;
  }[] = [
    {
      name: 'STRIPE_SECRET_KEY',
      value: e.STRIPE_SECRET_KEY,
      format: stripeSecretKeyFormat,
      expected: 'a Stripe secret or restricted key (sk_live_, sk_test_, rk_live_ or rk_test_ and at least 24 letters and digits)',
    },
    {
      name: 'STRIPE_WEBHOOK_SECRET',
      value: e.STRIPE_WEBHOOK_SECRET,
      format: stripeWebhookSecretFormat,
      expected: "a Stripe endpoint's signing secret (whsec_ and at least 32 letters and digits)",
    },
    {
      name: 'VOTE_NETWORK_KEY',
      value: e.VOTE_NETWORK_KEY,
      // A key kept in PostgreSQL beside the hashes would let a reader of the database recover every voter's network.
      required: true,
      expected: 'a random secret of 32 or more characters',
    },
  ];
  const refused: SecretRefusal[] = [];
  for (const { name, value, required, format, expected } of secrets) {
    if (!value) {
      if (required) refused.push({ name, reason: `must be set in production: ${expected}, kept out of the database` });
    } else if (publishedSecrets.has(value)) {
      refused.push({
        name,
        reason: `this value is published in the repository, so anyone can use it: set ${expected} of your own`,
      });
    } else if (format && !format.test(value)) {
      refused.push({ name, reason: `not ${expected}` });
    }
  }
  return refused;
}
