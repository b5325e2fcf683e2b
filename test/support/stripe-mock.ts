import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

/** The stripe-mock release `.ci/run` installs with `go install` into the launch-directory cache. */
export const stripeMockVersion = 'v0.203.0';

function stripeMockPath(): string {
  const cacheDir = process.env.TEMPORAL_CLI_CACHE_DIR ?? join(homedir(), '.cache', 'launch-directory');
  const path = process.env.STRIPE_MOCK_PATH ?? join(cacheDir, `stripe-mock-${stripeMockVersion}`, 'stripe-mock');
  if (!existsSync(path)) {
    throw new Error(
      `stripe-mock not found at ${path}: run .ci/run, or GOBIN=${join(cacheDir, `stripe-mock-${stripeMockVersion}`)} go install github.com/stripe/stripe-mock@${stripeMockVersion}, or set STRIPE_MOCK_PATH. Stripe tests do not skip.`,
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
