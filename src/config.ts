import { z } from 'zod';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The one place that reads the environment. Everything else receives a `Config`. */

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

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
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  TRUST_PROXY: flag.default(false),

  SEED_LISTINGS: z.coerce.number().int().min(0).max(1_000_000).default(2000),

  CRAWL_USER_AGENT: z.string().min(1).max(200).default('LaunchDirectoryBot/1.0'),
  CRAWL_PAGE_BUDGET: z.coerce.number().int().min(1).max(100).default(12),
  CRAWL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CRAWL_TOTAL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  CRAWL_MAX_PAGE_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(2_000_000),
  CRAWL_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  CRAWL_ALLOW_LOOPBACK: flag.default(false),
  CRAWL_DNS_SERVER: z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?)$/, 'an IP address with optional :port').optional(),
  CRAWL_BROWSER: z.enum(['auto', 'off']).default('auto'),
  CRAWL_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),

  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  apiBasePath: '/api/v1';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
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
  };
  site: { name: string; purpose: string };
  rateLimit: { points: number; windowSeconds: number };
  idempotencyTtlHours: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  seedListings: number;
  crawl: CrawlConfig;
  /** Absent when no OpenAI-compatible endpoint is configured: the rules drafter is used. */
  ai?: AiConfig;
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
}

export interface AiConfig {
  baseUrl?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export class ConfigError extends Error {}

/** Parses an environment (process.env by default); a bad value names its variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}\nSee .env.example for every variable and its default.`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    apiBasePath: '/api/v1',
    logLevel: e.LOG_LEVEL,
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
    },
    site: { name: e.SITE_NAME, purpose: e.SITE_PURPOSE },
    rateLimit: { points: e.RATE_LIMIT_POINTS, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    seedListings: e.SEED_LISTINGS,
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
    },
    // A base URL alone (a local endpoint without auth) is enough; a key alone means the default endpoint.
    ai:
      e.AI_BASE_URL || e.AI_API_KEY
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY ?? 'none', model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
        : undefined,
  };
}
