import { z } from 'zod';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isCountryCode } from './domain/countries.js';
import { productionSecretRefusals } from './platform/production-secrets.js';
import type { VoteRulesConfig } from './domain/vote-rules.js';

/** The one place that reads the environment. Everything else receives a `Config`. */

const port = z.coerce.number().int().min(0).max(65535);
/** ip[:port] or [ipv6][:port] of a DNS server. */
const dnsServer = z
  .string()
  .regex(/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?)$/, 'an IP address with optional :port');
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: port.optional(),
  API_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(20_000),

  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_PG_PORT: port.default(5433),

  TEMPORAL_ADDRESS: z.string().min(1).optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('launch-directory'),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  TEMPORAL_CLI_CACHE_DIR: z.string().min(1).optional(),
  EMBEDDED_TEMPORAL_PORT: port.default(7233),
  EMBEDDED_TEMPORAL_UI_PORT: port.default(8233),
  TEMPORAL_UI_URL: z.url().optional(),
  WORKFLOW_BUNDLE: z.string().min(1).optional(),
  WORKER_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),

  SITE_NAME: z.string().min(1).max(120).default('Launch Directory'),
  SITE_PURPOSE: z
    .string()
    .min(1)
    .max(500)
    .default(
      'A public directory of product launches: listings with evidence-backed profiles, categories, weekly launch calendars, leaderboards and awards.',
    ),

  RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(10).max(10_000).default(200),
  COMMUNITY_ACTIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(120),
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  VOTE_MIN_ACCOUNT_AGE_HOURS: z.coerce.number().min(0).max(8760).default(24),
  VOTE_ACTIVITY_MIN_AGE_HOURS: z.coerce.number().min(0).max(8760).default(24),
  VOTE_ACTIVITY_MIN_LISTINGS: z.coerce.number().int().min(1).max(100).default(3),
  VOTE_MAX_VOTERS_PER_NETWORK_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  VOTE_BURST_MIN_VOTES: z.coerce.number().int().min(2).max(100_000).default(20),
  VOTE_BURST_FACTOR: z.coerce.number().min(1).max(1000).default(5),
  VOTE_BURST_NEW_ACCOUNT_HOURS: z.coerce.number().min(0).max(8760).default(72),
  VOTE_RING_MIN_ACCOUNTS: z.coerce.number().int().min(2).max(10_000).default(10),
  VOTE_RING_WINDOW_WEEKS: z.coerce.number().int().min(1).max(52).default(8),
  VOTE_NETWORK_KEY: z.string().min(32).optional(),
  PUBLIC_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  LISTING_PROFILE_CACHE_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  LISTING_COUNTS_NOTICE_MS: z.coerce.number().int().min(20).max(10_000).default(250),
  IDEMPOTENCY_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  TRUST_PROXY: flag.optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  VALIDATE_RESPONSES: flag.default(false),
  MCP_ALLOWED_HOSTS: z.string().optional(),
  MCP_OUTPUT_SCHEMAS: flag.default(false),

  SEED_LISTINGS: z.coerce.number().int().min(0).max(1_000_000).default(2000),

  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).max(254).default('Launch Directory <no-reply@localhost>'),
  OPERATOR_EMAIL: z.email().max(254).optional(),
  SIGN_IN_LINK_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SIGN_IN_LINKS_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(5),
  SIGN_IN_LINKS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(20),
  SIGN_IN_LIMIT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  INVITE_MAILS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(24 * 3600)
    .default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  OAUTH_JWKS: z.string().min(2).optional(),
  COOKIE_KEYS: z.string().min(32).optional(),
  OAUTH_CLIENT_METADATA_TEST_ORIGINS: z.string().min(3).optional(),
  OAUTH_TRUSTED_CLIENTS: z.string().optional(),
  CRAWL_USER_AGENT: z.string().min(1).max(200).default('LaunchDirectoryBot/1.0'),
  CRAWL_PAGE_BUDGET: z.coerce.number().int().min(1).max(100).default(12),
  CRAWL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CRAWL_TOTAL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  CRAWL_MAX_PAGE_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(2_000_000),
  CRAWL_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  CRAWL_ALLOW_LOOPBACK: flag.default(false),
  CRAWL_DNS_SERVER: dnsServer.optional(),
  CRAWL_BROWSER: z.enum(['auto', 'off']).default('auto'),
  CRAWL_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  CRAWL_CHROMIUM_USER: z
    .string()
    .regex(/^[a-z_][a-z0-9_-]{0,31}$/, 'a system user name: lower-case letters, digits, _ and -, at most 32')
    .default('crawl-chromium'),

  DNS_SERVER: dnsServer.optional(),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),

  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),

  DRAFT_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(1800),

  FREE_QUEUE_WEEKS: z.coerce.number().int().min(0).max(52).default(4),
  FREE_SLOTS_PER_WEEK: z.coerce.number().int().min(1).max(10_000).default(25),
  PAID_SLOTS_PER_WEEK: z.coerce.number().int().min(1).max(10_000).default(100),
  GATE_CHECK_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(15_000),

  SELLER_NAME: z.string().min(1).max(200).default('Launch Directory'),
  SELLER_ADDRESS: z.string().max(1000).default(''),
  SELLER_COUNTRY: z.string().refine(isCountryCode, 'an ISO 3166-1 alpha-2 code in capitals, e.g. DE').default('DE'),
  SELLER_VAT_NUMBER: z.string().min(4).max(20).optional(),
  ORDER_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  CHECKOUT_POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).optional(),
  ALLOW_TEST_PAYMENTS: flag.default(false),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  VIES_URL: z.url().optional(),
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),

  FOLLOWER_MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  FOLLOWER_MAIL_BATCH_PAUSE_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  UPDATE_MAILS_PER_LISTING_PER_DAY: z.coerce.number().int().min(0).max(100).default(1),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** How long a stopping api process keeps answering on its open connections before it cuts them. */
  apiShutdownGraceMs: number;
  publicUrl: string;
  /** The public address is https: every cookie is Secure and pages send HSTS, whatever TRUST_PROXY says. */
  publicHttps: boolean;
  apiBasePath: '/api/v1';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where each process serves /metrics (docs/operations.md); a port of 0 serves none. */
  metrics: { host: string; apiPort: number; workerPort: number };
  database: { url?: string; poolMax: number };
  dataDir: string;
  embeddedPostgresPort: number;
  temporal: {
    address?: string;
    namespace: string;
    taskQueue: string;
    cliPath?: string;
    cliCacheDir: string;
    embeddedPort: number;
    embeddedUiPort: number;
    uiUrl?: string;
    /** A prebuilt workflow bundle; without one the worker bundles at start. */
    workflowBundlePath?: string;
    /** How long a stopping worker lets its running activities finish before it hands them back. */
    shutdownGraceMs: number;
  };
  site: { name: string; purpose: string };
  /** syncMs: how often a process adds its local counts to the shared PostgreSQL budget. */
  rateLimit: { points: number; windowSeconds: number; syncMs: number };
  /** Votes, follows, reviews and reports one account may make per hour on the site. */
  communityActionsPerHour: number;
  /** Reports (report_content) one person, and one network, may file per hour. */
  reportsPerHour: number;
  /** Thresholds of the vote rules (src/domain/vote-rules.ts); networkKey hashes voters' network prefixes (unset: generated once and kept in PostgreSQL). */
  votes: VoteRulesConfig & { networkKey?: string };
  /** How long a process may serve a public read (search, lists...) from memory; 0 = no read cache at all. */
  publicReadCacheMs: number;
  /** How long at most a process keeps a listing profile that PostgreSQL did not announce as changed. */
  listingProfileCacheMs: number;
  /** How often an api process announces the listings whose counters alone changed (votes, follows), in one notification. */
  listingCountsNoticeMs: number;
  idempotencyTtlHours: number;
  bodyLimitBytes: number;
  /** Trust a reverse proxy's X-Forwarded-* headers (protocol and host). */
  trustProxy: boolean;
  /** How many rightmost X-Forwarded-For entries proxies we trust wrote (Koa's maxIpsCount); 0 = the socket's peer is the client. */
  trustedProxyHops: number;
  seedListings: number;
  /** operator: who is told of what needs a person's eye (a promo code used past its limit); absent: the log only. */
  mail: { smtpUrl?: string; from: string; operator?: string };
  auth: {
    signInLinkTtlMinutes: number;
    /** Sign-in links one email address, and one client address, may ask for per window. */
    signInLimits: { perEmail: number; perClient: number; windowMinutes: number };
    sessionTtlDays: number;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    /** Private signing keys (a JWKS); unset: generated once and kept in PostgreSQL. */
    jwks?: { keys: Record<string, unknown>[] };
    /** Cookie signing keys, newest first; unset: generated once and kept in PostgreSQL. */
    cookieKeys?: string[];
    /**
     * Tests only: https client ID metadata document hosts served by a local http origin. Never in
     * production, where documents are fetched over https with the SSRF guard.
     */
    clientMetadataTestOrigins: Record<string, string>;
    /** Client ids and client ID metadata document URLs the operator vouches for: only these show as verified. */
    trustedClients: string[];
  };
  /** Development pages such as /dev/mail; never in production. */
  devPages: boolean;
  /** Check every success response against its operation's output schema (the test suite turns it on). */
  validateResponses: boolean;
  /** Hostnames accepted in Host and Origin on /mcp (DNS-rebinding guard). */
  mcpAllowedHosts: string[];
  /** Publish each tool's exact result schema in tools/list (about 116 KB, 28,000 tokens more for every agent to read). */
  mcpOutputSchemas: boolean;
  crawl: CrawlConfig;
  /** TXT lookups of claims: the DNS server asked (absent = the system resolver) and how long to wait. */
  dns: { server?: string; timeoutMs: number };
  /** Absent when no OpenAI-compatible endpoint is configured: the rules drafter is used. */
  ai?: AiConfig;
  /** How long a draft's build workflow stays open for regenerate requests after the last one. */
  draftIdleSeconds: number;
  /** invite_cofounder mails one address may get in any 24 hours, from every draft together. */
  inviteMailsPerAddressPerDay: number;
  /** Launch weeks: how far ahead the free queue starts and how many launches a week takes per plan. */
  launches: { freeQueueWeeks: number; freeSlotsPerWeek: number; paidSlotsPerWeek: number; gateCheckWaitMs: number };
  orders: OrdersConfig;
  /** Listing updates reach followers in batches this large, with this pause between batches (spares the mail server). */
  followerMail: { batchSize: number; pauseMs: number };
  /** Updates of one listing mailed to its followers in any 24 hours; later ones are stored and shown, not mailed. */
  updateMailsPerListingPerDay: number;
}

export interface OrdersConfig {
  /** Who sells: printed on invoices; the country decides reverse charge. */
  seller: { name: string; address: string; country: string; vatNumber?: string };
  /** An order not paid within this long expires. */
  expiryHours: number;
  /** Forms one client may post to one order's checkout page per minute. */
  checkoutPostsPerMinute: number;
  /**
   * test: a marked test step on the checkout page; stripe: Checkout Session + signed webhook.
   * testMode: no money can move (the test provider, a Stripe test key, or another STRIPE_API_URL, a mock), so orders say TEST.
   */
  payments:
    | { provider: 'test'; testMode: true }
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl?: string; testMode: boolean };
  /** Absent: VAT numbers are checked by format and check digit only (`vies_result: "format_only"`: standard VAT, never reverse charge). */
  vies?: { url: string; timeoutMs: number };
}

export interface CrawlConfig {
  userAgent: string;
  pageBudget: number;
  requestTimeoutMs: number;
  totalTimeoutMs: number;
  maxPageBytes: number;
  maxRedirects: number;
  /** Only tests set this: their sites are served on loopback. */
  allowLoopback: boolean;
  /** host:port of the DNS server to ask; absent = the system resolver. */
  dnsServer?: string;
  /** Chromium for JavaScript-rendered pages; absent when disabled (plain HTTP only). */
  chromiumPath?: string;
  /** The unprivileged user Chromium runs as, with its sandbox, when the process runs as root. */
  chromiumUser: string;
}

export interface AiConfig {
  baseUrl?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export class ConfigError extends Error {}

/** Parses an environment (process.env by default); one message names every variable it refuses. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => !!entry[1]));
  const e = checkedEnv(cleaned);
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    apiShutdownGraceMs: e.API_SHUTDOWN_GRACE_MS,
    publicUrl,
    publicHttps: new URL(publicUrl).protocol === 'https:',
    apiBasePath: '/api/v1',
    logLevel: e.LOG_LEVEL,
    // One variable for both: each process has its own machine or container, or its own METRICS_PORT.
    metrics: { host: e.METRICS_HOST, apiPort: e.METRICS_PORT ?? 9464, workerPort: e.METRICS_PORT ?? 9465 },
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX },
    dataDir,
    embeddedPostgresPort: e.EMBEDDED_PG_PORT,
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      cliPath: e.TEMPORAL_CLI_PATH,
      cliCacheDir: e.TEMPORAL_CLI_CACHE_DIR ?? join(homedir(), '.cache', 'launch-directory'),
      embeddedPort: e.EMBEDDED_TEMPORAL_PORT,
      embeddedUiPort: e.EMBEDDED_TEMPORAL_UI_PORT,
      uiUrl: e.TEMPORAL_UI_URL,
      workflowBundlePath: e.WORKFLOW_BUNDLE,
      shutdownGraceMs: e.WORKER_SHUTDOWN_GRACE_MS,
    },
    site: { name: e.SITE_NAME, purpose: e.SITE_PURPOSE },
    rateLimit: { points: e.RATE_LIMIT_POINTS, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS, syncMs: e.RATE_LIMIT_SYNC_MS },
    communityActionsPerHour: e.COMMUNITY_ACTIONS_PER_HOUR,
    reportsPerHour: e.REPORTS_PER_HOUR,
    votes: {
      minAccountAgeHours: e.VOTE_MIN_ACCOUNT_AGE_HOURS,
      activityMinAgeHours: e.VOTE_ACTIVITY_MIN_AGE_HOURS,
      activityMinListings: e.VOTE_ACTIVITY_MIN_LISTINGS,
      maxVotersPerNetworkHour: e.VOTE_MAX_VOTERS_PER_NETWORK_HOUR,
      burstMinVotes: e.VOTE_BURST_MIN_VOTES,
      burstFactor: e.VOTE_BURST_FACTOR,
      burstNewAccountHours: e.VOTE_BURST_NEW_ACCOUNT_HOURS,
      ringMinAccounts: e.VOTE_RING_MIN_ACCOUNTS,
      ringWindowWeeks: e.VOTE_RING_WINDOW_WEEKS,
      networkKey: e.VOTE_NETWORK_KEY,
    },
    publicReadCacheMs: e.PUBLIC_READ_CACHE_MS,
    listingProfileCacheMs: e.LISTING_PROFILE_CACHE_MS,
    listingCountsNoticeMs: e.LISTING_COUNTS_NOTICE_MS,
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    // TRUST_PROXY=true alone means one proxy in front, the usual reverse proxy.
    trustProxy: e.TRUST_PROXY ?? (e.TRUST_PROXY_HOPS ?? 0) > 0,
    trustedProxyHops: e.TRUST_PROXY_HOPS ?? (e.TRUST_PROXY ? 1 : 0),
    seedListings: e.SEED_LISTINGS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, operator: e.OPERATOR_EMAIL },
    auth: {
      signInLinkTtlMinutes: e.SIGN_IN_LINK_TTL_MINUTES,
      signInLimits: {
        perEmail: e.SIGN_IN_LINKS_PER_EMAIL,
        perClient: e.SIGN_IN_LINKS_PER_CLIENT,
        windowMinutes: e.SIGN_IN_LIMIT_WINDOW_MINUTES,
      },
      sessionTtlDays: e.SESSION_TTL_DAYS,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      jwks: e.OAUTH_JWKS ? parseJwks(e.OAUTH_JWKS) : undefined,
      cookieKeys: e.COOKIE_KEYS?.split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      clientMetadataTestOrigins: parseTestOrigins(e.OAUTH_CLIENT_METADATA_TEST_ORIGINS),
      trustedClients: parseTrustedClients(e.OAUTH_TRUSTED_CLIENTS),
    },
    devPages: e.NODE_ENV !== 'production',
    validateResponses: e.VALIDATE_RESPONSES,
    mcpAllowedHosts: mcpAllowedHosts(publicUrl, e.MCP_ALLOWED_HOSTS),
    mcpOutputSchemas: e.MCP_OUTPUT_SCHEMAS,
    crawl: {
      userAgent: e.CRAWL_USER_AGENT,
      pageBudget: e.CRAWL_PAGE_BUDGET,
      requestTimeoutMs: e.CRAWL_REQUEST_TIMEOUT_MS,
      totalTimeoutMs: e.CRAWL_TOTAL_TIMEOUT_MS,
      maxPageBytes: e.CRAWL_MAX_PAGE_BYTES,
      maxRedirects: e.CRAWL_MAX_REDIRECTS,
      allowLoopback: e.CRAWL_ALLOW_LOOPBACK,
      dnsServer: e.CRAWL_DNS_SERVER,
      chromiumPath: e.CRAWL_BROWSER === 'off' ? undefined : e.CRAWL_CHROMIUM_PATH,
      chromiumUser: e.CRAWL_CHROMIUM_USER,
    },
    // One resolver for a deployment unless claims are told otherwise: tests point both at their loopback server.
    dns: { server: e.DNS_SERVER ?? e.CRAWL_DNS_SERVER, timeoutMs: e.DNS_TIMEOUT_MS },
    // A base URL alone (a local endpoint without auth) is enough; a key alone means the default endpoint.
    ai:
      e.AI_BASE_URL || e.AI_API_KEY
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY ?? 'none', model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
        : undefined,
    draftIdleSeconds: e.DRAFT_IDLE_SECONDS,
    inviteMailsPerAddressPerDay: e.INVITE_MAILS_PER_ADDRESS_PER_DAY,
    launches: {
      freeQueueWeeks: e.FREE_QUEUE_WEEKS,
      freeSlotsPerWeek: e.FREE_SLOTS_PER_WEEK,
      paidSlotsPerWeek: e.PAID_SLOTS_PER_WEEK,
      gateCheckWaitMs: e.GATE_CHECK_WAIT_MS,
    },
    followerMail: { batchSize: e.FOLLOWER_MAIL_BATCH_SIZE, pauseMs: e.FOLLOWER_MAIL_BATCH_PAUSE_MS },
    updateMailsPerListingPerDay: e.UPDATE_MAILS_PER_LISTING_PER_DAY,
    orders: {
      seller: { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, country: e.SELLER_COUNTRY, vatNumber: e.SELLER_VAT_NUMBER },
      expiryHours: e.ORDER_EXPIRY_HOURS,
      checkoutPostsPerMinute: e.CHECKOUT_POSTS_PER_MINUTE,
      payments: paymentsConfig(e),
      vies: e.VIES_URL ? { url: e.VIES_URL.replace(/\/$/, ''), timeoutMs: e.VIES_TIMEOUT_MS } : undefined,
    },
  };
}

/** The process's configuration, or the reason on stderr and exit code 1: a misconfigured process never starts. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

type ParsedEnv = z.infer<typeof envSchema>;
type Refusal = { name: keyof ParsedEnv; reason: string };

/** The parsed environment, or a ConfigError naming every variable that is malformed or refused (see refusals). */
function checkedEnv(cleaned: Record<string, string>): ParsedEnv {
  const parsed = envSchema.safeParse(cleaned);
  const malformed = parsed.success ? [] : parsed.error.issues.map((i) => ({ name: i.path.join('.'), reason: i.message }));
  const named = new Set(malformed.map((r) => r.name));
  // The well-formed rest is checked too, so that one message names everything there is to fix.
  const rest = parsed.success
    ? parsed
    : envSchema.safeParse(Object.fromEntries(Object.entries(cleaned).filter(([k]) => !named.has(k))));
  const refused = [...malformed, ...(rest.success ? refusals(rest.data).filter((r) => !named.has(r.name)) : [])];
  if (!parsed.success || refused.length > 0) {
    const lines = refused.map((r) => `  ${r.name}: ${r.reason}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}\nSee .env.example for every variable and its default.`);
  }
  return parsed.data;
}

/** Well-formed settings that must not run together; production refuses more (test doubles, secrets it did not get). */
function refusals(e: ParsedEnv): Refusal[] {
  const production = e.NODE_ENV === 'production';
  const refused: Refusal[] = [];
  const refuse = (name: keyof ParsedEnv, reason: string) => refused.push({ name, reason });
  // Production never falls back to the test provider: it would mark any order paid for nothing.
  if (production && !e.PAYMENT_PROVIDER)
    refuse('PAYMENT_PROVIDER', 'must be set in production (stripe; test only with ALLOW_TEST_PAYMENTS=true)');
  if (production && e.PAYMENT_PROVIDER === 'test' && !e.ALLOW_TEST_PAYMENTS)
    refuse('PAYMENT_PROVIDER', 'test takes no money; in production it needs ALLOW_TEST_PAYMENTS=true');
  if (e.PAYMENT_PROVIDER === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) refuse('STRIPE_SECRET_KEY', 'PAYMENT_PROVIDER=stripe needs the secret API key (see .env.example)');
    if (!e.STRIPE_WEBHOOK_SECRET)
      refuse('STRIPE_WEBHOOK_SECRET', "PAYMENT_PROVIDER=stripe needs the webhook endpoint's signing secret (see .env.example)");
    // A dispute has a deadline to answer: in production someone must hear of it.
    if (production && !e.OPERATOR_EMAIL)
      refuse('OPERATOR_EMAIL', "stripe in production needs the site team's address for refunds and disputes");
  }
  // Orders made against another API address say TEST, so a key that moves real money never goes there.
  if (e.STRIPE_API_URL && /^[sr]k_live_/.test(e.STRIPE_SECRET_KEY ?? ''))
    refuse('STRIPE_API_URL', 'another API address (a mock) takes test keys only; a live key goes to Stripe itself');
  if (production) refused.push(...productionSecretRefusals(e));
  if (production && e.OAUTH_CLIENT_METADATA_TEST_ORIGINS)
    refuse('OAUTH_CLIENT_METADATA_TEST_ORIGINS', 'only for tests, never in production');
  if (e.TRUST_PROXY === false && (e.TRUST_PROXY_HOPS ?? 0) > 0)
    refuse('TRUST_PROXY_HOPS', 'trusted proxy hops contradict TRUST_PROXY=false');
  return refused;
}

function paymentsConfig(e: ParsedEnv): OrdersConfig['payments'] {
  const provider = e.PAYMENT_PROVIDER ?? 'test';
  if (provider === 'test') return { provider: 'test', testMode: true };
  // Checked by refusals(): stripe never runs without both.
  const secretKey = e.STRIPE_SECRET_KEY!;
  return {
    provider: 'stripe',
    secretKey,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    apiUrl: e.STRIPE_API_URL,
    // Stripe's test mode moves no money, nor does a mock at another address.
    testMode: /^[sr]k_test_/.test(secretKey) || !!e.STRIPE_API_URL,
  };
}

function parseJwks(text: string): { keys: Record<string, unknown>[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError('Invalid environment:\n  OAUTH_JWKS: not JSON (expected {"keys":[...private JWKs...]})');
  }
  const keys = (value as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => k && typeof k === 'object' && 'd' in k)) {
    throw new ConfigError('Invalid environment:\n  OAUTH_JWKS: expected {"keys":[...]} with at least one private key');
  }
  return { keys: keys as Record<string, unknown>[] };
}

/** "host=http://127.0.0.1:PORT,host2=..." -> { host: origin } (refused in production by refusals()). */
function parseTestOrigins(text: string | undefined): Record<string, string> {
  if (!text) return {};
  return Object.fromEntries(
    text.split(',').map((pair) => {
      const [host, origin] = pair.split('=').map((x) => x.trim());
      if (!host || !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin ?? '')) {
        throw new ConfigError(
          `Invalid environment:\n  OAUTH_CLIENT_METADATA_TEST_ORIGINS: "${pair}" is not host=http://127.0.0.1:PORT`,
        );
      }
      return [host.toLowerCase(), origin];
    }),
  );
}

/** "client-id,https://app.example/client.json" -> the list; a URL must be an https client ID metadata document address. */
function parseTrustedClients(text: string | undefined): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    // Registered clients' ids are generated without a colon; anything with one must be a document URL.
    if (entry.includes(':') && URL.parse(entry)?.protocol !== 'https:') {
      throw new ConfigError(
        `Invalid environment:\n  OAUTH_TRUSTED_CLIENTS: "${entry}" is neither a client id nor an https client ID metadata document URL`,
      );
    }
  }
  return [...new Set(entries)];
}

/** The public address's host, the loopback names, and any extra hostnames (port-agnostic, lower case). */
function mcpAllowedHosts(publicUrl: string, extra: string | undefined): string[] {
  const listed = (extra ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1', '[::1]', ...listed])];
}
