import type { FounderProfileGate } from './founder-profile.js';
import type { ListingPlan, ListingStatus } from './listing-status.js';

/**
 * Where a listing stands on its way to launch, and the one next step its owner (or their agent)
 * can take, as the owner view shows it (docs/architecture.md, Listings (owner side) and Publishing). Pure.
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

/** The one thing an owner can do next, as a code: the API words it as a sentence, a page in words with the control that does it. */
export const nextStepCodes = [
  'choose_launch',
  'meet_free_gates',
  'await_gate_check',
  'await_launch',
  'post_updates',
  'ask_about_rejection',
  'ask_to_restore',
] as const;
export type NextStepCode = (typeof nextStepCodes)[number];

export function nextStepCode(facts: Pick<PublicationFacts, 'status' | 'badge' | 'founderProfile'>): NextStepCode {
  switch (facts.status) {
    case 'draft':
      return 'choose_launch';
    case 'awaiting_badge':
      return facts.badge.found && facts.founderProfile.complete ? 'await_gate_check' : 'meet_free_gates';
    case 'scheduled':
      return 'await_launch';
    case 'live':
      return 'post_updates';
    case 'rejected':
      return 'ask_about_rejection';
    case 'archived':
      return 'ask_to_restore';
  }
}

/** The next step as the API and MCP say it: one sentence naming the operation that does it. */
export function nextStep(facts: PublicationFacts): string {
  const gates = unmetGates(facts);
  switch (nextStepCode(facts)) {
    case 'choose_launch':
      return (
        (facts.statusReason ? `${facts.statusReason} ` : '') +
        'Choose how to launch: choose_free_listing queues it for a free launch week (it needs the badge on your homepage and a complete founder profile), ' +
        'or create_checkout with the launch product launches it at once or in a week you pick.' +
        (gates.length ? ` For the free plan, still missing: ${gates.join('; ')}.` : '')
      );
    case 'meet_free_gates':
      return `${capitalised(gates.join('; '))}. Queued for the week of ${facts.launchWeek ?? 'a free launch week'}; it is scheduled once these hold (call choose_free_listing again to check at once).`;
    case 'await_gate_check':
      return `Queued for the week of ${facts.launchWeek ?? 'a free launch week'}: the gates hold, the next check schedules it (call choose_free_listing again to check at once).`;
    case 'await_launch':
      return `Nothing to do: it goes live on ${facts.launchWeek ?? 'its launch week'} at 00:00 UTC. Meanwhile you can edit it with update_my_listing.`;
    case 'post_updates':
      return `Live since ${facts.launchedAt ?? 'its launch'}: keep followers informed with post_listing_update.`;
    case 'ask_about_rejection':
      return 'The site team rejected this listing; reply to their mail or contact the site team to ask why.';
    case 'ask_to_restore':
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
