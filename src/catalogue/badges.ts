import type { EntityManager } from '@mikro-orm/postgresql';
import type { Badges } from './schemas.js';
import { allBadgeStyles, badgeEmbedHtml, badgeImageUrl, type BadgeStyle, type BadgeSubject } from '../domain/badges.js';
import { notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import { isPublic, listingUrl } from './sql.js';

/**
 * Who may see a listing's badge: `images` serves the badge images of live and scheduled listings
 * and of those awaiting their badge (the owner's homepage shows it before the listing is public);
 * get_badges answers for public listings, and for any listing of the caller's own (`ownerId`).
 */
export type BadgeAudience = { images: true } | { ownerId: number | null };

export async function badgeSubject(
  em: EntityManager,
  siteId: number,
  siteName: string,
  publicUrl: string,
  slug: string,
  audience: BadgeAudience,
): Promise<BadgeSubject & { listingId: number }> {
  const shown =
    'images' in audience
      ? sql`status in ('awaiting_badge', 'scheduled', 'live')`
      : sql`(${isPublic} or owner_id = ${audience.ownerId ?? 0})`;
  const [row] = await query(
    em,
    sql<{ id: number; name: string }>`select id, name from listing l where site_id = ${siteId} and slug = ${slug} and ${shown}`,
  );
  if (!row) throw notFound(`Listing ${slug}`);
  return {
    siteName,
    listingId: row.id,
    listingName: row.name,
    listingSlug: slug,
    listingUrl: listingUrl(publicUrl, slug),
    publicUrl,
  };
}

/** The chosen badge with its embed code, and the image URL of every style. */
export async function getBadges(
  em: EntityManager,
  siteId: number,
  siteName: string,
  publicUrl: string,
  slug: string,
  chosen: BadgeStyle,
  ownerId: number | null,
): Promise<Badges> {
  const subject = await badgeSubject(em, siteId, siteName, publicUrl, slug, { ownerId });
  return {
    listing: { slug, name: subject.listingName, url: subject.listingUrl },
    badge: { ...chosen, image_url: badgeImageUrl(subject, chosen), embed_html: badgeEmbedHtml(subject, chosen) },
    styles: allBadgeStyles().map((style) => ({ ...style, image_url: badgeImageUrl(subject, style) })),
  };
}
