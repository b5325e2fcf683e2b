import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

/**
 * Starts Debian's Chromium headless, always with its sandbox: each renderer in user and PID
 * namespaces of its own under a seccomp filter. Chromium refuses that sandbox to root, so a
 * process running as root starts it as an unprivileged system user (created when missing)
 * through chromium-as-user.sh; --no-sandbox is never passed. The browser inherits none of our
 * environment (database URL, keys), only a PATH and a home.
 */

export interface ChromiumLaunch {
  /** The Chromium binary (CRAWL_CHROMIUM_PATH). */
  path: string;
  /** The user it runs as when we are root (CRAWL_CHROMIUM_USER). */
  user: string;
  timeoutMs?: number;
}

const run = promisify(execFile);
const asUser = fileURLToPath(new URL('./chromium-as-user.sh', import.meta.url));
const systemPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const baseArgs = [
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const runsAsRoot = (): boolean => process.getuid?.() === 0;

export async function launchChromium(launch: ChromiumLaunch, extraArgs: readonly string[] = []): Promise<Browser> {
  const options = { args: [...baseArgs, ...extraArgs], chromiumSandbox: true, timeout: launch.timeoutMs };
  if (!runsAsRoot()) {
    return chromium.launch({
      ...options,
      executablePath: launch.path,
      env: { PATH: systemPath, HOME: process.env.HOME ?? tmpdir() },
    });
  }
  await sandboxUser(launch.user);
  return chromium.launch({
    ...options,
    executablePath: asUser,
    env: { PATH: systemPath, CHROMIUM_PATH: launch.path, CHROMIUM_USER: launch.user },
  });
}

const users = new Map<string, Promise<void>>();
const systemAccount = [
  '--system',
  '--user-group',
  '--no-create-home',
  '--home-dir',
  '/nonexistent',
  '--shell',
  '/usr/sbin/nologin',
];

/** The system user Chromium runs as, created once (no home, no login) when this host lacks it. */
function sandboxUser(name: string): Promise<void> {
  let ready = users.get(name);
  if (!ready) {
    ready = ensureUser(name);
    users.set(name, ready);
    ready.catch(() => users.delete(name));
  }
  return ready;
}

async function ensureUser(name: string): Promise<void> {
  for (let attempt = 1; !(await userExists(name)); attempt++) {
    try {
      await run('useradd', [...systemAccount, name], { env: { PATH: systemPath } });
    } catch (error) {
      // Another process may be adding it at this moment (the passwd file is locked): look again.
      if (attempt >= 5)
        throw new Error(`Could not create the system user ${name} for Chromium's sandbox: ${(error as Error).message}`, {
          cause: error,
        });
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

async function userExists(name: string): Promise<boolean> {
  return run('id', ['-u', name], { env: { PATH: systemPath } }).then(
    () => true,
    () => false,
  );
}
