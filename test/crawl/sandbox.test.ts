import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fetchPolicyFor } from '../../src/crawl/guarded-fetch.js';
import { runsAsRoot } from '../../src/crawl/chromium.js';
import { lazyRenderer, type PageRenderer } from '../../src/crawl/renderer.js';
import { startCrawlWorld, type CrawlWorld } from '../support/crawl-world.js';

/**
 * The crawler's Chromium runs with its sandbox, whoever runs the crawler: never --no-sandbox, and
 * as root it runs as the unprivileged CRAWL_CHROMIUM_USER. Checked on the processes themselves,
 * in /proc, while the browser that rendered a page is still open.
 */
let world: CrawlWorld;
let renderer: PageRenderer;
beforeAll(async () => {
  world = await startCrawlWorld();
});
afterAll(async () => {
  await renderer?.close();
  await world?.close();
});

interface Proc {
  pid: number;
  ppid: number;
  args: string[];
  status: Record<string, string>;
  userNamespace: string;
}

function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const status = Object.fromEntries(
        readFileSync(`/proc/${entry}/status`, 'utf8')
          .split('\n')
          .filter((line) => line.includes(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      );
      found.push({
        pid: Number(entry),
        ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]),
        // Chromium retitles its child processes: their arguments come as one string with spaces.
        args: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean),
        status,
        userNamespace: readlinkSync(`/proc/${entry}/ns/user`),
      });
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

/** The browser this process launched, and every process under it (zygotes, renderers, utilities). */
function browserTree(): { browser: Proc; under: Proc[] } {
  const all = processes();
  const browser = all.find((p) => p.ppid === process.pid && p.args.some((a) => a.startsWith('--remote-debugging-pipe')));
  if (!browser) throw new Error('no Chromium launched by this process');
  const under: Proc[] = [];
  for (let parents = new Set([browser.pid]); parents.size > 0;) {
    const children = all.filter((p) => parents.has(p.ppid));
    under.push(...children);
    parents = new Set(children.map((p) => p.pid));
  }
  return { browser, under };
}

const uidOf = (p: Proc) => Number(p.status.Uid.split(/\s+/)[0]);
const isRenderer = (p: Proc) => p.args.includes('--type=renderer');

/** The browser's process tree once `ready` holds (it starts its processes as it goes); fails if `rendering` ends first. */
async function browserTreeWhile(rendering: Promise<unknown>, ready: (tree: ReturnType<typeof browserTree>) => boolean) {
  const outcome: { ended?: Error } = {};
  void rendering.then(
    () => (outcome.ended = new Error('the page was rendered before its processes were seen')),
    (error: unknown) => (outcome.ended = error instanceof Error ? error : new Error(String(error))),
  );
  for (;;) {
    if (outcome.ended) throw outcome.ended;
    const launched = processes().some(
      (p) => p.ppid === process.pid && p.args.some((a) => a.startsWith('--remote-debugging-pipe')),
    );
    const tree = launched ? browserTree() : null;
    if (tree && ready(tree)) return tree;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the crawler's Chromium", () => {
  it('renders with its sandbox on: no --no-sandbox, renderers in their own user namespace under seccomp', async () => {
    // The page waits for a script the site holds back until the processes have been looked at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A renderer that asked for the script has parsed the page: it is past its sandbox's setup.
    let scriptAsked = false;
    world.dns.set('sandboxed.test', ['127.0.0.1']);
    world.sites.route('sandboxed.test/late.js', (_req, res) => {
      scriptAsked = true;
      void held.then(() =>
        res.writeHead(200, { 'content-type': 'text/javascript' }).end('document.body.textContent = "built by a script";'),
      );
    });
    const config = world.crawlConfig();
    renderer = lazyRenderer(config, fetchPolicyFor(config))!;
    const rendering = renderer.render(
      `http://sandboxed.test:${world.sites.port}/`,
      '<!doctype html><title>x</title><body><script src="/late.js"></script></body>',
    );

    const { browser, under } = await browserTreeWhile(rendering, (tree) => scriptAsked && tree.under.some(isRenderer));
    for (const p of [browser, ...under]) expect(p.args).not.toContain('--no-sandbox');
    const ours = readlinkSync('/proc/self/ns/user');
    for (const r of under.filter(isRenderer)) {
      expect(r.status.Seccomp).toBe('2');
      expect(r.userNamespace).not.toBe(ours);
    }
    if (runsAsRoot()) {
      const expected = Number(spawnSync('id', ['-u', config.chromiumUser], { encoding: 'utf8' }).stdout.trim());
      expect(expected).toBeGreaterThan(0);
      for (const p of [browser, ...under]) expect(uidOf(p)).toBe(expected);
      expect(browser.status.CapBnd).toBe('0000000000000000');
      expect(browser.status.NoNewPrivs).toBe('1');
    } else {
      expect(uidOf(browser)).toBe(process.getuid!());
    }

    release();
    expect((await rendering).html).toContain('built by a script');
  });

  it('is started as another user only through a wrapper that refuses --no-sandbox', () => {
    const wrapper = fileURLToPath(new URL('../../src/crawl/chromium-as-user.sh', import.meta.url));
    const refused = spawnSync(wrapper, ['--user-data-dir=/tmp', '--no-sandbox'], {
      env: { PATH: '/usr/bin:/bin', CHROMIUM_PATH: '/bin/true', CHROMIUM_USER: 'nobody' },
      encoding: 'utf8',
    });
    expect(refused.status).toBe(64);
    expect(refused.stderr).toContain('refusing --no-sandbox');
  });
});
