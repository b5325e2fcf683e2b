import { loadConfig, type CrawlConfig, type Env } from '../../src/config.js';
import { startTestDns, type TestDns } from './dns-server.js';
import { startSiteServer, type SiteServer, type SiteServerOptions } from './site-server.js';

/** The outside world a crawl test needs: a DNS server and the test websites, both on loopback. */
export interface CrawlWorld {
  dns: TestDns;
  sites: SiteServer;
  /** http://<site>.test:<port>/ ; the name resolves to 127.0.0.1 through the test DNS server. */
  urlOf(site: string, path?: string): string;
  /**
   * http://<site>.d<n>.test:<port>/ : the same test site on a registrable domain of its own
   * (d<n>.test), for a test that needs a new draft of it (one open draft per domain and person).
   */
  freshUrlOf(site: string, path?: string): string;
  crawlConfig(env?: Partial<Record<keyof Env, string>>): CrawlConfig;
  close(): Promise<void>;
}

export const testSites = ['static', 'jsrender', 'robots', 'jsonld', 'closed'] as const;

/** The test sites by default; the drafting corpus passes its own folder, site names and www-only sites. */
export async function startCrawlWorld(options: SiteServerOptions & { siteNames?: readonly string[] } = {}): Promise<CrawlWorld> {
  const dns = await startTestDns();
  const sites = await startSiteServer(options);
  for (const site of options.siteNames ?? testSites) {
    dns.set(`${site}.test`, ['127.0.0.1']);
    dns.set(`www.${site}.test`, ['127.0.0.1']);
  }
  let domains = 0;
  return {
    dns,
    sites,
    urlOf: (site, path = '/') => `http://${site}.test:${sites.port}${path}`,
    freshUrlOf: (site, path = '/') => {
      const host = `${site}.d${++domains}.test`;
      dns.set(host, ['127.0.0.1']);
      return `http://${host}:${sites.port}${path}`;
    },
    crawlConfig: (env = {}) =>
      loadConfig({ CRAWL_ALLOW_LOOPBACK: 'true', CRAWL_DNS_SERVER: dns.server, CRAWL_REQUEST_TIMEOUT_MS: '5000', ...env }).crawl,
    close: async () => {
      await sites.close();
      await dns.close();
    },
  };
}
