export { createCrawler } from './crawler.js';
export type {
  Crawler,
  CrawlRequest,
  CrawlOutcome,
  CrawlProgress,
  CrawlFailure,
  CrawlFailureReason,
  CrawledPage,
} from './types.js';
