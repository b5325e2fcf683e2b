import http from 'node:http';
import type { CrawlConfig } from '../config.js';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIpLiteral, judgeAddress } from '../domain/address-policy.js';
import { createResolver, type HostResolver, type ResolvedAddress } from './resolver.js';
import { CrawlError } from './types.js';

/**
 * HTTP(S) requests that can only reach public addresses. Each hop resolves its host once,
 * refuses the name if any of its addresses is not allowed, and connects to exactly the address
 * it checked (a custom `lookup` on the request), so DNS rebinding between check and connect is
 * impossible. Redirects are followed by hand, each one checked the same way.
 */
export interface FetchPolicy {
  resolver: HostResolver;
  allowLoopback: boolean;
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** The crawler's rules as a fetch policy: its resolver, loopback permission and limits. */
export function fetchPolicyFor(config: CrawlConfig): FetchPolicy {
  return {
    resolver: createResolver(config.dnsServer, config.requestTimeoutMs),
    allowLoopback: config.allowLoopback,
    userAgent: config.userAgent,
    timeoutMs: config.requestTimeoutMs,
    maxBytes: config.maxPageBytes,
    maxRedirects: config.maxRedirects,
  };
}

export interface FetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** false: return a 3xx as it is (the browser follows it through the guard again). */
  followRedirects?: boolean;
}

export interface FetchedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
}

export async function guardedFetch(url: string, policy: FetchPolicy, options: FetchOptions = {}): Promise<FetchedResponse> {
  let current = parseHttpUrl(url);
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(current, policy, options);
    const location = response.headers.location;
    if (
      options.followRedirects === false ||
      !location ||
      response.status < 300 ||
      response.status > 399 ||
      response.status === 304
    ) {
      return response;
    }
    if (hop >= policy.maxRedirects) {
      throw new CrawlError('too_many_redirects', `${url} redirected more than ${policy.maxRedirects} times`);
    }
    current = parseHttpUrl(new URL(location, current).href);
  }
}

export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CrawlError('invalid_url', `${text} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CrawlError('invalid_url', `${text} is not an http(s) URL`);
  if (url.username || url.password) throw new CrawlError('invalid_url', `${text} carries credentials`);
  return url;
}

async function checkedAddress(hostname: string, policy: FetchPolicy): Promise<ResolvedAddress> {
  const addresses = await policy.resolver(hostname);
  for (const { address } of addresses) {
    const verdict = judgeAddress(address, policy);
    if (!verdict.allowed) throw new CrawlError('refused_address', `${hostname} resolves to a refused address: ${verdict.reason}`);
  }
  return addresses[0];
}

function requestOnce(target: URL, policy: FetchPolicy, options: FetchOptions): Promise<FetchedResponse> {
  if (isIpLiteral(target.hostname)) {
    const verdict = judgeAddress(target.hostname, policy);
    if (!verdict.allowed) return Promise.reject(new CrawlError('refused_address', `${target.href} refused: ${verdict.reason}`));
  }
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    checkedAddress(hostname, policy).then(
      (a) => (lookupOptions.all ? callback(null, [a]) : callback(null, a.address, a.family)),
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: { 'user-agent': policy.userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...options.headers },
        lookup,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const finish = () => {
          clearTimeout(deadline);
          resolve({
            url: target.href,
            status: response.statusCode ?? 0,
            headers: flatHeaders(response.headers),
            body: Buffer.concat(chunks),
            truncated,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = policy.maxBytes - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          if (size >= policy.maxBytes) {
            truncated = true;
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => reject(asCrawlError(error, target)));
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new CrawlError('timeout', `${target.href} did not answer within ${policy.timeoutMs} ms`)),
      policy.timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(asCrawlError(error, target));
    });
    request.end(options.body);
  });
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function asCrawlError(error: unknown, target: URL): CrawlError {
  if (error instanceof CrawlError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return new CrawlError('timeout', `${target.href} timed out`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new CrawlError('dns_error', `${target.hostname} could not be resolved (${code})`);
  return new CrawlError('connection_error', `${target.href} could not be reached (${code || (error as Error).message})`);
}
