import { z } from 'zod';
import {
  draftDetail as draftDetailOutput,
  draftPage as draftPageOutput,
  invitation as invitationOutput,
  submission as submissionOutput,
} from '../../src/drafts/schemas.js';
import type { DraftEdit } from '../../src/domain/draft-edit.js';
import { findOwnedDraft, listOwnedDrafts } from '../../src/drafts/drafts.js';
import { startDraft } from '../../src/drafts/start.js';
import { draftSummary, draftView } from '../../src/drafts/view.js';
import { updateDraft as applyUpdate } from '../../src/drafts/edits.js';
import { inviteCofounder as sendInvite } from '../../src/drafts/invites.js';
import { submitDraft as saveAsListing } from '../../src/drafts/submit.js';
import { paginationQuery } from './common.js';
import { inviteCofounderBody, submitListingBody, updateDraftBody } from './draft-schemas.js';
import { defineOperation, existingRecord } from './registry.js';

const draftPath = z.object({ id: z.uuid('must be a draft id (UUID)') });

export const submitListing = defineOperation({
  id: 'submit_listing',
  method: 'POST',
  path: '/drafts',
  tag: 'Drafts',
  summary: 'Submit a product by its website URL; an AI drafts the listing',
  description:
    'Starts a draft: the service reads the website (respecting robots.txt) and drafts a profile where every value quotes the site; facts the site does not state stay blank (not_found). Returns the draft with status crawling at once; poll get_draft every few seconds until it is ready (about a minute) or failed (with the reason). Nothing is published and nothing is charged. One listing per registrable domain: when the domain already has a public listing the answer is 409 already_listed naming its slug and claim link (claim it instead); when the caller already has an open draft (building or ready, not submitted) of the same domain, that draft is returned with 200 instead of a second one. Send an Idempotency-Key to make retries safe.',
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 201,
  existingAnswer: "The caller's open draft of the same registrable domain, returned instead of a second one.",
  refusals: { 409: 'the domain already has a public listing (already_listed: the problem names its slug and claim link)' },
  input: { body: submitListingBody },
  output: draftDetailOutput,
  reaches: ['web', 'ai'],
  async handler({ body }, { deps, em, site, principal }) {
    const { draft, existing } = await startDraft(deps, em, { ownerId: principal!.userId, siteId: site.id }, body.url);
    return existing ? existingRecord(draftView(draft)) : draftView(draft);
  },
});

export const listMyDrafts = defineOperation({
  id: 'list_my_drafts',
  method: 'GET',
  path: '/drafts',
  tag: 'Drafts',
  summary: "The caller's drafts, newest first",
  description:
    "Lists the caller's drafts, newest first, each with its status (crawling, drafting, ready, failed), build progress, completeness and what is still missing. Free and read-only.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { query: paginationQuery },
  output: draftPageOutput,
  async handler({ query }, { em, principal }) {
    const page = await listOwnedDrafts(em, principal!.userId, query.page, query.per_page);
    return { ...page, items: page.items.map(draftSummary) };
  },
});

export const getDraft = defineOperation({
  id: 'get_draft',
  method: 'GET',
  path: '/drafts/{id}',
  tag: 'Drafts',
  summary: 'One draft with every field, its state and evidence',
  description:
    "Returns a draft: status and progress (pages fetched and planned, fields found), every profile field with its value, state (ai, not_found, edited, manual, override, deleted), evidence quotes from the website and the AI's original value, plus FAQs, founders, socials, story, milestones, SEO, completeness and missing. While status is crawling or drafting, poll again in a few seconds. 404 when the caller has no such draft.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { path: draftPath },
  output: draftDetailOutput,
  async handler({ path }, { em, principal }) {
    return draftView(await findOwnedDraft(em, principal!.userId, path.id));
  },
});

export const updateDraft = defineOperation({
  id: 'update_draft',
  method: 'PATCH',
  path: '/drafts/{id}',
  tag: 'Drafts',
  summary: 'Edit a draft: fields, locks, AI redrafts, FAQs, founders, socials, story, milestones, SEO',
  description:
    'Changes only the parts sent. fields: set a value (state edited, or manual when the AI found none) or null to remove it (deleted). lock_fields: protect fields from AI redrafts (override). regenerate (max 5): the AI redrafts those fields from the website\'s evidence and the response carries the result (locked fields are skipped). restore: back to the AI\'s original. faqs (max 10), company_socials, founder_socials, founders (max 6), story, milestones (max 50) and seo replace what was there; competitor_url "" clears it. regenerate and restore need a ready draft (409 draft_not_ready). When the draft was submitted, the listing is updated too. Returns the updated draft.',
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 200,
  input: { path: draftPath, body: updateDraftBody },
  output: draftDetailOutput,
  reaches: ['ai'],
  async handler({ path, body }, { deps, em, site, principal }) {
    const draft = await applyUpdate(deps, em, { ownerId: principal!.userId, siteId: site.id }, path.id, body as DraftEdit);
    return draftView(draft);
  },
});

export const inviteCofounder = defineOperation({
  id: 'invite_cofounder',
  method: 'POST',
  path: '/drafts/{id}/invites',
  tag: 'Drafts',
  summary: 'Email a co-founder an invite to the draft',
  description:
    'Sends an email invite for the draft to a co-founder. Up to 10 addresses per draft; inviting an address again resends the mail without using another invite; an 11th address is 409 conflict. One address gets at most 5 invite mails a day by default (from every draft together): more is 429 rate_limited, nothing sent. 404 when the caller has no such draft.',
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 201,
  input: { path: draftPath, body: inviteCofounderBody },
  output: invitationOutput,
  reaches: ['mail'],
  async handler({ path, body }, { deps, em, site, principal }) {
    const result = await sendInvite(em, deps.mailer, {
      ownerId: principal!.userId,
      inviterEmail: principal!.email,
      draftId: path.id,
      email: body.email,
      siteName: site.name,
      publicUrl: deps.config.publicUrl,
      mailsPerAddressPerDay: deps.config.inviteMailsPerAddressPerDay,
    });
    return {
      draft_id: path.id,
      invite: { ...result.invite, status: 'sent' as const },
      invites_used: result.invites_used,
      invites_left: result.invites_left,
    };
  },
});

export const submitDraft = defineOperation({
  id: 'submit_draft',
  method: 'POST',
  path: '/drafts/{id}/submit',
  tag: 'Drafts',
  summary: "Save a ready draft as the caller's listing (not published)",
  description:
    "Saves the draft as the caller's listing, status draft (not published, nothing charged); the response carries listing_id. Running it again, or editing a submitted draft, updates that listing. 409 draft_not_ready unless ready; 409 already_listed while another listing is public on its domain. Next: choose_free_listing, or a paid launch through create_checkout.",
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 200,
  refusals: {
    409: 'the draft is not ready (draft_not_ready), or another listing is public on its domain (already_listed: the problem names its slug and claim link)',
  },
  input: { path: draftPath },
  output: submissionOutput,
  async handler({ path }, { deps, em, principal }) {
    const { draft, listing } = await saveAsListing(em, deps.config.publicUrl, principal!.userId, path.id);
    return { listing_id: listing.id, listing, draft: draftView(draft) };
  },
});

export const draftOperations = [submitListing, listMyDrafts, getDraft, updateDraft, inviteCofounder, submitDraft];
