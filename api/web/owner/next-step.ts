import type { OwnerListing } from '../../../src/listings/schemas.js';
import { html, type Html } from '../../../src/platform/html.js';

/** The owner's next step in words, with a link to the part of the page that does it. */
export function nextStepWords(listing: OwnerListing): Html {
  const p = listing.publication;
  const week = p.launch_week ? `the week of ${p.launch_week}` : 'a free launch week';
  switch (p.next_step_code) {
    case 'choose_launch':
      return html`Choose how to launch: <a href="#free-launch">a free launch week</a> (it needs our badge on your homepage and a complete founder profile) or <a href="#paid-launch">a paid launch</a>, at once or in a week you pick.`;
    case 'meet_free_gates':
      return html`Queued for ${week}. It is scheduled once <a href="#gates">the free launch gates</a> hold: ${unmetGates(listing)}.`;
    case 'await_gate_check':
      return html`Queued for ${week}: the gates hold, and the next check schedules it. <a href="#gates">Check now</a> if you cannot wait.`;
    case 'await_launch':
      return html`Nothing to do: it goes live on ${p.launch_week ?? 'its launch week'} at 00:00 UTC. You can still <a href="#edit">edit it</a>.`;
    case 'post_updates':
      return html`It is live. Keep your followers informed: <a href="#updates">post an update</a>.`;
    case 'ask_about_rejection':
      return html`The site team rejected this listing. Reply to their mail or contact the site team to ask why.`;
    case 'ask_to_restore':
      return html`It is archived and no longer shown. Contact the site team to bring it back.`;
  }
}

/** The same step in a few words, for the list of a person's listings. */
export function nextStepBrief(listing: OwnerListing): string {
  switch (listing.publication.next_step_code) {
    case 'choose_launch':
      return 'Choose a free or paid launch';
    case 'meet_free_gates':
      return 'Meet the free launch gates';
    case 'await_gate_check':
      return 'Wait for the next gate check';
    case 'await_launch':
      return 'Nothing: it launches in its week';
    case 'post_updates':
      return 'Post updates for your followers';
    case 'ask_about_rejection':
      return 'Ask the site team why it was rejected';
    case 'ask_to_restore':
      return 'Ask the site team to restore it';
  }
}

function unmetGates(listing: OwnerListing): Html {
  const { badge, founder_profile: founders } = listing.publication;
  const unmet: Html[] = [];
  if (badge && !badge.found) unmet.push(html`<a href="#badge">put the badge on your homepage</a>`);
  if (founders && !founders.complete) unmet.push(html`<a href="#edit">complete the founder profile</a>`);
  return unmet.length === 2 ? html`${unmet[0]} and ${unmet[1]}` : html`${unmet[0]}`;
}
