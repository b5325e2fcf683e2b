import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { loadConfig, type Config } from '../../src/config.js';
import { migrate, openOrm, type Orm } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { startEmbeddedPostgres } from '../../src/stack/postgres.js';
import { findTemporalCli } from '../../src/stack/temporal-server.js';
import { bundleWorkflows } from '../../src/worker.js';
import { startTestDns, type TestDns } from '../../test/support/dns-server.js';
import { freePort } from '../../test/support/ports.js';
import { runTimeSecrets } from '../../test/support/secrets.js';
import { sitesDir, startSiteServer, type SiteServer } from '../../test/support/site-server.js';
import { startSmtpServer, type SmtpServer } from '../../test/support/smtp-server.js';
import { installStripeMock, startStripeMock, type StripeMock } from '../../test/support/stripe-mock.js';
import { postgresServer, temporalServer, type PostgresServer, type TemporalServer } from './servers.js';
import { apiProcess, workerProcess, type ServiceProcess } from './services.js';

/** The websites of the products in the run: one host each, whose homepage the run edits (a badge, a meta tag). */
export interface Websites {
  /** http://<host>:<port>/ , the host resolving to loopback through the DNS double. */
  add(host: string): string;
  append(host: string, html: string): void;
}

/**
 * What docker-compose runs, from packages and on loopback: PostgreSQL and the Temporal dev server
 * as servers of their own, two api and two worker processes in production mode, and the outside
 * world of the test doubles (DNS, websites, SMTP, stripe-mock).
 */
export interface Cluster {
  dir: string;
  postgres: PostgresServer;
  temporal: TemporalServer;
  apis: ServiceProcess[];
  workers: ServiceProcess[];
  smtp: SmtpServer;
  websites: Websites;
  /** The bench's own view of PostgreSQL and Temporal, for setup and the check. */
  orm: Orm;
  temporalClient(): Promise<Client>;
  config: Config;
  secrets: ReturnType<typeof runTimeSecrets>;
  cookieKey: string;
  close(): Promise<void>;
}

function websites(server: SiteServer, dns: TestDns): Websites {
  const base = readFileSync(join(sitesDir, 'static', 'index.html'), 'utf8');
  const extra = new Map<string, string>();
  return {
    add(host) {
      dns.set(host, ['127.0.0.1']);
      extra.set(host, '');
      server.route(`${host}/`, (_req, res) => {
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(base.replace('</body>', `${extra.get(host)}</body>`));
      });
      return `http://${host}:${server.port}/`;
    },
    append: (host, html) => extra.set(host, (extra.get(host) ?? '') + html),
  };
}

export async function startCluster(log: (line: string) => void, settings: Record<string, string>): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'launch-directory-faults-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user when we are root.
  const secrets = runTimeSecrets();
  const cookieKey = randomBytes(32).toString('base64url');
  const stops: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    // The processes' logs stay for a look after the run; the data goes.
    rmSync(join(dir, 'postgres'), { recursive: true, force: true });
    rmSync(join(dir, 'temporal.db'), { force: true });
  };
  try {
    const quiet = createLogger({ logLevel: 'warn' }, 'faults');
    const pgDir = join(dir, 'postgres');
    const pgPort = await freePort();
    // Initialised through the package once, then run as a server the run can crash and freeze.
    const initial = await startEmbeddedPostgres(pgDir, pgPort, quiet);
    await initial.createDatabase('faults');
    await initial.stop();
    const postgres = await postgresServer(pgDir, pgPort, join(dir, 'postgres.log'));
    await postgres.start();
    stops.push(() => postgres.stop());

    const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
    const cli = await findTemporalCli(
      { cliPath: base.temporal.cliPath, cacheDir: base.temporal.cliCacheDir, build: true },
      quiet,
    );
    if (cli.executable.type !== 'existing-path')
      throw new Error('the fault run needs the Temporal CLI binary (npm start builds it)');
    const temporal = temporalServer(cli.executable.path, await freePort(), join(dir, 'temporal.db'), join(dir, 'temporal.log'));
    await temporal.start();
    stops.push(() => temporal.stop());

    process.env.STRIPE_MOCK_PATH = await installStripeMock(base.temporal.cliCacheDir);
    const stripe: StripeMock = await startStripeMock();
    stops.push(() => stripe.close());
    const smtp = await startSmtpServer();
    stops.push(() => smtp.close());
    const dns = await startTestDns();
    stops.push(() => dns.close());
    const sites = await startSiteServer();
    stops.push(() => sites.close());

    const databaseUrl = postgres.url('faults');
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporal.address,
      // One public name for both processes, as behind a load balancer: badges and mailed links name it.
      PUBLIC_URL: 'https://launch.faults.test',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_API_URL: stripe.url,
      ...secrets,
      COOKIE_KEYS: cookieKey,
      OPERATOR_EMAIL: 'site-team@operators.example',
      SMTP_URL: smtp.url,
      CRAWL_ALLOW_LOOPBACK: 'true',
      CRAWL_DNS_SERVER: dns.server,
      CRAWL_BROWSER: 'off',
      TRUST_PROXY: 'true',
      RATE_LIMIT_POINTS: '100000000',
      SIGN_IN_LINKS_PER_CLIENT: '100000',
      METRICS_PORT: '0',
      ...settings,
    };
    const config = loadConfig(env);
    const orm = await openOrm(config, databaseUrl);
    stops.push(() => orm.close());
    await migrate(orm);
    const bundle = join(dir, 'workflow-bundle.js');
    writeFileSync(bundle, (await bundleWorkflows()).code);
    log('PostgreSQL, Temporal, doubles up; migrated; workflows bundled');

    mkdirSync(join(dir, 'logs'));
    const workers = [1, 2].map((n) =>
      workerProcess(`worker ${n}`, { ...env, LOG_LEVEL: 'info', WORKFLOW_BUNDLE: bundle }, join(dir, 'logs', `worker-${n}.log`)),
    );
    // One worker first: it registers the search attributes and schedules the others would race for.
    await workers[0].start();
    await workers[1].start();
    stops.push(async () => Promise.all(workers.map((w) => w.kill())));
    const apis = await Promise.all(
      [1, 2].map(async (n) => apiProcess(`api ${n}`, await freePort(), env, join(dir, 'logs', `api-${n}.log`))),
    );
    await Promise.all(apis.map((a) => a.start()));
    stops.push(async () => Promise.all(apis.map((a) => a.kill())));
    log('two api and two worker processes ready');

    let client: Client | undefined;
    return {
      dir,
      postgres,
      temporal,
      apis,
      workers,
      smtp,
      websites: websites(sites, dns),
      orm,
      async temporalClient() {
        client ??= new Client({ connection: await Connection.connect({ address: temporal.address }) });
        return client;
      },
      config,
      secrets,
      cookieKey,
      close: async () => {
        await client?.connection.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
