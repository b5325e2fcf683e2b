import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Serves the test websites of test/fixtures/sites (or another folder) on loopback. The site is
 * chosen by the first label of the Host header after an optional `www.` (static.test and
 * www.static.test -> sites/static), so one server holds them all; a test adds custom routes
 * ("host/path") for redirects and failures. Every request is recorded.
 */
export const sitesDir = fileURLToPath(new URL('../fixtures/sites/', import.meta.url));

export interface SiteServerOptions {
  /** The folder holding one folder per site; default test/fixtures/sites. */
  root?: string;
  /** Sites whose bare domain answers every path with a redirect to www, as many real sites do. */
  wwwOnly?: readonly string[];
}

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface SiteServer {
  port: number;
  hits: string[];
  route(hostAndPath: string, handler: Route): void;
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export async function startSiteServer({ root = sitesDir, wwwOnly = [] }: SiteServerOptions = {}): Promise<SiteServer> {
  const hits: string[] = [];
  const routes = new Map<string, Route>();
  const server = createServer(async (req, res) => {
    const host = (req.headers.host ?? '').split(':')[0];
    const path = (req.url ?? '/').split('?')[0];
    hits.push(`${host}${path}`);
    const custom = routes.get(`${host}${path}`);
    if (custom) return custom(req, res);
    const www = host.startsWith('www.');
    const site = host.replace(/^www\./, '').split('.')[0];
    if (!www && wwwOnly.includes(site)) {
      return res.writeHead(301, { location: `http://www.${req.headers.host}${req.url ?? '/'}` }).end();
    }
    const file = normalize(path === '/' ? '/index.html' : extname(path) ? path : `${path}.html`);
    try {
      const body = await readFile(join(root, site, file));
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    route: (key, handler) => routes.set(key, handler),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
