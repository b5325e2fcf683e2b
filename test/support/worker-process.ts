import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A worker in its own process (npm run worker) with the test app's environment, so a test can
 * kill it the way a crash would. Resolves once it is polling; `started` collects it for cleanup.
 */
export function startWorkerProcess(env: Record<string, string>, started: ChildProcess[]): Promise<ChildProcess> {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker-main.ts'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker running')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`worker exited early (${code}):\n${output}`)));
  });
}
