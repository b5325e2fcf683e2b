import { z } from 'zod';
import { editableListingFieldNames, requiredTextFields, type EditableListingField } from '../../src/domain/listing-edit.js';
import { nonBlankText, webUrl } from './common.js';
import { faqInput, milestoneInput, socialsInput, storySections } from './draft-schemas.js';

/** The request bodies of the owner listing operations, with the specification's bounds to the letter. */

const text = (max: number) => nonBlankText(max);
const list = z.array(nonBlankText(200, 'items must not be blank')).max(20).describe('At most 20 items of 200 characters.');
const editable: Record<EditableListingField, z.ZodType> = {
  tagline: text(200),
  short_description: text(300),
  description: text(20000),
  pricing_model: text(40),
  pricing_summary: text(300),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be two letters (ISO 3166-1 alpha-2)')
    .transform((code) => code.toUpperCase()),
  city: text(120),
  founded_year: z.int().min(1800).max(2100),
  demo_video_url: webUrl(500, 'http(s)'),
  contact_email: z.email('must be an email address').max(254),
  features: list,
  usps: list,
  keywords: list,
  headline: text(200),
  summary: text(20000),
  seo_title: text(200),
  seo_description: text(320),
};

const required = new Set<string>(requiredTextFields);
const fieldsShape = Object.fromEntries(
  editableListingFieldNames.map((name) => [name, (required.has(name) ? editable[name] : editable[name].nullable()).optional()]),
);

export const updateMyListingBody = z.strictObject({
  fields: z
    .strictObject(fieldsShape)
    .optional()
    .describe('Fields to set; null clears an optional one (tagline, short_description and description cannot be cleared).'),
  apply_to: z
    .array(z.string().min(1).max(40))
    .max(60)
    .optional()
    .describe(
      'Also write the headline, summary, seo_title and seo_description changed in this call to the same company\'s listings on other sites: ["all"] or site keys. Default: this listing only.',
    ),
  socials: socialsInput.optional(),
  faqs: z.array(faqInput).max(10).optional().describe('FAQs, max 10; replaces all.'),
});

export const listingUpdateBody = z.strictObject({
  title: text(200).describe('Required, max 200 characters.'),
  body: text(5000).describe('Plain text, required, max 5000 characters.'),
});

export const milestoneBody = milestoneInput;

const storyShape = Object.fromEntries(
  storySections.map((section) => [
    section,
    z
      .string()
      .max(section === 'title' ? 200 : 8000)
      .optional(),
  ]),
);
export const founderStoryBody = z
  .strictObject(storyShape)
  .describe(
    'Story sections to set (title max 200, each other section max 8000); sections not sent stay as they are; "" clears one.',
  );

export const interviewBody = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        question_id: z.int().min(1).max(2_147_483_647),
        answer: nonBlankText(4000),
      }),
    )
    .max(30)
    .describe('Answers to questions of list_interview_questions, max 30; answering a question again replaces the answer.'),
});
