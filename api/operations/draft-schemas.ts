import { z } from 'zod';
import { draftBounds, draftFieldNames, isListField, maxCharsOf, type ScalarDraftField } from '../../src/domain/draft-fields.js';
import { draftLimits } from '../../src/domain/draft-build.js';
import { editConflicts } from '../../src/domain/draft-edit.js';
import { socialPlatforms } from '../../src/domain/socials.js';
import { emailAddress, nonBlankText, webUrl, websiteOrDomain } from './common.js';

/** The request bodies of the draft operations, with the spec's bounds (Draft, Sub-records, update_draft). */

const blankMessage = 'must not be blank; send null to remove the field';

const scalar = (field: ScalarDraftField) => {
  if (field === 'country')
    return z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')
      .transform((c) => c.toUpperCase());
  return nonBlankText(maxCharsOf(field), blankMessage);
};

const list = z.array(nonBlankText(draftBounds.listItemChars, 'items must not be blank')).max(draftBounds.listItems);

export const draftFieldName = z.enum(draftFieldNames as [string, ...string[]]);

const fieldsShape = Object.fromEntries(
  draftFieldNames.map((name) => [name, (isListField(name) ? list : scalar(name)).nullable().optional()]),
);

export const faqInput = z.strictObject({
  question: z.string().min(1).max(draftBounds.faqQuestionChars),
  answer: z.string().min(1).max(draftBounds.faqAnswerChars),
});

export const socialsInput = z
  .partialRecord(z.enum(socialPlatforms), z.string().min(1).max(draftBounds.socialUrlChars))
  .describe(`Platform key (${socialPlatforms.join(', ')}) to a profile link, max 500 characters. Replaces all.`);

const founder = z.strictObject({
  name: z.string().min(1).max(160),
  title: z.string().max(160).optional(),
  bio: z.string().max(3000).optional(),
});

export const storySections = [
  'title',
  'story',
  'why_started',
  'problem',
  'journey',
  'challenges',
  'achievements',
  'lessons',
  'whats_next',
] as const;
const story = z.strictObject(Object.fromEntries(storySections.map((s) => [s, z.string().max(8000).optional()])));

export const isoDate = z.iso.date('must be a date YYYY-MM-DD');
export const milestoneInput = z.strictObject({
  date: isoDate,
  title: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  url: webUrl(500, 'https').optional(),
});

const competitorUrl = z.union([z.literal(''), webUrl(2048, 'http(s)')]);

export const submitListingBody = z.strictObject({
  url: websiteOrDomain(2048).describe('The product website: an http(s) URL or a bare domain (taken as https).'),
});

/** The profile fields update_draft sets: a list field takes an array of lines, the others one text. */
export const draftFieldsInput = z.strictObject(fieldsShape);

export const updateDraftBody = z
  .strictObject({
    fields: draftFieldsInput
      .optional()
      .describe(
        'Profile fields to set (a typed value: state edited, or manual when the AI had none) or remove (null: state deleted).',
      ),
    lock_fields: z
      .array(draftFieldName)
      .max(draftLimits.lockFields)
      .optional()
      .describe('Fields to lock against AI redrafts (state override).'),
    regenerate: z
      .array(draftFieldName)
      .max(draftLimits.regenerate)
      .optional()
      .describe('Fields the AI redrafts from the website (max 5; locked fields are skipped). Needs a ready draft.'),
    restore: z
      .array(draftFieldName)
      .max(draftLimits.restore)
      .optional()
      .describe("Fields that return to the AI's original value (lifts a lock). Needs a ready draft."),
    faqs: z.array(faqInput).max(draftLimits.faqs).optional().describe('FAQs, max 10; replaces all.'),
    company_socials: socialsInput.optional(),
    founder_socials: socialsInput.optional(),
    founders: z.array(founder).max(draftLimits.founders).optional().describe('Founders, max 6; replaces all.'),
    story: story.optional().describe('Founder story sections, each max 8000 characters; replaces the whole story.'),
    milestones: z.array(milestoneInput).max(draftLimits.milestones).optional().describe('Milestones, max 50; replaces all.'),
    competitor_url: competitorUrl.optional().describe('A competitor website; "" clears it.'),
    seo: z
      .strictObject({ title: z.string().max(70).optional(), meta: z.string().max(170).optional() })
      .optional()
      .describe('SEO title (max 70) and meta description (max 170); replaces both.'),
  })
  .superRefine((edit, ctx) => {
    for (const conflict of editConflicts(edit as never))
      ctx.addIssue({ code: 'custom', path: conflict.path.split('.').slice(1), message: conflict.message });
  });

export const inviteCofounderBody = z.strictObject({
  email: emailAddress('must be an email address'),
});
