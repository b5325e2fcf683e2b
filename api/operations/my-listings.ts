import { z } from 'zod';
import {
  createdMilestone,
  deletedMilestone,
  interviewAnswers,
  listingUpdate,
  ownerListing,
  ownerListingDetail,
  ownerListingPage,
  savedStory,
} from '../../src/listings/schemas.js';
import { getOwnedListing, listOwnedListings } from '../../src/listings/owner-view.js';
import { ownedListingWithHistory } from '../../src/listings/revisions.js';
import { updateOwnedListing } from '../../src/listings/edit.js';
import { postListingUpdate } from '../../src/listings/updates.js';
import { startUpdateNotice } from '../../src/listings/lifecycle.js';
import { addMilestone as saveMilestone, deleteMilestone as removeMilestone } from '../../src/listings/milestones.js';
import { setFounderStory as saveStory } from '../../src/listings/story.js';
import { answerInterview as saveAnswers } from '../../src/founders/interview.js';
import { paginationQuery } from './common.js';
import { founderStoryBody, interviewBody, listingUpdateBody, milestoneBody, updateMyListingBody } from './listing-schemas.js';
import { defineOperation } from './registry.js';

const rowId = (what: string) =>
  z.coerce
    .number(`must be a ${what} id (a positive integer)`)
    .int(`must be a ${what} id (a positive integer)`)
    .min(1)
    .max(2_147_483_647);
export const listingPath = z.object({ listing_id: rowId('listing') });
const milestonePath = listingPath.extend({ milestone_id: rowId('milestone') });

export const listMyListings = defineOperation({
  id: 'list_my_listings',
  method: 'GET',
  path: '/me/listings',
  tag: 'My listings',
  summary: 'Every listing the caller owns, any status, newest first',
  description:
    "Lists the caller's listings in every status (draft, awaiting_badge, scheduled, live, rejected, archived), newest first, each as the owner view: the public profile plus status, plan, launch week, unlocked sections and publication (the free plan's gates and the next step). Free and read-only.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { query: paginationQuery },
  output: ownerListingPage,
  async handler({ query }, { deps, em, principal }) {
    return listOwnedListings(em, deps.config.publicUrl, principal!.userId, query.page, query.per_page);
  },
});

export const getMyListing = defineOperation({
  id: 'get_my_listing',
  method: 'GET',
  path: '/me/listings/{listing_id}',
  tag: 'My listings',
  summary: "The owner view of one of the caller's listings",
  description:
    "Returns one of the caller's listings as its owner sees it: everything public, plus status, plan, launch_week, launched_at, unlocked_sections, the founder story, milestones and media (public only when unlocked), and publication: for a free listing the badge gate (found, when checked, when checked next, where it looked) and the founder-profile gate (complete, what is missing), and next_step, one sentence saying what to do next; history, the newest 20 edits that changed something (when, whether by the caller, through what, each field before and after); and interview, the caller's founder interview answers (answer_interview). 404 when the caller owns no such listing.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { path: listingPath },
  output: ownerListingDetail,
  async handler({ path }, { deps, em, site, principal }) {
    return ownedListingWithHistory(em, site.id, deps.config.publicUrl, principal!.userId, path.listing_id);
  },
});

export const updateMyListing = defineOperation({
  id: 'update_my_listing',
  method: 'PATCH',
  path: '/me/listings/{listing_id}',
  tag: 'My listings',
  summary: 'Edit a listing: fields, socials, FAQs; published at once, with history',
  description:
    'Changes only what is sent: fields (tagline, short_description, description, pricing_model, pricing_summary, country, city, founded_year, demo_video_url, contact_email, features, usps, keywords, headline, summary, seo_title, seo_description; null clears an optional one), socials (replaces all) and faqs (max 10, replaces all). Edits publish at once: the public profile changes with the next read. Every call is kept as a revision (before and after) that the site team can see. apply_to ["all"] or site keys also writes the headline, summary and SEO fields changed in this call to the same company\'s listings on those sites; applied_to says where they went. Returns the owner view. 404 when the caller owns no such listing.',
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 200,
  input: { path: listingPath, body: updateMyListingBody },
  output: ownerListing.extend({
    applied_to: z
      .array(z.object({ site: z.string(), listing_id: z.int(), slug: z.string(), fields: z.array(z.string()) }))
      .describe('The listings on other sites that apply_to wrote to, with the fields each received.'),
  }),
  async handler({ path, body }, { deps, em, site, principal, requestId }) {
    const applied = await updateOwnedListing(em, site, path.listing_id, body, {
      userId: principal!.userId,
      credential: principal!.via,
      clientId: principal!.clientId,
      requestId,
    });
    return { ...(await getOwnedListing(em, deps.config.publicUrl, principal!.userId, path.listing_id)), applied_to: applied };
  },
});

export const postListingUpdateOperation = defineOperation({
  id: 'post_listing_update',
  method: 'POST',
  path: '/me/listings/{listing_id}/updates',
  tag: 'My listings',
  summary: 'Post news on a listing; its followers are told by mail',
  description:
    "Posts an update (title max 200, plain-text body max 5000) on one of the caller's listings, shown at once on it and in the latest-updates feed (/updates, /updates.atom). Followers are mailed once each, about at most 1 update per listing a day (configurable); later ones are shown, not mailed (followers_mailed false). 201; 404 when the caller owns no such listing.",
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 201,
  input: { path: listingPath, body: listingUpdateBody },
  output: listingUpdate,
  reaches: ['mail'],
  async handler({ path, body, idempotencyKey }, { deps, em, principal }) {
    const { publicUrl, updateMailsPerListingPerDay: mailsPerDay } = deps.config;
    const posted = await postListingUpdate(em, publicUrl, mailsPerDay, principal!.userId, path.listing_id, body, idempotencyKey);
    if (posted.followers_mailed) {
      await startUpdateNotice(deps.temporal, {
        id: posted.id,
        listingId: posted.listing.id,
        ownerId: principal!.userId,
      });
    }
    return posted;
  },
});

export const addMilestone = defineOperation({
  id: 'add_milestone',
  method: 'POST',
  path: '/me/listings/{listing_id}/milestones',
  tag: 'My listings',
  summary: 'Add a dated milestone to a listing',
  description:
    "Adds a milestone (date YYYY-MM-DD and title max 200 required; description max 2000 and an https url max 500 optional) to one of the caller's listings. 201 with the milestone and its integer id. Visitors see milestones only when the listing's milestones section is unlocked (a paid launch or the unlock-sections product); the owner view always shows them. 404 when the caller owns no such listing.",
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 201,
  input: { path: listingPath, body: milestoneBody },
  output: createdMilestone,
  async handler({ path, body, idempotencyKey }, { em, principal }) {
    return saveMilestone(em, principal!.userId, path.listing_id, body, idempotencyKey);
  },
});

export const deleteMilestone = defineOperation({
  id: 'delete_milestone',
  method: 'DELETE',
  path: '/me/listings/{listing_id}/milestones/{milestone_id}',
  tag: 'My listings',
  summary: 'Remove one milestone from a listing',
  description:
    "Removes one milestone of one of the caller's listings and answers 200. 404 when the caller owns no such listing or the milestone is not one of that listing's (deleting it again is 404 too; send an Idempotency-Key to make a retry answer like the first call).",
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 200,
  input: { path: milestonePath },
  output: deletedMilestone,
  async handler({ path }, { em, principal }) {
    await removeMilestone(em, principal!.userId, path.listing_id, path.milestone_id);
    return { id: path.milestone_id, listing_id: path.listing_id, deleted: true as const };
  },
});

export const setFounderStory = defineOperation({
  id: 'set_founder_story',
  method: 'PUT',
  path: '/me/listings/{listing_id}/story',
  tag: 'My listings',
  summary: "Write a listing's founder story, section by section",
  description:
    'Sets the sent sections of the founder story of one of the caller\'s listings: title (max 200), story, why_started, problem, journey, challenges, achievements, lessons, whats_next (each max 8000). Sections not sent stay as they are; "" removes one. The story is published with the listing: visitors see it while the listing is visible and its story section is unlocked (public says whether that holds now). 404 when the caller owns no such listing.',
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 200,
  input: { path: listingPath, body: founderStoryBody },
  output: savedStory,
  async handler({ path, body }, { em, principal }) {
    return saveStory(em, principal!.userId, path.listing_id, body);
  },
});

export const answerInterview = defineOperation({
  id: 'answer_interview',
  method: 'PUT',
  path: '/me/interview',
  tag: 'My listings',
  summary: 'Answer founder interview questions, shown on your founder page',
  description:
    "Saves the caller's answers (max 30; question_id from list_interview_questions, answer max 4000; answering a question again replaces the answer) on their founder profile, where the founder page shows them. An unknown question_id is 400 naming it. A caller without a founder profile becomes the first founder named on their newest listing; founder is null until they have one. An answer also completes the founder-profile gate of the free plan.",
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 200,
  input: { body: interviewBody },
  output: interviewAnswers,
  async handler({ body }, { deps, em, site, principal }) {
    return saveAnswers(em, site, deps.config.publicUrl, principal!.userId, body.answers);
  },
});

export const myListingOperations = [
  listMyListings,
  getMyListing,
  updateMyListing,
  postListingUpdateOperation,
  addMilestone,
  deleteMilestone,
  setFounderStory,
  answerInterview,
];
