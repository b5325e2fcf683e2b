import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './ports.js';

/**
 * A second api process (npm run api) with the test app's environment on a port of its own: what
 * a scaled-out deployment runs beside the first. Resolves with its API base, the process and what
 * it has logged so far once it listens; `started` collects it for cleanup.
 */
export async function startApiProcess(
  env: Record<string, string>,
  started: ChildProcess[],
): Promise<{ api: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('api listening')) resolve({ api: `http://127.0.0.1:${port}/api/v1`, child, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`api exited early (${code}):\n${output}`)));
  });
}
