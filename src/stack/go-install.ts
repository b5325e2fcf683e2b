import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';

/**
 * `go install <module@version>` into `bin`: how the Temporal CLI (for `npm start` and the tests)
 * and stripe-mock (for the tests) are built once into the launch-directory cache.
 */
export async function goInstall(module: string, bin: string): Promise<void> {
  mkdirSync(bin, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const child = spawn('go', ['install', module], {
      env: { ...process.env, GOBIN: bin },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (error) => reject(new Error(`go could not be started to build ${module}: ${error.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install ${module} exited with ${code}`))));
  });
}
