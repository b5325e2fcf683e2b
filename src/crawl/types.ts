import type { PageEvidence } from '../domain/evidence-text.js';

/** Why a request or a whole crawl failed; stable words a draft can show its owner. */
export type CrawlFailureReason =
  | 'invalid_url'
  | 'refused_address'
  | 'dns_error'
  | 'connection_error'
  | 'timeout'
  | 'http_error'
  | 'not_html'
  | 'too_many_redirects'
  | 'robots_forbidden'
  | 'off_site';

export class CrawlError extends Error {
  constructor(
    readonly reason: CrawlFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'CrawlError';
  }
}

/** One page as read: plain JSON, so an activity can return or store it. */
export interface CrawledPage extends PageEvidence {
  /** Final URL after redirects; quotes cite this. */
  url: string;
  status: number;
  renderedWithBrowser: boolean;
  description: string | null;
  /** Headings, paragraphs, list items and table rows in page order: what the rules drafter reads. */
  blocks: PageBlock[];
  socials: Record<string, string>;
}

export interface PageBlock {
  tag: string;
  text: string;
  /** A table row's cells in order, so a table can be read by rows and columns. */
  cells?: string[];
  /** Inside a quotation, testimonial, review or case study: someone else's words, not the site's own facts. */
  quoted?: true;
}

export interface CrawlRequest {
  url: string;
}

export interface CrawlProgress {
  pagesFetched: number;
  pagesPlanned: number;
}

export interface CrawlFailure {
  reason: CrawlFailureReason;
  message: string;
  url: string;
}

export type CrawlOutcome =
  { ok: true; startUrl: string; pages: CrawledPage[]; skipped: CrawlFailure[] } | { ok: false; failure: CrawlFailure };

export interface Crawler {
  crawl(request: CrawlRequest, onProgress?: (progress: CrawlProgress) => void | Promise<void>): Promise<CrawlOutcome>;
}
