import type { CrawledPage, PageBlock } from '../crawl/types.js';
import type { Evidence, ProposedValue } from '../domain/evidence.js';
import { blocksUnderHeading, isHeading, ownBlocks, pagesAt } from './page-reading.js';

/**
 * Pricing as a person reads a pricing page (or the pricing section of a one-page site): the plan
 * lines with a price or a free plan, each named after its plan heading or table row; the model
 * follows from them (a free plan beside paid ones is freemium; a free trial is not a free plan).
 */
const pricingPaths = /pric|plans|tarif|preise|precios|prezzi|abonnement/;
const pricingHeading = /\b(pricing|prices|plans|tarifs?|preise|precios)\b/i;
const money = /(?:[$\u20ac\u00a3]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:[\u20ac$\u00a3]|USD|EUR|GBP)(?!\w))/;
const recurring = /(?:per|\/|a|par|pro)\s?(?:month|mo|year|yr|user|seat|mois|an|monat|jahr)\b|\bmonthly\b|\bannual(?:ly)?\b/i;
const freePlan = /(?:^|[^\p{L}])(?:free(?! trial| \d+-day)(?:\s|:|$)|gratuit|gratis|kostenlos)|[$\u20ac\u00a3]\s?0(?![\d,.])/iu;
const trial = /\btrial\b|\bessai\b|\btestphase\b/i;
/** "Enterprise: custom pricing ..." names a plan without a price. */
const namedPlan = /^\p{Lu}[\p{L} ]{1,24}\s?:\s/u;
const openSource = /\bopen[- ]source\b/i;

interface PriceLine {
  text: string;
  quote: Evidence;
  free: boolean;
  paid: boolean;
}

function priceLines(pages: CrawledPage[]): PriceLine[] {
  const pricingPages = pagesAt(pages, pricingPaths);
  const sources: { page: CrawledPage; blocks: PageBlock[] }[] = pricingPages.length
    ? pricingPages.map((page) => ({ page, blocks: ownBlocks(page) }))
    : pages.map((page) => ({ page, blocks: blocksUnderHeading(page, pricingHeading) }));
  const lines: PriceLine[] = [];
  for (const { page, blocks } of sources) {
    blocks.forEach((block, i) => {
      if (isHeading(block) || (block.tag !== 'p' && block.tag !== 'li' && block.tag !== 'tr' && block.tag !== 'dd')) return;
      const paid = money.test(block.text) && !/[$\u20ac\u00a3]\s?0(?![\d,.])/.test(block.text);
      const free = freePlan.test(block.text) && !trial.test(block.text);
      const mentionsTrial = trial.test(block.text);
      if (!paid && !free && !mentionsTrial && !namedPlan.test(block.text)) return;
      // A plan name in the heading just above a price line names the line.
      const heading = blocks[i - 1];
      const named =
        heading &&
        isHeading(heading) &&
        heading.text.length <= 30 &&
        !pricingHeading.test(heading.text) &&
        !block.text.toLowerCase().startsWith(heading.text.toLowerCase());
      lines.push({
        text: named ? `${heading.text}: ${block.text}` : block.text,
        quote: { quote: block.text, url: page.url },
        free,
        paid,
      });
    });
  }
  return lines;
}

export function pricingOf(pages: CrawledPage[]): { model: ProposedValue | null; summary: ProposedValue | null } {
  const lines = priceLines(pages).slice(0, 6);
  const free = lines.find((l) => l.free);
  const paid = lines.find((l) => l.paid);
  const summary = lines.some((l) => l.free || l.paid)
    ? { value: lines.map((l) => l.text.replace(/[.;]$/, '')).join('; '), evidence: lines.map((l) => l.quote) }
    : null;
  if (free && paid) return { model: { value: 'freemium', evidence: [free.quote, paid.quote] }, summary };
  if (paid) return { model: { value: recurring.test(paid.text) ? 'subscription' : 'paid', evidence: [paid.quote] }, summary };
  if (free) return { model: { value: 'free', evidence: [free.quote] }, summary };
  return { model: openSourceOf(pages), summary: null };
}

/** A site with no prices that says the product is open source. */
function openSourceOf(pages: CrawledPage[]): ProposedValue | null {
  for (const page of pages) {
    const block = ownBlocks(page).find((b) => b.tag === 'p' && openSource.test(b.text));
    if (block) return { value: 'open source', evidence: [{ quote: block.text, url: page.url }] };
  }
  return null;
}
