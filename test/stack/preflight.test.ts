import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findOnPath } from '../../src/stack/temporal-server.js';

/** `npm test`'s first step, with PATH holding only the named commands of this machine. */
function preflightWith(commands: string[]) {
  const bin = mkdtempSync(join(tmpdir(), 'ld-path-'));
  try {
    symlinkSync(process.execPath, join(bin, 'node'));
    for (const command of commands) {
      const found = findOnPath(command);
      if (found) symlinkSync(found, join(bin, command));
    }
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: bin };
    delete env.CHROMIUM_PATH;
    // The timeout only keeps a hang from stalling the run; the check takes about a second.
    return spawnSync(process.execPath, ['--import', 'tsx', 'test/support/preflight.ts'], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

it('stops before lint and the suites with one message naming Chromium and how to install it', () => {
  const run = preflightWith(['java', 'mvn', 'go']);
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/^ {2}chromium\s+Chromium: /m);
  expect(run.stderr).toContain('sudo apt-get install -y chromium\n');
  expect(run.stderr).not.toMatch(/maven|golang-go|default-jre-headless/);
});

it('names every missing package in the same message', () => {
  const run = preflightWith([]);
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/apt-get install -y chromium default-jre-headless/);
});

it('passes on a machine that has everything', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/preflight.ts'], { encoding: 'utf8' });
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
});
