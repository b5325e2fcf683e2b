import { spawn, spawnSync } from 'node:child_process';
import Stripe from 'stripe';
import { loadServerKeys } from '../../src/accounts/server-keys.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { publishedSecrets } from '../../src/platform/production-secrets.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { freePort } from '../support/ports.js';
import { runTimeSecrets } from '../support/secrets.js';
import { testEnv } from '../support/test-env.js';
import { openShop, sql } from '../orders/support.js';

/** What docker-compose.yml set when the operator set nothing, before compose took every secret from them. */
const composeDefaults = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_compose',
  STRIPE_WEBHOOK_SECRET: 'whsec_compose',
  OPERATOR_EMAIL: 'operator@launch-directory.test',
};

const refusalOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('production secrets', () => {
  it('names every refused variable in one message', () => {
    const message = refusalOf({ NODE_ENV: 'production', PORT: 'eighty', ...composeDefaults });
    expect(message.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      '  PORT: Invalid input: expected number, received NaN',
      expect.stringMatching(/^ {2}STRIPE_SECRET_KEY: this value is published in the repository/),
      expect.stringMatching(/^ {2}STRIPE_WEBHOOK_SECRET: this value is published in the repository/),
      expect.stringMatching(/^ {2}VOTE_NETWORK_KEY: must be set in production/),
    ]);
  });

  it('refuses every value the repository has published, and keys shorter than Stripe issues', () => {
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, VOTE_NETWORK_KEY } = runTimeSecrets();
    const production = { NODE_ENV: 'production', ...composeDefaults, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, VOTE_NETWORK_KEY };
    expect(loadConfig(production).orders.payments).toMatchObject({ provider: 'stripe', webhookSecret: STRIPE_WEBHOOK_SECRET });
    for (const value of publishedSecrets) {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'VOTE_NETWORK_KEY']) {
        // VOTE_NETWORK_KEY needs 32 characters before anything else, so a short value is refused as malformed.
        expect(refusalOf({ ...production, [name]: value })).toContain(`  ${name}: `);
      }
    }
    const digits = (n: number) => 'a1B2'.repeat(n).slice(0, n);
    expect(loadConfig({ ...production, STRIPE_SECRET_KEY: `rk_live_${digits(24)}` }).orders.payments.testMode).toBe(false);
    expect(refusalOf({ ...production, STRIPE_SECRET_KEY: `sk_live_${digits(23)}` })).toMatch(
      /STRIPE_SECRET_KEY: not a Stripe secret/,
    );
    expect(refusalOf({ ...production, STRIPE_SECRET_KEY: `pk_live_${digits(99)}` })).toMatch(
      /STRIPE_SECRET_KEY: not a Stripe secret/,
    );
    expect(loadConfig({ ...production, STRIPE_WEBHOOK_SECRET: `whsec_${digits(32)}` }).orders.payments).toBeDefined();
    expect(refusalOf({ ...production, STRIPE_WEBHOOK_SECRET: `whsec_${digits(31)}` })).toMatch(
      /STRIPE_WEBHOOK_SECRET: not a Stripe/,
    );
    // Outside production, tests and development keep their fixtures.
    expect(loadConfig({ ...composeDefaults }).orders.payments).toMatchObject({ provider: 'stripe', testMode: true });
  });

  it('lists every Stripe-shaped value the repository holds among the published ones', () => {
    const found = spawnSync('git', ['grep', '-h', '-o', '-I', '-E', '(whsec|[sr]k_(test|live))_[A-Za-z0-9_]+'], {
      encoding: 'utf8',
    });
    expect(found.status).toBe(0);
    const values = [...new Set(found.stdout.split('\n').filter(Boolean))];
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((value) => !publishedSecrets.has(value))).toEqual([]);
  });
});

describe('a Stripe notice signed with the compose default', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A production api on the test app's database, with compose's old defaults; its outcome once it exited or answers. */
  async function startProductionApi(port: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: app.databaseUrl,
        TEMPORAL_ADDRESS: process.env[testEnv.temporalAddress],
        TEMPORAL_TASK_QUEUE: app.taskQueue,
        SMTP_URL: 'smtp://127.0.0.1:9',
        VOTE_NETWORK_KEY: runTimeSecrets().VOTE_NETWORK_KEY,
        ...composeDefaults,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 600 && child.exitCode === null; i++) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { child, exited, stderr: () => stderr };
  }

  it('is refused because production refuses to start with it', async () => {
    const buyer = await openShop(app, 'compose-forger@example.com', 'compose-forger');
    const created = await buyer.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock-sections', listing_id: buyer.listingId }],
      billing_country: 'US',
    });
    const { number, total_cents: total } = created.body;
    // A real order, as one made by the production process it would have been.
    await sql(app, 'update orders set test_mode = false where number = ?', [number]);

    const port = await freePort();
    const api = await startProductionApi(port);
    const payload = JSON.stringify({
      id: 'evt_forged_with_compose_default',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_forged_${number}`,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: total,
          currency: 'usd',
          client_reference_id: number,
          metadata: { order_number: number },
          payment_intent: 'pi_forged',
        },
      },
    });
    const signature = new Stripe(runTimeSecrets().STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: composeDefaults.STRIPE_WEBHOOK_SECRET,
    });
    const answer = await fetch(`http://127.0.0.1:${port}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }).then(
      (r) => `answered ${r.status}`,
      () => 'no one listening',
    );
    if (api.child.exitCode === null) api.child.kill('SIGTERM');
    const code = await api.exited;

    // Before the defence: "answered 200" and the order paid, a real launch for nothing.
    const [order] = await sql<{ status: string }>(app, 'select status from orders where number = ?', [number]);
    expect({ answer, status: order.status }).toEqual({ answer: 'no one listening', status: 'pending' });
    expect(api.stderr()).toContain('STRIPE_SECRET_KEY: this value is published in the repository');
    expect(api.stderr()).toContain('STRIPE_WEBHOOK_SECRET: this value is published in the repository');
    expect(code).toBe(1);
  }, 90_000);

  it.each([['src/worker-main.ts'], ['api/start.ts']])(
    '%s refuses to start with it too',
    (entry) => {
      const out = spawnSync(process.execPath, ['--import', 'tsx', entry], {
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: app.databaseUrl,
          TEMPORAL_ADDRESS: process.env[testEnv.temporalAddress],
          SMTP_URL: 'smtp://127.0.0.1:9',
          ...composeDefaults,
        },
        timeout: 40_000,
      });
      expect(out.stderr).toMatch(/STRIPE_SECRET_KEY: .*\n {2}STRIPE_WEBHOOK_SECRET: .*\n {2}VOTE_NETWORK_KEY: must be set/);
      expect(out.status).toBe(1);
    },
    60_000,
  );
});

describe('the vote network key', () => {
  it('is kept in PostgreSQL outside production only until the operator gives one, then deleted', async () => {
    const app = await startTestApp({ worker: false });
    try {
      const stored = () => sql<{ name: string }>(app, `select name from server_secret where name = 'vote_network_key'`);
      expect(await stored()).toHaveLength(1);
      const { VOTE_NETWORK_KEY } = runTimeSecrets();
      const config = loadConfig({ ...app.env, VOTE_NETWORK_KEY });
      expect((await loadServerKeys(app.deps.orm.em.fork(), config)).voteNetworkKey).toBe(VOTE_NETWORK_KEY);
      expect(await stored()).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
