import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { goInstall } from '../../src/stack/go-install.js';
import { freePort } from './ports.js';

/** The stripe-mock release the tests run, built once with Go into the launch-directory cache. */
export const stripeMockVersion = 'v0.203.0';
const stripeMockModule = `github.com/stripe/stripe-mock@${stripeMockVersion}`;

export function cachedStripeMockPath(cacheDir: string): string {
  return join(cacheDir, `stripe-mock-${stripeMockVersion}`, 'stripe-mock');
}

/** STRIPE_MOCK_PATH, else the cached build, built first with Go when missing (as npm start builds the Temporal CLI). */
export async function installStripeMock(cacheDir: string): Promise<string> {
  if (process.env.STRIPE_MOCK_PATH) return process.env.STRIPE_MOCK_PATH;
  const path = cachedStripeMockPath(cacheDir);
  if (!existsSync(path)) {
    console.log(`Building stripe-mock ${stripeMockVersion} with Go into ${dirname(path)} (first run only)`);
    await goInstall(stripeMockModule, dirname(path));
  }
  return path;
}

function stripeMockPath(): string {
  // The test stack's setup sets STRIPE_MOCK_PATH to what it found or built.
  const path = process.env.STRIPE_MOCK_PATH;
  if (!path || !existsSync(path)) {
    throw new Error(
      `stripe-mock not found at ${path}: the test setup builds it with Go (${stripeMockModule}). Stripe tests do not skip.`,
    );
  }
  return path;
}

export interface CapturedRequest {
  method: string;
  path: string;
  body: URLSearchParams;
}

/**
 * Stripe's own API mock on loopback, behind a small recording proxy: the mock checks every request
 * against Stripe's OpenAPI description and answers like Stripe; the proxy keeps what the app sent.
 */
export interface StripeMock {
  url: string;
  requests: CapturedRequest[];
  close(): Promise<void>;
}

export async function startStripeMock(): Promise<StripeMock> {
  const mockPort = await freePort();
  // It opens HTTPS on a fixed port unless told otherwise; parallel runs need a port of their own.
  const args = ['-http-addr', `127.0.0.1:${mockPort}`, '-https-addr', `127.0.0.1:${await freePort()}`];
  const child: ChildProcess = spawn(stripeMockPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening for HTTP')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`stripe-mock exited (${code}):\n${output}`)));
  });
  const requests: CapturedRequest[] = [];
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', body: new URLSearchParams(body.toString()) });
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: mockPort,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: `127.0.0.1:${mockPort}` },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      // stripe-mock gone answers like an unreachable gateway instead of crashing the test run.
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      await new Promise((resolve) => proxy.close(resolve));
      child.kill('SIGTERM');
    },
  };
}
