import { LockMode, ref, wrap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../entities/company.js';
import { Draft, type DraftEntity } from '../entities/draft.js';
import { Founder } from '../entities/founder.js';
import { FounderStory } from '../entities/founder-story.js';
import { Listing, type ListingEntity } from '../entities/listing.js';
import { ListingFounder } from '../entities/listing-founder.js';
import { Milestone } from '../entities/milestone.js';
import { AppError, notFound } from '../errors.js';
import type { ListingStatus } from '../domain/listing-status.js';
import { freeSlug, listingFromDraft, slugBaseOf, type FounderProfile, type ListingFromDraft } from '../domain/draft-listing.js';
import { statusAfter } from '../listings/status.js';
import { refuseSecondPublicListing } from '../listings/one-per-domain.js';
import { listingUnitOfWork } from '../listings/unit-of-work.js';
import { query, sql } from '../platform/sql.js';

export interface SubmittedListing {
  id: number;
  slug: string;
  status: ListingStatus;
}

/**
 * submit_draft: saves a ready draft as the owner's listing in status draft (not published). The
 * first submit creates the listing (and its company); later ones, and every edit of the draft
 * after it, update the same listing. While another listing is public on the draft's domain (its
 * listing claimed away, or someone else's published meanwhile) it is 409 already_listed.
 */
export async function submitDraft(
  em: EntityManager,
  publicUrl: string,
  ownerId: number,
  draftId: string,
): Promise<{ draft: DraftEntity; listing: SubmittedListing }> {
  const { draft, listing } = await listingUnitOfWork(em, async (tx) => {
    const draft = await tx.findOne(Draft, { id: draftId, ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!draft) throw notFound('The draft');
    if (draft.status !== 'ready') {
      const hint =
        draft.status === 'failed' ? ' This one failed: submit the website again.' : ' Poll get_draft until its status is ready.';
      throw new AppError('draft_not_ready', `The draft is ${draft.status}; only a ready draft can be submitted.${hint}`);
    }
    const target = await listingOf(tx, draft);
    const owned = await updateOwnedListing(tx, draft, target);
    const claimant = { siteId: draft.siteId, host: target.content.domain, listingId: owned?.id };
    await refuseSecondPublicListing(tx, publicUrl, claimant, 'path.id');
    const listing = owned ?? (await newListing(tx, draft, target));
    await writeParts(tx, draft.siteId, listing, target);
    draft.listing = ref(listing);
    draft.updatedAt = new Date();
    return { draft, listing };
  });
  return { draft, listing: { id: listing.id, slug: listing.slug, status: listing.status } };
}

/** Carries a submitted draft's current content to its listing, unless that is gone or no longer the owner's. */
export async function syncDraftListing(em: EntityManager, draft: DraftEntity): Promise<void> {
  await listingUnitOfWork(em, async (tx) => {
    const target = await listingOf(tx, draft);
    const listing = await updateOwnedListing(tx, draft, target);
    if (listing) await writeParts(tx, draft.siteId, listing, target);
  });
}

async function listingOf(tx: EntityManager, draft: DraftEntity): Promise<ListingFromDraft> {
  const categories = await query(
    tx,
    sql<{ id: number; name: string }>`select id, name from category where site_id = ${draft.siteId}`,
  );
  return listingFromDraft(draft, new Map(categories.map((c) => [c.name, c.id])));
}

/** Gives the draft's listing its new content, with what the write replaces loaded; null when it is gone or another's. */
async function updateOwnedListing(
  tx: EntityManager,
  draft: DraftEntity,
  target: ListingFromDraft,
): Promise<ListingEntity | null> {
  if (!draft.listing) return null;
  const populate: ('founders.founder' | 'milestones')[] = [];
  // The story names the listing's first founder.
  if (target.founders || target.story) populate.push('founders.founder');
  if (target.milestones) populate.push('milestones');
  const listing = await tx.findOne(Listing, { id: draft.listing.id, ownerId: draft.ownerId }, { populate });
  if (listing) Object.assign(listing, target.content, { updatedAt: new Date() });
  return listing;
}

async function newListing(tx: EntityManager, draft: DraftEntity, { content }: ListingFromDraft): Promise<ListingEntity> {
  const base = slugBaseOf(content.name, content.domain);
  return tx.create(Listing, {
    ...content,
    siteId: draft.siteId,
    slug: freeSlug(base, await slugsTaken(tx, 'listing', draft.siteId, base)),
    ownerId: draft.ownerId,
    company: tx.create(Company, { name: content.name, domain: content.domain }),
    status: statusAfter(null, 'submit'),
  });
}

/** Founders, story and milestones: each replaced when the draft gives it. */
async function writeParts(tx: EntityManager, siteId: number, listing: ListingEntity, target: ListingFromDraft): Promise<void> {
  if (target.founders) await replaceFounders(tx, siteId, listing, target.founders);
  if (target.story) {
    const founder = listing.founders.getItems()[0]?.founder ?? null;
    const story = wrap(listing, true).hasPrimaryKey() ? await tx.findOne(FounderStory, { listing }) : null;
    if (story) Object.assign(story, { sections: target.story, founder, updatedAt: new Date() });
    else tx.create(FounderStory, { listing, founder, sections: target.story });
  }
  if (target.milestones) listing.milestones.set(target.milestones.map((m) => tx.create(Milestone, { ...m, listing })));
}

/**
 * Founder profiles made for this listing alone are replaced; ones shared with other listings, or
 * a person's own, are only taken off it. A new profile may take the slug of one it replaces.
 */
async function replaceFounders(
  tx: EntityManager,
  siteId: number,
  listing: ListingEntity,
  profiles: FounderProfile[],
): Promise<void> {
  const current = listing.founders.getItems().map((link) => link.founder);
  const elsewhere = current.length ? await tx.find(ListingFounder, { founder: { $in: current }, listing: { $ne: listing } }) : [];
  const shared = new Set(elsewhere.map((link) => link.founder.id));
  const replaced = current.filter((founder) => founder.userId == null && !shared.has(founder.id));
  replaced.forEach((founder) => tx.remove(founder));
  listing.founders.removeAll();

  const freed = new Set(replaced.map((founder) => founder.slug));
  const assigned = new Set<string>();
  for (const [position, profile] of profiles.entries()) {
    const base = slugBaseOf(profile.name, 'founder');
    const taken = new Set([...(await slugsTaken(tx, 'founder', siteId, base))].filter((slug) => !freed.has(slug)));
    assigned.forEach((slug) => taken.add(slug));
    const founder = tx.create(Founder, { ...profile, siteId, slug: freeSlug(base, taken) });
    assigned.add(founder.slug);
    listing.founders.add(tx.create(ListingFounder, { listing, founder, position }));
  }
}

/** Slugs of the site's listings (or founders) that are `base` or `base-<n>`. */
async function slugsTaken(tx: EntityManager, table: 'listing' | 'founder', siteId: number, base: string): Promise<Set<string>> {
  // Two submits of one name at once would pick the same free slug: the second waits for the first's commit.
  await query(tx, sql`select pg_advisory_xact_lock(hashtext(${`slug:${table}:${siteId}:${base}`}))`);
  const rows = await query(
    tx,
    sql<{
      slug: string;
    }>`select slug from ${sql.raw(table)} where site_id = ${siteId} and (slug = ${base} or slug like ${`${base}-%`})`,
  );
  return new Set(rows.map((row) => row.slug));
}
