import * as cheerio from 'cheerio';
import type { Config } from '../config.js';
import { fetchPolicyFor, guardedFetch, parseHttpUrl, type FetchedResponse, type FetchPolicy } from '../crawl/guarded-fetch.js';
import { loadRobots, type RobotsRules } from '../crawl/robots.js';
import { CrawlError } from '../crawl/types.js';
import { createTxtLookup, DnsLookupError, type TxtLookup } from '../dns/index.js';
import {
  bareDomain,
  fileUrlOf,
  isOnListingSite,
  judgeProof,
  verificationName,
  type ClaimCheckOutcome,
  type ClaimMethod,
} from '../domain/claims.js';
import { registrableDomain } from '../domain/registrable-domain.js';

/** What a check needs to know about a claim and its listing. */
export interface ProofRequest {
  method: ClaimMethod;
  domain: string;
  homepage: string;
  token: string;
  email: string | null;
  linkSent: boolean;
  linkConfirmed: boolean;
}

export type ProofCheck = (request: ProofRequest) => Promise<ClaimCheckOutcome>;

/**
 * Looks for a claim's proof where its method puts it: the DNS adapter for TXT records, the guarded
 * crawler (SSRF guard, robots.txt, limits) for the meta tag and the file, the claim row for email.
 */
export function createProofCheck(config: Config): ProofCheck {
  const txt = createTxtLookup(config.dns.server, config.dns.timeoutMs);
  const policy = fetchPolicyFor(config.crawl);
  return async (request) => {
    try {
      switch (request.method) {
        case 'dns':
          return await checkTxt(txt, request);
        case 'meta':
          return await checkMeta(policy, request);
        case 'file':
          return await checkFile(policy, request);
        case 'email':
          return checkEmail(request);
      }
    } catch (error) {
      if (error instanceof CrawlError || error instanceof DnsLookupError) return { finding: 'error', result: error.message };
      throw error;
    }
  };
}

async function checkTxt(txt: TxtLookup, request: ProofRequest): Promise<ClaimCheckOutcome> {
  const domain = bareDomain(request.domain);
  const prefix = `${verificationName}=`;
  const values = (await txt(domain)).filter((value) => value.startsWith(prefix)).map((value) => value.slice(prefix.length));
  const finding = judgeProof(values, request.token);
  const words = {
    match: `TXT record ${prefix}${request.token} found on ${domain}`,
    other: `TXT record ${prefix}... found on ${domain} with a different token`,
    absent: `TXT record not found on ${domain}`,
  } as const;
  return { finding, result: words[finding as keyof typeof words] };
}

async function checkMeta(policy: FetchPolicy, request: ProofRequest): Promise<ClaimCheckOutcome> {
  const response = await fetchWithinDomain(request.homepage, request.domain, policy);
  if (response.status >= 400)
    return { finding: 'error', result: `The homepage ${response.url} answered HTTP ${response.status}` };
  const $ = cheerio.load(response.body.toString('utf8'));
  const values = $('meta[name]')
    .toArray()
    .filter((tag) => $(tag).attr('name')?.trim().toLowerCase() === verificationName)
    .map((tag) => $(tag).attr('content') ?? '');
  const finding = judgeProof(values, request.token);
  const words = {
    match: `meta tag found on ${response.url}`,
    other: `meta tag found on ${response.url} with a different token`,
    absent: `meta tag not found on ${response.url}`,
  } as const;
  return { finding, result: words[finding as keyof typeof words] };
}

async function checkFile(policy: FetchPolicy, request: ProofRequest): Promise<ClaimCheckOutcome> {
  const response = await fetchWithinDomain(fileUrlOf(request.homepage), request.domain, policy);
  if (response.status === 404 || response.status === 410)
    return { finding: 'absent', result: `file not found at ${response.url} (HTTP ${response.status})` };
  if (response.status >= 400) return { finding: 'error', result: `${response.url} answered HTTP ${response.status}` };
  const content = response.body.toString('utf8').trim();
  // Many sites answer every path with their HTML app: that is no file, not a file with another token.
  if (/^\s*</.test(content) || /html/i.test(response.headers['content-type'] ?? ''))
    return { finding: 'absent', result: `file not found at ${response.url} (the site answered with an HTML page)` };
  const finding = judgeProof(content ? [content] : [], request.token);
  const words = {
    match: `file found at ${response.url} with the token`,
    other: `file found at ${response.url} with a different token`,
    absent: `file found at ${response.url} but it is empty`,
  } as const;
  return { finding, result: words[finding as keyof typeof words] };
}

function checkEmail(request: ProofRequest): ClaimCheckOutcome {
  if (request.linkConfirmed) return { finding: 'match', result: `link confirmed by ${request.email}` };
  if (!request.linkSent) return { finding: 'absent', result: `link to ${request.email} not mailed yet` };
  return { finding: 'absent', result: `waiting for the link mailed to ${request.email} to be confirmed` };
}

/**
 * Reads one URL under the crawler's rules, following redirects by hand so that each hop stays
 * on the listing's site (its registrable domain): proof served from somewhere else proves nothing.
 */
async function fetchWithinDomain(url: string, domain: string, policy: FetchPolicy): Promise<FetchedResponse> {
  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  let current = parseHttpUrl(url);
  for (let hop = 0; ; hop++) {
    if (!isOnListingSite(current.hostname, domain)) {
      const site = registrableDomain(bareDomain(domain));
      throw new CrawlError(
        'off_site',
        hop
          ? `redirected to another site: ${current.hostname} (the proof must be on ${site})`
          : `${current.hostname} is not on ${site}, where the proof must be`,
      );
    }
    if (!robotsByOrigin.has(current.origin)) {
      robotsByOrigin.set(
        current.origin,
        loadRobots(current.origin, policy.userAgent, (u) => guardedFetch(u, policy)),
      );
    }
    if (!(await robotsByOrigin.get(current.origin)!).allows(current.href)) {
      throw new CrawlError(
        'robots_forbidden',
        `robots.txt of ${current.origin} forbids ${policy.userAgent} to read ${current.href}`,
      );
    }
    const response = await guardedFetch(current.href, policy, { followRedirects: false });
    const location = response.headers.location;
    if (!location || response.status < 300 || response.status > 399 || response.status === 304) return response;
    if (hop >= policy.maxRedirects)
      throw new CrawlError('too_many_redirects', `${url} redirected more than ${policy.maxRedirects} times`);
    current = parseHttpUrl(new URL(location, current).href);
  }
}
