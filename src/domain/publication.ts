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
}

export interface PublicationFacts {
  status: ListingStatus;
  plan: ListingPlan;
  launchWeek: string | null;
  launchedAt: string | null;
  /** The listing's page on this site, which the badge links to. */
  listingUrl: string;
  badgesUrl: string;
  badge: BadgeGate;
  founderProfile: FounderProfileGate;
}

export function nextStep(facts: PublicationFacts): string {
  const gates = unmetGates(facts);
  switch (facts.status) {
    case 'draft':
      return (
        'Choose how to launch: choose_free_listing queues it for a free launch week (it needs the badge on your homepage and a complete founder profile), ' +
        'or create_checkout with the launch product launches it at once or in a week you pick.' +
        (gates.length ? ` For the free plan, still missing: ${gates.join('; ')}.` : '')
      );
    case 'awaiting_badge':
      return `Queued for the week of ${facts.launchWeek ?? 'a free launch week'}; it is scheduled once these hold: ${gates.join('; ') || 'the next check confirms the gates'}.`;
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

/** The free plan's gates that do not hold, in words. */
export function unmetGates(facts: Pick<PublicationFacts, 'badge' | 'founderProfile' | 'listingUrl' | 'badgesUrl'>): string[] {
  const unmet: string[] = [];
  if (!facts.badge.found) {
    unmet.push(`the badge on your homepage, linking to ${facts.listingUrl} (embed code at ${facts.badgesUrl})`);
  }
  if (!facts.founderProfile.complete) unmet.push(`the founder profile: ${facts.founderProfile.missing.join(', ')}`);
  return unmet;
}
