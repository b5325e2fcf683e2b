import type { EntityManager } from '@mikro-orm/postgresql';
import { freeSlug } from '../domain/draft-listing.js';
import { editableListingFields } from '../domain/listing-edit.js';
import { Listing } from '../entities/listing.js';
import { AppError, notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import { statusAfter } from './status.js';

/**
 * Puts a listing's company on another site: a new listing there with the same company, owner and
 * profile, not published (status draft). Founders and categories belong to a site, so they are
 * not carried over. Later edits reach it through update_my_listing's `apply_to`.
 */
export async function copyListingToSite(
  em: EntityManager,
  fromSiteId: number,
  slug: string,
  toSiteKey: string,
): Promise<{ id: number; slug: string; site: string }> {
  return em.transactional(async (tx) => {
    const [target] = await query(tx, sql<{ id: number }>`select id from site where key = ${toSiteKey}`);
    if (!target) throw notFound(`Site ${toSiteKey}`);
    const source = await tx.findOne(Listing, { siteId: fromSiteId, slug }, { populate: ['company'] });
    if (!source) throw notFound(`Listing ${slug}`);
    if (target.id === fromSiteId) throw new AppError('conflict', `${slug} is already on the site ${toSiteKey}.`);
    if (source.company && (await tx.count(Listing, { company: source.company, siteId: target.id }))) {
      throw new AppError('conflict', `The company of ${slug} already has a listing on the site ${toSiteKey}.`);
    }
    const taken = await query(
      tx,
      sql<{
        slug: string;
      }>`select slug from listing where site_id = ${target.id} and (slug = ${source.slug} or slug like ${`${source.slug}-%`})`,
    );
    const content = Object.fromEntries(
      Object.values(editableListingFields).map((property) => [property, source[property as keyof typeof source]]),
    );
    const copy = tx.create(Listing, {
      ...content,
      siteId: target.id,
      slug: freeSlug(source.slug, new Set(taken.map((row) => row.slug))),
      name: source.name,
      ownerId: source.ownerId,
      company: source.company,
      websiteUrl: source.websiteUrl,
      domain: source.domain,
      logoUrl: source.logoUrl,
      socials: source.socials,
      faqs: source.faqs,
      status: statusAfter(null, 'submit'),
    });
    await tx.flush();
    return { id: copy.id, slug: copy.slug, site: toSiteKey };
  });
}
