import type { RouterMiddleware as Middleware } from '@koa/router';
import type { ListingProfile } from '../../../src/catalogue/schemas.js';
import { discountReasons, type DiscountReason, type VoteRulesConfig } from '../../../src/domain/vote-rules.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { getListing } from '../../operations/listings.js';
import { listingLink, listingPath, pathSlug, plural, readOperation, sendPage } from './catalogue-html.js';

/** Each rule in plain words, with its threshold as configured. */
function ruleText(reason: DiscountReason, rules: VoteRulesConfig): string {
  switch (reason) {
    case 'voided':
      return 'The site team looked at the account by hand and found its votes not genuine; its later votes are not counted either.';
    case 'blocked':
      return 'The site team blocked the account; its votes count again if the block is lifted.';
    case 'self_vote':
      return "The vote came from the listing's owner or one of its founders.";
    case 'ring':
      return `At least ${rules.ringMinAccounts} accounts that were not yet active on the site voted for the listing within ${rules.ringWindowWeeks} weeks; what else they voted for does not change that.`;
    case 'burst':
      return `In one hour the listing got at least ${rules.burstMinVotes} votes, ${rules.burstFactor} times both its own usual rate and the week's, mostly from accounts less than ${rules.burstNewAccountHours} hours old or not yet active on the site; those accounts' votes of that hour are not counted.`;
    case 'shared_network':
      return `More than ${rules.maxVotersPerNetworkHour} people voted for the listing from one network within an hour; the votes beyond that are not counted. Only a keyed fingerprint of the network is kept, never an address.`;
    case 'new_account':
      return `The account was made less than ${rules.minAccountAgeHours} hours before the vote and was not yet active on the site.`;
  }
}

const reasonLabels: Record<DiscountReason, string> = {
  voided: 'Removed by the site team',
  blocked: 'Account blocked',
  self_vote: 'Own listing',
  ring: 'Vote ring',
  burst: 'Sudden burst',
  shared_network: 'Shared network',
  new_account: 'New account',
};

/** The ledger as the listing page shows it: the same numbers get_listing gives anyone. */
export function voteLedgerSection(p: ListingProfile): Html {
  const ledger = p.vote_ledger;
  const discounted = discountReasons.filter((r) => ledger.discounted[r] > 0);
  return html`<p>${plural(ledger.cast, 'vote')} cast, <strong>${String(ledger.counted)} counted</strong>${
    discounted.length
      ? html`; not counted: ${joinHtml(
          discounted.map((r) => html`${reasonLabels[r]} ${String(ledger.discounted[r])}`),
          ', ',
        )}`
      : ''
  }. <span class="muted">${ledger.reviewed_at ? `Last reviewed ${ledger.reviewed_at.slice(0, 16).replace('T', ' ')} UTC.` : 'Not reviewed yet.'}</span>
<a href="${listingPath(p.slug)}/votes">How votes are counted</a></p>`;
}

/** `/listings/{slug}/votes`: the listing's ledger and every rule in plain words; never a voter. */
export function voteLedgerPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    const p = await readOperation(ctx, deps, getListing, { slug });
    const rows = discountReasons.map(
      (r) =>
        html`<tr><th scope="row">${reasonLabels[r]}</th><td>${String(p.vote_ledger.discounted[r])}</td><td>${ruleText(r, deps.config.votes)}</td></tr>`,
    );
    const body = html`<p>Votes for ${listingLink(p)}. Every vote is kept; each one counts, or is not counted for one of the reasons below. Leaderboards, trending and the Launch of the Week awards use counted votes only. No voter is ever named, here or anywhere, and the maker sees these same numbers.</p>
${voteLedgerSection(p)}
<div class="scroll"><table><thead><tr><th scope="col">Not counted because</th><th scope="col">Votes</th><th scope="col">The rule</th></tr></thead>
<tbody>${joinHtml(rows, '\n')}</tbody></table></div>
<p>An account is active on the site once its votes, follows and reviews are on at least ${String(deps.config.votes.activityMinListings)} different listings, counting each one ${String(deps.config.votes.activityMinAgeHours)} hours after it was made.</p>
<p>Rules about one vote apply when it is cast. Rules about patterns (rings, bursts) are checked every hour during a launch week and a last time when the week ends, before the awards are decided; a vote can move between counted and not counted until then. A withdrawn vote leaves the ledger.</p>`;
    sendPage(ctx, deps, `How votes for ${p.name} are counted`, body, {
      description: `${p.name}: ${plural(p.vote_ledger.cast, 'vote')} cast, ${p.vote_ledger.counted} counted, and the rules that decide.`,
      canonical: `${p.url}/votes`,
    });
  };
}
