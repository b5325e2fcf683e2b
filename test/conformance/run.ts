/**
 * `npm run conformance`: runs the MCP conformance suites against a local server started here
 * (embedded PostgreSQL and Temporal, as the tests use), or against `--url <mcp url>`.
 *
 * - 0.1.16, the 2025 initialize-based protocol, active suite;
 * - 0.2.0-alpha.12 with `--requirements 2026-07-28`.
 *
 * Each run compares its result with a baseline (baseline-*.yml beside this file) that lists the
 * scenarios needing the suite's own fixture tools, with the reason for each. The suites exit
 * non-zero on a failure outside the baseline and on a baselined scenario that now passes; so
 * does this script. The suites need Node 22 or later: under an older Node, a Node 22 binary is
 * installed from the npm registry into node_modules/.cache beside the pinned suites.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const toolsDir = resolve(here, '../../node_modules/.cache/mcp-conformance');
const nodeVersion = '22.23.3';
const nodePackage = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

const suites = [
  { alias: 'conformance-2025', version: '0.1.16', args: [], baseline: 'baseline-2025.yml' },
  {
    alias: 'conformance-2026',
    version: '0.2.0-alpha.12',
    args: ['--requirements', '2026-07-28'],
    baseline: 'baseline-2026-07-28.yml',
  },
];

const needsNode = Number(process.versions.node.split('.')[0]) < 22;

function installedVersion(name: string): string | undefined {
  const manifest = join(toolsDir, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
    child.on('error', fail);
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function installTools(): Promise<void> {
  const wanted = suites
    .filter((s) => installedVersion(s.alias) !== s.version)
    .map((s) => `${s.alias}@npm:@modelcontextprotocol/conformance@${s.version}`);
  if (needsNode && installedVersion(nodePackage) !== nodeVersion) wanted.push(`${nodePackage}@${nodeVersion}`);
  if (wanted.length === 0) return;
  console.log(`installing ${wanted.join(', ')} into ${toolsDir}`);
  const code = await run('npm', ['install', '--prefix', toolsDir, '--no-audit', '--no-fund', '--loglevel=error', ...wanted]);
  if (code !== 0) throw new Error(`npm install failed (${code})`);
}

function binOf(alias: string): string {
  const manifest = JSON.parse(readFileSync(join(toolsDir, 'node_modules', alias, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  return join(toolsDir, 'node_modules', alias, manifest.bin.conformance);
}

async function startLocalServer(): Promise<{ mcpUrl: string; stop(): Promise<void> }> {
  const { startTestStack } = await import('../support/stack.js');
  const { startTestApp } = await import('../support/app.js');
  await startTestStack();
  const app = await startTestApp({ worker: false });
  const stopStack = (globalThis as { __stopTestStack?: () => Promise<void> }).__stopTestStack;
  return {
    mcpUrl: `${app.url}/mcp`,
    async stop() {
      await app.close();
      await stopStack?.();
    },
  };
}

async function main(): Promise<number> {
  await installTools();
  const node = needsNode ? join(toolsDir, 'node_modules', nodePackage, 'bin', 'node') : process.execPath;
  const urlFlag = process.argv.indexOf('--url');
  const given = urlFlag > 0 ? process.argv[urlFlag + 1] : undefined;
  const server = given ? { mcpUrl: given, stop: async () => undefined } : await startLocalServer();
  const results: string[] = [];
  let failed = false;
  try {
    for (const suite of suites) {
      const output = mkdtempSync(join(tmpdir(), `${suite.alias}-`));
      console.log(
        `\n=== @modelcontextprotocol/conformance@${suite.version} server ${suite.args.join(' ')} against ${server.mcpUrl}`,
      );
      const code = await run(node, [
        binOf(suite.alias),
        'server',
        '--url',
        server.mcpUrl,
        ...suite.args,
        '--expected-failures',
        join(here, suite.baseline),
        '-o',
        output,
      ]);
      failed ||= code !== 0;
      results.push(
        `${code === 0 ? 'PASS' : 'FAIL'} conformance@${suite.version} (baseline ${suite.baseline}; checks in ${output})`,
      );
    }
  } finally {
    await server.stop();
  }
  console.log(`\n${results.join('\n')}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
