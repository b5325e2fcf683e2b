import { existsSync } from 'node:fs';
import { loadConfig } from '../../src/config.js';
import { cachedCliPath, findOnPath } from '../../src/stack/temporal-server.js';
import { cachedStripeMockPath } from './stripe-mock.js';
import { testServerVersion, timeSkippingServerJar } from './time-skipping-server.js';

/**
 * `npm test` runs this first (npm's pretest): what only the operating system can provide, checked
 * in a second, so that a missing package is one message here instead of dozens of failing suites
 * after lint. What npm and Go or Maven can build (Temporal CLI, stripe-mock, the time-skipping
 * server) the test setup builds into the cache; the tools to build it must be here when it is not.
 * python3-venv is needed by `npm run fuzz` only, not by `npm test`.
 */
interface Need {
  debianPackage: string;
  why: string;
}

const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
const cacheDir = config.temporal.cliCacheDir;
const cached = (path: string) => existsSync(path);

const needs: Array<Need & { present: boolean }> = [
  {
    debianPackage: 'chromium',
    why: 'Chromium: the browser tests and the crawler render pages with it (or set CHROMIUM_PATH)',
    present: process.env.CHROMIUM_PATH ? existsSync(process.env.CHROMIUM_PATH) : findOnPath('chromium') !== undefined,
  },
  {
    debianPackage: 'default-jre-headless',
    why: "Java: Temporal's time-skipping test server runs on it",
    present: findOnPath('java') !== undefined,
  },
  {
    debianPackage: 'maven',
    why: `Maven: fetches the time-skipping test server ${testServerVersion} once into ${cacheDir}`,
    present: cached(timeSkippingServerJar(cacheDir)) || findOnPath('mvn') !== undefined,
  },
  {
    debianPackage: 'golang-go',
    why: `Go: builds stripe-mock and the Temporal CLI once into ${cacheDir}`,
    present:
      findOnPath('go') !== undefined ||
      ((!!process.env.STRIPE_MOCK_PATH || cached(cachedStripeMockPath(cacheDir))) &&
        (!!config.temporal.address ||
          !!config.temporal.cliPath ||
          findOnPath('temporal') !== undefined ||
          cached(cachedCliPath(cacheDir)))),
  },
];

const missing = needs.filter((need) => !need.present);
if (missing.length) {
  console.error('npm test needs what only the operating system provides, and this machine lacks:\n');
  for (const need of missing) console.error(`  ${need.debianPackage.padEnd(22)} ${need.why}`);
  console.error(`\nInstall (Debian, Ubuntu): sudo apt-get install -y ${missing.map((need) => need.debianPackage).join(' ')}`);
  process.exit(1);
}
