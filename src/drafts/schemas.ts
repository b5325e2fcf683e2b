import { z } from 'zod';
import { draftFieldNames } from '../domain/draft-fields.js';
import { draftStatuses } from '../domain/draft-build.js';

/** What the draft operations answer, declared once (see src/catalogue/schemas.ts). */

const timestamp = z.string().describe('A time in UTC, ISO 8601.');
const evidence = z.array(
  z.object({ quote: z.string().describe('Exact words from the website.'), url: z.string().describe('The page quoted.') }),
);
const fieldValue = z.union([z.string(), z.array(z.string())]).nullable();

const draftField = z.object({
  value: fieldValue,
  state: z.enum(['ai', 'not_found', 'edited', 'manual', 'override', 'deleted']),
  evidence,
  ai_original: fieldValue.describe('What the AI drafted last; null before it drafted this field.'),
});

export const draftSummary = z.object({
  id: z.uuid(),
  url: z.string().describe('The product website.'),
  name: z.string().nullable(),
  status: z.enum(draftStatuses),
  failure: z.object({ reason: z.string().nullable(), message: z.string().nullable() }).nullable(),
  progress: z.object({ pages_fetched: z.int(), pages_planned: z.int(), fields_found: z.int() }),
  completeness: z.int().describe('Percentage of the profile filled, 0 to 100.'),
  missing: z.array(z.string()).describe('What is still empty.'),
  listing_id: z.int().nullable().describe('Set once the draft was submitted.'),
  created_at: timestamp,
  updated_at: timestamp,
});

export const draftPage = z.object({
  items: z.array(draftSummary),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
  total_pages: z.int(),
});

const socials = z.record(z.string(), z.string());

export const draftDetail = draftSummary.extend({
  fields: z.object(Object.fromEntries(draftFieldNames.map((name) => [name, draftField]))),
  faqs: z.array(z.object({ question: z.string(), answer: z.string(), evidence: evidence.optional() })),
  company_socials: socials,
  founder_socials: socials,
  founders: z.array(z.object({ name: z.string(), title: z.string().optional(), bio: z.string().optional() })),
  story: z.record(z.string(), z.string()),
  milestones: z.array(
    z.object({ date: z.string(), title: z.string(), description: z.string().optional(), url: z.string().optional() }),
  ),
  competitor_url: z.string().nullable(),
  seo: z.object({ title: z.string().optional(), meta: z.string().optional() }),
});

export const invitation = z.object({
  draft_id: z.uuid(),
  invite: z.object({ id: z.int(), email: z.string(), created_at: timestamp, sent_at: timestamp, status: z.literal('sent') }),
  invites_used: z.int(),
  invites_left: z.int(),
});

export const submission = z.object({
  listing_id: z.int(),
  listing: z.object({ id: z.int(), slug: z.string(), status: z.string() }),
  draft: draftDetail,
});

export type DraftSummary = z.output<typeof draftSummary>;
export type DraftDetail = z.output<typeof draftDetail>;
