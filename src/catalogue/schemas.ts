import { z } from 'zod';
import { launchSections, leaderboards } from '../domain/catalogue-terms.js';
import { comparedFacts } from '../domain/listing-facts.js';
import { discountReasons, type DiscountReason } from '../domain/vote-rules.js';

/**
 * What the public reads answer, declared once: the reads type their rows with these, the registry
 * checks handlers against them, OpenAPI and MCP publish them, and pages use the inferred types.
 */

export const date = z.string().describe('A date, YYYY-MM-DD.');
export const timestamp = z.string().describe('A time in UTC, ISO 8601.');
const url = z.string().describe('An absolute URL.');

/** The envelope of every paginated list (the specification's Pagination). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.int(),
    per_page: z.int(),
    total: z.int().describe('Matches in all pages, exact even past the last page.'),
    total_pages: z.int(),
  });
}

export const categoryRef = z.object({ slug: z.string(), name: z.string() });
export const faq = z.object({ question: z.string(), answer: z.string() });
export const socials = z.record(z.string(), z.string()).describe('Platform key to a profile link.');

export const listingSummary = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  url: url.describe('The listing page on this site.'),
  visit_url: url
    .nullable()
    .describe("The listing's website through this site (a 302 there, counted for its maker); null without a website."),
  tagline: z.string(),
  website_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  primary_category: categoryRef.nullable(),
  country: z.string().nullable(),
  pricing_model: z.string().nullable(),
  stage: z.string().nullable(),
  status: z.string().describe('live, or scheduled for a future launch week.'),
  launch_week: date.nullable(),
  launched_at: timestamp.nullable(),
  votes: z.int().describe('Community votes.'),
  followers: z.int(),
  views: z.int(),
});
export type ListingSummary = z.output<typeof listingSummary>;
/** A summary as PostgreSQL builds it, before the addresses on this site are added. */
export type SummaryRow = Omit<ListingSummary, 'url' | 'visit_url'>;

export const listingPage = pageOf(listingSummary);

const domainRating = z
  .object({
    value: z.number(),
    measured_on: date.nullable(),
    source: z.string(),
    trend: z.object({
      direction: z.enum(['up', 'down', 'flat']),
      change: z.number(),
      points: z.array(z.object({ date, value: z.number() })),
    }),
  })
  .describe('Domain Rating, a third-party metric of the website; not a community signal.');

const communityRating = z
  .object({ average: z.number().nullable(), count: z.int(), rule: z.string() })
  .describe('Genuine reviews only.');

export const founderStory = z.object({
  founder: z.string().nullable(),
  sections: z.record(z.string(), z.string()),
  published_at: timestamp.nullable(),
});

export const milestone = z.object({
  id: z.int(),
  date,
  title: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
});
export const mediaItem = z.object({ kind: z.string(), url: z.string(), caption: z.string().nullable() });

export const voteLedger = z
  .object({
    cast: z.int().describe('Every vote cast and not withdrawn.'),
    counted: z.int().describe("Votes that count: the listing's `votes`, used by leaderboards, trending and awards."),
    discounted: z
      .object(Object.fromEntries(discountReasons.map((r) => [r, z.int()])) as Record<DiscountReason, z.ZodInt>)
      .describe('Votes kept but not counted, by reason; the listing page /votes explains each rule.'),
    reviewed_at: timestamp.nullable().describe('When the vote review last looked at these votes; null before the first pass.'),
  })
  .describe('The public vote ledger; no voter is ever identified.');

export const listingProfile = listingSummary.extend({
  short_description: z.string(),
  description: z.string(),
  headline: z.string().nullable(),
  summary: z.string().nullable(),
  features: z.array(z.string()),
  usps: z.array(z.string()),
  keywords: z.array(z.string()),
  tags: z.array(z.string()),
  pricing: z.object({ model: z.string().nullable(), summary: z.string().nullable() }),
  categories: z.array(categoryRef.extend({ primary: z.boolean() })).describe('The primary category first.'),
  founders: z.array(
    z.object({ slug: z.string(), name: z.string(), title: z.string().nullable(), country: z.string().nullable() }),
  ),
  faqs: z.array(faq),
  socials,
  links: z.object({ website: z.string().nullable(), demo_video: z.string().nullable(), contact_email: z.string().nullable() }),
  city: z.string().nullable(),
  founded_year: z.int().nullable(),
  plan: z.enum(['free', 'paid']),
  latest_updates: z.array(z.object({ title: z.string(), body: z.string(), posted_at: timestamp })),
  awards: z
    .array(z.object({ title: z.string(), week: date, rank: z.int().min(1).max(3) }))
    .describe('Launch of the Week awards won, by community votes only; newest first.'),
  community_rating: communityRating,
  vote_ledger: voteLedger,
  not_found_on_website: z.array(z.string()).describe('Facts the company website did not state, left blank on purpose.'),
  seo: z.object({ title: z.string().nullable(), description: z.string().nullable() }),
  domain_rating: domainRating.nullable(),
  unlocked_sections: z.array(z.enum(['story', 'milestones', 'media'])),
  story: founderStory.nullable().optional().describe('Paid section, present when unlocked.'),
  milestones: z.array(milestone).optional().describe('Paid section, present when unlocked.'),
  media: z.array(mediaItem).optional().describe('Paid section, present when unlocked.'),
});
export type ListingProfile = z.output<typeof listingProfile>;

export const alternatives = z.object({
  listing: z.object({ slug: z.string(), name: z.string() }),
  items: z.array(listingSummary.extend({ approved: z.boolean().describe('Chosen by the listing owner.') })),
});

const listingHeader = z.object({ slug: z.string(), name: z.string(), url });
const factValue = z.union([z.string(), z.number(), z.array(z.string()), communityRating]).nullable();

export const comparison = z.object({
  a: listingHeader,
  b: listingHeader,
  rows: z
    .array(z.object({ fact: z.enum(comparedFacts), a: factValue, b: factValue }))
    .describe('One row per fact; null where a listing does not state it.'),
});

const badgeStyle = z.object({ shape: z.string(), mode: z.string(), size: z.string(), image_url: url });
export const badges = z.object({
  listing: listingHeader,
  badge: badgeStyle.extend({ embed_html: z.string().describe('HTML to paste on the product website.') }),
  styles: z.array(badgeStyle),
});

interface CategoryNodeShape {
  slug: string;
  name: string;
  description: string;
  live_listings: number;
  subcategories: CategoryNodeShape[];
}
const categoryNode: z.ZodType<CategoryNodeShape> = z.lazy(() =>
  z.object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    live_listings: z.int(),
    subcategories: z.array(categoryNode),
  }),
);
export const categoryTree = z.object({ items: z.array(categoryNode) });

export const categoryDetail = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  faqs: z.array(faq),
  parent: categoryRef.nullable(),
  subcategories: z.array(categoryRef.extend({ live_listings: z.int() })),
  listings: listingPage,
});

const rankedSummary = listingSummary.extend({
  rank: z.int().optional().describe('Position by community votes; absent for a future week.'),
});
export const launchWeek = pageOf(rankedSummary).extend({
  week: date,
  starts_on: date,
  ends_on: date,
  state: z.enum(['past', 'current', 'upcoming']),
  open_slots: z
    .object({
      free: z.int().describe('Places left for free-plan launches.'),
      paid: z.int().describe('Places left for paid launches.'),
    })
    .nullable()
    .describe('Launch places left in the week per plan; null for a past week.'),
  ranked_by: z.string(),
});

export const launchFeed = listingPage.extend({ section: z.enum(launchSections) });

export const leaderboard = pageOf(
  z.object({
    rank: z.int(),
    listing: listingSummary,
    metric: z
      .record(z.string(), z.union([z.number(), z.string(), z.null()]))
      .describe('What the board ranks by, e.g. votes or amount_cents.'),
    paid: z.literal(true).optional(),
    label: z.literal('Paid').optional(),
  }),
).extend({
  board: z.enum(leaderboards),
  title: z.string(),
  ranked_by: z.string(),
  paid: z.boolean().describe('True for the billboard: a PAID ranking by money contributed.'),
  notice: z.string().optional(),
  week: date.optional(),
  starts_on: date.optional(),
  ends_on: date.optional(),
});

export const awardsPage = pageOf(
  z.object({ title: z.string(), week: date, rank: z.int(), votes: z.int(), listing: listingSummary }),
);

const founderSummary = z.object({
  slug: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  country: z.string().nullable(),
  avatar_url: z.string().nullable(),
  url,
});
export const foundersPage = pageOf(founderSummary.extend({ listings: z.int().describe('Live listings of this founder.') }));

export const founderProfile = founderSummary.extend({
  bio: z.string().nullable(),
  socials,
  interview: z
    .array(z.object({ question: z.string(), answer: z.string() }))
    .describe('Their answers to the founder interview, in question order.'),
  companies: z.array(listingSummary),
  stories: z.array(
    z.object({
      listing: z.object({ slug: z.string(), name: z.string() }),
      sections: z.record(z.string(), z.string()),
      published_at: timestamp.nullable(),
    }),
  ),
});

const blogPostSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string().nullable(),
  published_at: timestamp,
  url,
});
export const blogPage = pageOf(blogPostSummary);
export const blogPost = blogPostSummary.extend({ markdown: z.string(), faqs: z.array(faq) });

export const interviewQuestions = z.object({
  items: z.array(z.object({ id: z.int(), question: z.string(), position: z.int() })),
});

export const products = z.object({
  items: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      description: z.string(),
      price_cents: z.int().describe('USD cents, VAT excluded; set by the site admin.'),
      currency: z.literal('USD'),
      includes_vat: z.literal(false),
      needs_listing: z.boolean(),
    }),
  ),
});

export const siteInfo = z.object({
  name: z.string(),
  purpose: z.string(),
  site_url: url,
  api_url: url,
  docs_url: url,
  openapi_url: url,
  mcp_url: url,
  counts: z.object({ live_listings: z.int(), categories: z.int() }),
});

export type ListingPage = z.output<typeof listingPage>;
export type Alternatives = z.output<typeof alternatives>;
export type Comparison = z.output<typeof comparison>;
export type Badges = z.output<typeof badges>;
export type CategoryTree = z.output<typeof categoryTree>;
export type CategoryDetail = z.output<typeof categoryDetail>;
export type LaunchWeek = z.output<typeof launchWeek>;
export type LaunchFeed = z.output<typeof launchFeed>;
export type Leaderboard = z.output<typeof leaderboard>;
export type AwardsPage = z.output<typeof awardsPage>;
export type FoundersPage = z.output<typeof foundersPage>;
export type FounderProfile = z.output<typeof founderProfile>;
export type BlogPage = z.output<typeof blogPage>;
export type BlogPost = z.output<typeof blogPost>;
export type InterviewQuestions = z.output<typeof interviewQuestions>;
export type Products = z.output<typeof products>;
export type SiteInfo = z.output<typeof siteInfo>;
