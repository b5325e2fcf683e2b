import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Draft, type DraftEntity } from '../entities/draft.js';
import { AppError, notFound } from '../errors.js';
import { listingColumnsOf, slugBaseOf, type ListingColumns } from '../domain/draft-listing.js';

export interface SubmittedListing {
  id: number;
  slug: string;
  status: string;
}

/**
 * submit_draft: saves a ready draft as the owner's listing in status draft (not published). The
 * first submit creates the listing; later ones, and every edit of the draft after it, update it.
 */
export async function submitDraft(em: EntityManager, ownerId: number, draftId: string): Promise<{ draft: DraftEntity; listing: SubmittedListing }> {
  return em.transactional(async (tx) => {
    const draft = await tx.findOne(Draft, { id: draftId, ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!draft) throw notFound('The draft');
    if (draft.status !== 'ready') {
      throw new AppError('draft_not_ready', `The draft is ${draft.status}; it can be submitted once it is ready${draft.status === 'failed' ? ' (this one failed: submit the URL again)' : ''}.`);
    }
    const columns = listingColumnsOf(draft);
    const existing = draft.listingId ? await updateListing(tx, draft, columns) : undefined;
    const listing = existing ?? (await insertListing(tx, draft, columns));
    draft.listingId = listing.id;
    draft.updatedAt = new Date();
    return { draft, listing };
  });
}

/** Carries a submitted draft's current content to its listing. */
export async function syncDraftListing(em: EntityManager, draft: DraftEntity): Promise<void> {
  await updateListing(em, draft, listingColumnsOf(draft));
}

async function updateListing(em: EntityManager, draft: DraftEntity, columns: ListingColumns): Promise<SubmittedListing | undefined> {
  const names = Object.keys(columns);
  const [row] = await em.execute<SubmittedListing[]>(
    `update listing set ${names.map((n) => `${n} = ?`).join(', ')}, updated_at = now()
     where id = ? and owner_id = ? returning id, slug, status`,
    [...Object.values(columns), draft.listingId, draft.ownerId],
  );
  return row;
}

async function insertListing(em: EntityManager, draft: DraftEntity, columns: ListingColumns): Promise<SubmittedListing> {
  const base = slugBaseOf(columns.name, draft.url);
  const taken = await em.execute<{ slug: string }[]>(`select slug from listing where site_id = ? and (slug = ? or slug like ?)`, [
    draft.siteId,
    base,
    `${base}-%`,
  ]);
  const used = new Set(taken.map((t) => t.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  const names = Object.keys(columns);
  const [row] = await em.execute<SubmittedListing[]>(
    `insert into listing (site_id, slug, owner_id, status, ${names.join(', ')})
     values (?, ?, ?, 'draft', ${names.map(() => '?').join(', ')}) returning id, slug, status`,
    [draft.siteId, slug, draft.ownerId, ...Object.values(columns)],
  );
  return row;
}
