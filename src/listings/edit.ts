import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Faq, Socials } from '../domain/draft-content.js';
import {
  changedFields,
  editableListingFields,
  perSiteFields,
  resolveApplyTo,
  type EditableListingField,
  type FieldValue,
} from '../domain/listing-edit.js';
import { Listing, type ListingEntity } from '../entities/listing.js';
import { ListingRevision } from '../entities/listing-revision.js';
import { AppError, notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import { listingUnitOfWork } from './unit-of-work.js';

/** The body of update_my_listing, as validated at the edge. */
export interface ListingEdit {
  fields?: Partial<Record<EditableListingField, FieldValue>>;
  apply_to?: string[];
  socials?: Socials;
  faqs?: Faq[];
}

/** Who made an edit and through what, as its revision records it. */
export interface EditAuthor {
  userId: number;
  credential: 'api_key' | 'oauth' | 'session';
  clientId?: string;
  requestId: string;
}

export interface AppliedElsewhere {
  site: string;
  listing_id: number;
  slug: string;
  fields: string[];
}

/**
 * update_my_listing: sets the sent fields (socials and faqs replace all) on one of the owner's
 * listings and records the call as a revision, in one transaction. The listing row is locked for
 * the transaction, so concurrent edits of different fields queue and all land. `apply_to` copies
 * the per-site fields changed here to the same company's listings (of the same owner) on the
 * named sites, each with its own revision.
 */
export async function updateOwnedListing(
  em: EntityManager,
  site: { id: number; key: string },
  listingId: number,
  edit: ListingEdit,
  author: EditAuthor,
): Promise<AppliedElsewhere[]> {
  return listingUnitOfWork(em, async (tx) => {
    const listing = await tx.findOne(
      Listing,
      { id: listingId, ownerId: author.userId, siteId: site.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!listing) throw notFound(`Listing ${listingId}`);
    const targets = edit.apply_to ? await otherSites(tx, edit.apply_to, site.key) : [];

    const values: Record<string, unknown> = { ...edit.fields };
    if (edit.socials) values.socials = edit.socials;
    if (edit.faqs) values.faqs = edit.faqs;
    const changed = applyValues(tx, listing, values, author);

    const applied: AppliedElsewhere[] = [];
    const travelling = Object.fromEntries(perSiteFields.filter((f) => f in changed.after).map((f) => [f, changed.after[f]]));
    if (!targets.length || !Object.keys(travelling).length || !listing.company) return applied;
    const siblings = await tx.find(
      Listing,
      { company: listing.company, ownerId: author.userId, siteId: { $in: targets.map((t) => t.id) } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
    );
    for (const sibling of siblings) {
      const copied = applyValues(tx, sibling, travelling, author);
      applied.push({
        site: targets.find((t) => t.id === sibling.siteId)!.key,
        listing_id: sibling.id,
        slug: sibling.slug,
        fields: Object.keys(copied.after),
      });
    }
    return applied;
  });
}

/** Sets API-named values on a listing and appends the revision with what changed. */
function applyValues(
  tx: EntityManager,
  listing: ListingEntity,
  values: Record<string, unknown>,
  author: EditAuthor,
): ReturnType<typeof changedFields> {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, read(listing, name)]));
  for (const [name, value] of Object.entries(values)) write(listing, name, value);
  const changed = changedFields(before, values);
  if (Object.keys(changed.after).length) listing.updatedAt = new Date();
  tx.create(ListingRevision, {
    listing,
    authorId: author.userId,
    credential: author.credential,
    clientId: author.clientId ?? null,
    requestId: author.requestId,
    before: changed.before,
    after: changed.after,
  });
  return changed;
}

const propertyOf = (name: string) => (editableListingFields as Record<string, string>)[name] ?? name;

function read(listing: ListingEntity, name: string): unknown {
  return (listing as unknown as Record<string, unknown>)[propertyOf(name)];
}

function write(listing: ListingEntity, name: string, value: unknown): void {
  (listing as unknown as Record<string, unknown>)[propertyOf(name)] = value;
}

async function otherSites(tx: EntityManager, applyTo: string[], currentKey: string): Promise<{ id: number; key: string }[]> {
  const sites = await query(tx, sql<{ id: number; key: string }>`select id, key from site order by id`);
  const resolved = resolveApplyTo(
    applyTo,
    sites.map((s) => s.key),
    currentKey,
  );
  if (!resolved.ok) {
    throw new AppError('invalid_input', `apply_to names sites that do not exist: ${resolved.unknown.join(', ')}.`, [
      {
        path: 'body.apply_to',
        message: `unknown site keys: ${resolved.unknown.join(', ')}; use "all" or keys of existing sites`,
      },
    ]);
  }
  return sites.filter((s) => resolved.keys.includes(s.key));
}
