import { createServer } from 'node:http';
import type { Logger } from '../logger.js';
import { metricsRegistry, metricsText } from './metrics.js';

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * `/metrics` in Prometheus text format on a listener of its own (METRICS_HOST:METRICS_PORT),
 * never on the public port: what it tells (traffic, pools, failures) is for the operator's
 * scraper. Anything else there is 404. Port 0 in the config turns it off (undefined).
 */
export async function serveMetrics(at: { host: string; port: number }, log: Logger): Promise<MetricsListener | undefined> {
  if (at.port === 0) return undefined;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    metricsText().then(
      (text) => res.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : at.port;
  const url = `http://${at.host.includes(':') ? `[${at.host}]` : at.host}:${port}/metrics`;
  log.info({ url }, 'metrics listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
