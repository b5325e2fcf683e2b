import { z } from 'zod';
import { date, founderStory, listingProfile, mediaItem, milestone, pageOf, timestamp } from '../catalogue/schemas.js';
import { listingPlans, listingStatuses } from '../domain/listing-status.js';
import { nextStepCodes } from '../domain/publication.js';

/** What the owner operations answer, declared once (see src/catalogue/schemas.ts). */

const badgeGate = z
  .object({
    found: z.boolean(),
    checked_at: timestamp.nullable(),
    next_check_at: timestamp.nullable(),
    looked_at: z.string().nullable().describe('The page the last check read.'),
    detail: z.string().describe('What the last check saw, in words.'),
    embed_html: z
      .string()
      .describe('The standard badge, ready to paste into the homepage: a link to the listing page around its image.'),
  })
  .describe('The badge on the website homepage, linking to the listing page here.');

const founderProfileGate = z
  .object({
    complete: z.boolean(),
    missing: z.array(z.string()).describe('What is still missing, each in words an owner can act on.'),
  })
  .describe('Every founder with name, title and an 80+ character bio; one with an interview answer or a social link.');

export const publication = z.object({
  plan: z.enum(listingPlans),
  launch_week: date.nullable(),
  launched_at: timestamp.nullable(),
  badge: badgeGate.nullable().describe("The free plan's badge gate; null for a paid listing, which has no gates."),
  founder_profile: founderProfileGate.nullable().describe("The free plan's founder-profile gate; null for a paid listing."),
  status_reason: z
    .string()
    .nullable()
    .describe('Why the listing is in its status when a lifecycle put it there (e.g. back to draft after missed weeks).'),
  next_step: z.string().describe('The one thing to do next, in a sentence.'),
  next_step_code: z.enum(nextStepCodes).describe('The same next step as a stable code.'),
});

export const ownerListing = listingProfile.extend({
  status: z.enum(listingStatuses),
  visible: z.boolean().describe('Whether visitors can see it now (scheduled or live).'),
  publication,
  story: founderStory.nullable().describe('The founder story; public only when the story section is unlocked.'),
  milestones: z.array(milestone).describe('Public only when the milestones section is unlocked.'),
  media: z.array(mediaItem).describe('Public only when the media section is unlocked.'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type OwnerListing = z.output<typeof ownerListing>;

export const ownerListingPage = pageOf(ownerListing);

export const listingHistory = z
  .array(
    z.object({
      at: timestamp,
      by_you: z.boolean().describe('Whether the caller made the edit (else a previous owner, or the site team).'),
      via: z.enum(['api_key', 'oauth', 'session']).describe('What the edit came through: an API key, an OAuth app, the website.'),
      client_id: z.string().nullable().describe('The OAuth app, for an edit made through one.'),
      changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    }),
  )
  .describe('The newest 20 edits (update_my_listing) that changed something, newest first, each field before and after.');

export const listingUpdate = z.object({
  id: z.int(),
  listing: z.object({ id: z.int(), slug: z.string(), name: z.string() }),
  title: z.string(),
  body: z.string(),
  posted_at: timestamp,
  url: z.string().describe('Where it is shown: the listing page.'),
  followers_to_tell: z.int().describe('Followers who are mailed about it, once each.'),
  followers_mailed: z.boolean(),
  next_mail_at: timestamp.nullable().describe('When not mailed: when mail resumes.'),
});

export const createdMilestone = milestone;

export const deletedMilestone = z.object({
  id: z.int(),
  listing_id: z.int(),
  deleted: z.literal(true),
});

export const savedStory = z.object({
  listing_id: z.int(),
  story: founderStory,
  public: z.boolean().describe('Shown on the listing now: it is visible and its story section is unlocked.'),
});

export const interviewAnswers = z.object({
  founder: z
    .object({ slug: z.string(), name: z.string(), url: z.string() })
    .nullable()
    .describe('The founder profile the answers are shown on; null until the caller has one.'),
  answers: z.array(z.object({ question_id: z.int(), question: z.string(), answer: z.string(), updated_at: timestamp })),
});

/** get_my_listing: the owner view with the listing's change history and the caller's interview answers. */
export const ownerListingDetail = ownerListing.extend({
  history: listingHistory,
  interview: interviewAnswers.describe("The caller's founder interview (answer_interview), as their founder page shows it."),
});
export type OwnerListingDetail = z.output<typeof ownerListingDetail>;
