import type { FounderProfileGate } from './founder-profile.js';
import type { ListingPlan, ListingStatus } from './listing-status.js';

/**
 * Where a listing stands on its way to launch, and the one next step its owner (or their agent)
 * can take, as the owner view shows it (DESIGN, Listings (owner side) and Publishing). Pure.
 */

export interface BadgeGate {
  found: boolean;
  checked_at: string | null;
  next_check_at: string | null;
  /** The page the last check read. */
  looked_at: string | null;
  detail: string;
  /** The standard badge's HTML, ready to paste. */
  embed_html: string;
}

export interface PublicationFacts {
  status: ListingStatus;
  plan: ListingPlan;
  launchWeek: string | null;
  launchedAt: string | null;
  statusReason: string | null;
  /** The product's own website, where the badge goes. */
  websiteUrl: string | null;
  /** The listing's page on this site, which the badge links to. */
  listingUrl: string;
  badge: BadgeGate;
  founderProfile: FounderProfileGate;
}

export function nextStep(facts: PublicationFacts): string {
  const gates = unmetGates(facts);
  switch (facts.status) {
    case 'draft':
      return (
        (facts.statusReason ? `${facts.statusReason} ` : '') +
        'Choose how to launch: choose_free_listing queues it for a free launch week (it needs the badge on your homepage and a complete founder profile), ' +
        'or create_checkout with the launch product launches it at once or in a week you pick.' +
        (gates.length ? ` For the free plan, still missing: ${gates.join('; ')}.` : '')
      );
    case 'awaiting_badge':
      return gates.length
        ? `${capitalised(gates.join('; '))}. Queued for the week of ${facts.launchWeek ?? 'a free launch week'}; it is scheduled once these hold (call choose_free_listing again to check at once).`
        : `Queued for the week of ${facts.launchWeek ?? 'a free launch week'}: the gates hold, the next check schedules it (call choose_free_listing again to check at once).`;
    case 'scheduled':
      return `Nothing to do: it goes live on ${facts.launchWeek ?? 'its launch week'} at 00:00 UTC. Meanwhile you can edit it with update_my_listing.`;
    case 'live':
      return `Live since ${facts.launchedAt ?? 'its launch'}: keep followers informed with post_listing_update.`;
    case 'rejected':
      return 'The site team rejected this listing; reply to their mail or contact the site team to ask why.';
    case 'archived':
      return 'Archived: it is no longer shown. Contact the site team to bring it back.';
  }
}

/** The free plan's gates that do not hold, each as what to do. */
export function unmetGates(facts: Pick<PublicationFacts, 'badge' | 'founderProfile' | 'websiteUrl' | 'listingUrl'>): string[] {
  const unmet: string[] = [];
  if (!facts.badge.found) {
    const where = facts.websiteUrl ?? 'your homepage';
    unmet.push(`add the badge to ${where}, linking to ${facts.listingUrl} (embed code in publication.badge.embed_html)`);
  }
  if (!facts.founderProfile.complete) unmet.push(`complete the founder profile: ${facts.founderProfile.missing.join(', ')}`);
  return unmet;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
