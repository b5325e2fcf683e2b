import { spawnSync } from 'node:child_process';
import { ConfigError, loadConfig } from '../../src/config.js';
import { runTimeSecrets } from '../support/secrets.js';
import { testEnv } from '../support/test-env.js';

const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, VOTE_NETWORK_KEY } = runTimeSecrets();
const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET };

describe('the payment provider in production', () => {
  it('is never the test provider by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER: must be set in production/);
    expect(loadConfig({ NODE_ENV: 'development' }).orders.payments.provider).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).orders.payments.provider).toBe('test');
  });

  it('runs the test provider only when ALLOW_TEST_PAYMENTS=true says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' })).toThrow(/ALLOW_TEST_PAYMENTS=true/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'false' })).toThrow(
      /PAYMENT_PROVIDER/,
    );
    const allowed = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS: 'true',
      VOTE_NETWORK_KEY,
    });
    expect(allowed.orders.payments).toEqual({ provider: 'test', testMode: true });
  });

  it('takes Stripe with its keys and the site team address', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...stripe, VOTE_NETWORK_KEY })).toThrow(/OPERATOR_EMAIL/);
    expect(() => loadConfig({ ...stripe, OPERATOR_EMAIL: 'not an address' })).toThrow(/OPERATOR_EMAIL/);
    const config = loadConfig({ NODE_ENV: 'production', ...stripe, VOTE_NETWORK_KEY, OPERATOR_EMAIL: 'ops@example.com' });
    expect(config.orders.payments).toMatchObject({ provider: 'stripe' });
    expect(config.mail.operator).toBe('ops@example.com');
  });

  it('labels orders TEST whenever no money can move: a Stripe test key, or another API address such as stripe-mock', () => {
    const live = `sk_live_${STRIPE_SECRET_KEY.slice('sk_test_'.length)}`;
    const production = { NODE_ENV: 'production', ...stripe, VOTE_NETWORK_KEY, OPERATOR_EMAIL: 'ops@example.com' };
    expect(loadConfig({ ...production, STRIPE_SECRET_KEY: live }).orders.payments.testMode).toBe(false);
    expect(loadConfig(production).orders.payments.testMode).toBe(true);
    const mock = { STRIPE_SECRET_KEY: live.replace('sk_live_', 'rk_test_'), STRIPE_API_URL: 'http://stripe-mock:12111' };
    expect(loadConfig({ ...production, ...mock }).orders.payments).toMatchObject({ provider: 'stripe', testMode: true });
    // A key that moves real money never goes to another address, where its orders would say TEST.
    expect(() => loadConfig({ ...production, ...mock, STRIPE_SECRET_KEY: live })).toThrow(
      /STRIPE_API_URL: another API address \(a mock\) takes test keys only/,
    );
  });

  // Everything else a production process needs is there, so only the payment provider can stop it.
  const production = () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: process.env[testEnv.databaseServerUrl],
      TEMPORAL_ADDRESS: process.env[testEnv.temporalAddress],
      SMTP_URL: 'smtp://127.0.0.1:25',
      LOG_LEVEL: 'info',
    };
    for (const name of ['PAYMENT_PROVIDER', 'ALLOW_TEST_PAYMENTS', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])
      delete env[name];
    return env;
  };

  it.each([['api/main.ts'], ['src/worker-main.ts'], ['api/start.ts']])(
    '%s refuses to start without PAYMENT_PROVIDER and names it',
    (entry) => {
      const out = spawnSync(process.execPath, ['--import', 'tsx', entry], {
        encoding: 'utf8',
        env: production(),
        timeout: 40_000,
      });
      expect(out.stderr).toContain('PAYMENT_PROVIDER: must be set in production');
      expect(out.status).toBe(1);
    },
    60_000,
  );
});
