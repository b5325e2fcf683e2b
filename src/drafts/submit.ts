import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Draft, type DraftEntity } from '../entities/draft.js';
import { AppError, notFound } from '../errors.js';
import { categoryIdsOf, listingColumnsOf, slugBaseOf, type ListingColumns } from '../domain/draft-listing.js';

export interface SubmittedListing {
  id: number;
  slug: string;
  status: string;
}

/**
 * submit_draft: saves a ready draft as the owner's listing in status draft (not published). The
 * first submit creates the listing (and its company); later ones, and every edit of the draft
 * after it, update the same listing.
 */
export async function submitDraft(em: EntityManager, ownerId: number, draftId: string): Promise<{ draft: DraftEntity; listing: SubmittedListing }> {
  return em.transactional(async (tx) => {
    const draft = await tx.findOne(Draft, { id: draftId, ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!draft) throw notFound('The draft');
    if (draft.status !== 'ready') {
      const hint = draft.status === 'failed' ? ' This one failed: submit the website again.' : ' Poll get_draft until its status is ready.';
      throw new AppError('draft_not_ready', `The draft is ${draft.status}; only a ready draft can be submitted.${hint}`);
    }
    const listing = (draft.listingId ? await writeListing(tx, draft) : undefined) ?? (await insertListing(tx, draft));
    draft.listingId = listing.id;
    draft.updatedAt = new Date();
    return { draft, listing };
  });
}

/** Carries a submitted draft's current content to its listing. */
export async function syncDraftListing(em: EntityManager, draft: DraftEntity): Promise<void> {
  await em.transactional((tx) => writeListing(tx, draft));
}

// Arrays and objects travel as JSON text; the query builder would otherwise spread arrays.
const textArray = 'array(select jsonb_array_elements_text(?::jsonb))';
const intArray = 'array(select jsonb_array_elements_text(?::jsonb)::int)';
const placeholders: Partial<Record<keyof ListingColumns | 'category_ids', string>> = {
  features: textArray,
  usps: textArray,
  keywords: textArray,
  tags: textArray,
  not_found_on_website: textArray,
  socials: '?::jsonb',
  faqs: '?::jsonb',
  category_ids: intArray,
};

async function columnsOf(em: EntityManager, draft: DraftEntity): Promise<[string[], unknown[]]> {
  const categories = await em.execute<{ id: number; name: string }[]>('select id, name from category where site_id = ?', [draft.siteId]);
  const values: Record<string, unknown> = {
    ...listingColumnsOf(draft),
    category_ids: categoryIdsOf(draft, new Map(categories.map((c) => [c.name, c.id]))),
  };
  const names = Object.keys(values);
  const params = names.map((n) => (placeholders[n as keyof typeof placeholders] ? JSON.stringify(values[n]) : values[n]));
  return [names, params];
}

/** Updates the draft's listing; undefined when it is gone (deleted) or no longer the owner's. */
async function writeListing(em: EntityManager, draft: DraftEntity): Promise<SubmittedListing | undefined> {
  const [names, params] = await columnsOf(em, draft);
  const [row] = await em.execute<SubmittedListing[]>(
    `update listing set ${names.map((n) => `${n} = ${placeholders[n as keyof typeof placeholders] ?? '?'}`).join(', ')}, updated_at = now()
     where id = ? and owner_id = ? returning id, slug, status`,
    [...params, draft.listingId, draft.ownerId],
  );
  if (row) await writeSubRecords(em, draft, row.id);
  return row;
}

async function insertListing(em: EntityManager, draft: DraftEntity): Promise<SubmittedListing> {
  const columns = listingColumnsOf(draft);
  const slug = await freeSlug(em, draft.siteId, slugBaseOf(columns.name, columns.domain), 'listing');
  const [company] = await em.execute<{ id: number }[]>('insert into company (name, domain) values (?, ?) returning id', [columns.name, columns.domain]);
  const [names, params] = await columnsOf(em, draft);
  const [row] = await em.execute<SubmittedListing[]>(
    `insert into listing (site_id, slug, owner_id, company_id, status, ${names.join(', ')})
     values (?, ?, ?, ?, 'draft', ${names.map((n) => placeholders[n as keyof typeof placeholders] ?? '?').join(', ')}) returning id, slug, status`,
    [draft.siteId, slug, draft.ownerId, company.id, ...params],
  );
  await writeSubRecords(em, draft, row.id);
  return row;
}

/** The slug itself, or with -2, -3... when another listing (or founder) of the site has it. */
async function freeSlug(em: EntityManager, siteId: number, base: string, table: 'listing' | 'founder'): Promise<string> {
  const taken = await em.execute<{ slug: string }[]>(`select slug from ${table} where site_id = ? and (slug = ? or slug like ?)`, [siteId, base, `${base}-%`]);
  const used = new Set(taken.map((t) => t.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Founders, story and milestones, each replaced only when the owner has set that part of the
 * draft, so the listing's own edits to parts the draft never touched survive a resubmit.
 */
async function writeSubRecords(em: EntityManager, draft: DraftEntity, listingId: number): Promise<void> {
  if (draft.ownerParts.includes('founders') || draft.ownerParts.includes('founder_socials')) {
    // Founder profiles made for this listing alone are replaced; ones shared with other listings stay.
    await em.execute(
      `delete from founder f using listing_founder lf where lf.founder_id = f.id and lf.listing_id = ? and f.user_id is null
       and not exists (select 1 from listing_founder o where o.founder_id = f.id and o.listing_id <> ?)`,
      [listingId, listingId],
    );
    await em.execute('delete from listing_founder where listing_id = ?', [listingId]);
    for (const [position, founder] of draft.founders.entries()) {
      const slug = await freeSlug(em, draft.siteId, slugBaseOf(founder.name, 'founder'), 'founder');
      const socials = position === 0 ? draft.founderSocials : {};
      const [row] = await em.execute<{ id: number }[]>(
        'insert into founder (site_id, slug, name, title, bio, socials) values (?, ?, ?, ?, ?, ?::jsonb) returning id',
        [draft.siteId, slug, founder.name, founder.title ?? null, founder.bio ?? '', JSON.stringify(socials)],
      );
      await em.execute('insert into listing_founder (listing_id, founder_id, position) values (?, ?, ?)', [listingId, row.id, position]);
    }
  }
  if (draft.ownerParts.includes('story')) {
    await em.execute(
      `insert into founder_story (listing_id, founder_id, sections) values (?, (select founder_id from listing_founder where listing_id = ? order by position limit 1), ?::jsonb)
       on conflict (listing_id) do update set sections = excluded.sections, founder_id = excluded.founder_id, updated_at = now()`,
      [listingId, listingId, JSON.stringify(draft.story)],
    );
  }
  if (draft.ownerParts.includes('milestones')) {
    await em.execute('delete from milestone where listing_id = ?', [listingId]);
    for (const m of draft.milestones) {
      await em.execute('insert into milestone (listing_id, date, title, description, url) values (?, ?, ?, ?, ?)', [
        listingId,
        m.date,
        m.title,
        m.description ?? null,
        m.url ?? null,
      ]);
    }
  }
}
