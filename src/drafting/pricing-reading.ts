import type { CrawledPage, PageBlock } from '../crawl/types.js';
import type { Evidence, ProposedValue } from '../domain/evidence.js';
import { blocksUnderHeading, isHeading, ownBlocks, pagesAt } from './page-reading.js';

/**
 * Pricing as a person reads a pricing page (or the pricing section of a one-page site): the plan
 * lines with a price or a free plan, each named after its plan heading or table row; the model
 * follows from them (a free plan beside paid ones is freemium; a free trial is not a free plan).
 */
const pricingPaths = /pric|plans|planes|planos|tarif|preise|precios|precos|prezzi|abonnement/;
const pricingHeading = /\b(pricing|prices|plans|tarifs?|preise|precios|preços|planes|planos)\b/iu;
const amount = /(?:[$\u20ac\u00a3]\s?(\d[\d,.]*)|\b(\d[\d,.]*)\s?(?:[\u20ac$\u00a3]|USD|EUR|GBP|MXN|BRL)(?!\w))/g;
const recurring =
  /(?:per|\/|a|par|pro|al|por)\s?(?:month|mo|year|yr|user|seat|mois|an|monat|jahr|mes|mês|año|ano)\b|\bmonthly\b|\bannual(?:ly)?\b/iu;
const freeWord = /free|gratuit|gratis|grátis|kostenlos/iu;
/** "Free for teachers", "Básico: gratis, ...", "Dockyard is free while in beta": a plan at no cost. */
const freePlan = new RegExp(
  `^(?:[\\p{L} ]{1,24}:\\s*)?(?:${freeWord.source})\\b|\\bis (?:\\p{L}+ )?(?:${freeWord.source})\\b|\\b(?:free|gratis) (?:plan|forever)\\b`,
  'iu',
);
const trial = /\btrial\b|\bessai\b|\btestphase\b|\bprueba\b|\bteste\b|\btesten\b|\btry (?:it )?free\b/iu;
/** "Enterprise: custom pricing ..." names a plan without a price. */
const namedPlan = /^\p{Lu}[\p{L} ]{1,24}\s?:\s/u;
const customPrice =
  /\bcustom\b|\bcontact (?:us|sales)\b|\btalk to us\b|\bquote\b|\bon request\b|individuell|sur devis|a medida|sob consulta/iu;
const openSource = /\bopen[- ]source\b/i;

interface PriceLine {
  text: string;
  quotes: Evidence[];
  free: boolean;
  paid: boolean;
  recurring: boolean;
}

/** Prices in a text, as numbers: "$0", "£49 / month", "19 € par mois". */
function amountsIn(text: string): number[] {
  return [...text.matchAll(amount)].map((m) => Number((m[1] ?? m[2]).replace(/[,.](?=\d{3}\b)/g, '').replace(',', '.')));
}

function lineOf(text: string, context: string, quotes: Evidence[]): PriceLine {
  const amounts = amountsIn(text);
  return {
    text,
    quotes,
    free: amounts.includes(0) || (freePlan.test(text) && !trial.test(text)),
    paid: amounts.some((a) => a > 0),
    recurring: recurring.test(`${text} ${context}`),
  };
}

const isPriceCell = (cell: string) => amountsIn(cell).length > 0 || freeWord.test(cell) || customPrice.test(cell);

/**
 * A pricing table read as rows and columns: plans as the header's columns with a row of prices
 * ("| Starter | Pro |" over "| $0 | $15 |"), or plans as rows ("Hobby | 0 € | 1 server").
 */
function tableLines(rows: PageBlock[], url: string): PriceLine[] {
  const [header, ...body] = rows.map((r) => r.cells ?? []);
  const context = rows.map((r) => r.text).join(' ');
  const priceRow = body.findIndex((cells) => cells.filter((c) => amountsIn(c).length > 0).length >= 2);
  if (priceRow >= 0 && !amountsIn(header.join(' ')).length) {
    const cells = body[priceRow];
    const quotes = [rows[0], rows[priceRow + 1]].map((r) => ({ quote: r.text, url }));
    return header.flatMap((plan, j) =>
      plan && cells[j] && isPriceCell(cells[j]) ? [lineOf(`${plan}: ${cells[j]}`, context, quotes)] : [],
    );
  }
  return rows.flatMap((row) => {
    const [plan, ...rest] = row.cells ?? [];
    const price = rest.find(isPriceCell);
    const details = rest.filter((c) => c && c !== price);
    const text = `${plan}: ${[price, ...details].join(', ')}`;
    return plan && price && !isPriceCell(plan) ? [lineOf(text, context, [{ quote: row.text, url }])] : [];
  });
}

function priceLines(pages: CrawledPage[]): PriceLine[] {
  const pricingPages = pagesAt(pages, pricingPaths);
  const sources: { page: CrawledPage; blocks: PageBlock[] }[] = pricingPages.length
    ? pricingPages.map((page) => ({ page, blocks: ownBlocks(page) }))
    : pages.map((page) => ({ page, blocks: blocksUnderHeading(page, pricingHeading) }));
  const lines: PriceLine[] = [];
  for (const { page, blocks } of sources) {
    let table: PageBlock[] = [];
    blocks.forEach((block, i) => {
      if (block.tag === 'tr') {
        table.push(block);
        if (blocks[i + 1]?.tag !== 'tr') {
          lines.push(...tableLines(table, page.url));
          table = [];
        }
        return;
      }
      if (isHeading(block) || (block.tag !== 'p' && block.tag !== 'li' && block.tag !== 'dd')) return;
      // A plan name in the heading just above a price line names the line.
      const heading = blocks[i - 1];
      const named =
        heading &&
        isHeading(heading) &&
        heading.text.length <= 30 &&
        !pricingHeading.test(heading.text) &&
        !block.text.toLowerCase().startsWith(heading.text.toLowerCase());
      const line = lineOf(named ? `${heading.text}: ${block.text}` : block.text, '', [{ quote: block.text, url: page.url }]);
      const mentionsTrial = trial.test(block.text);
      if (!line.paid && !line.free && !mentionsTrial && !namedPlan.test(block.text) && !(named && customPrice.test(block.text)))
        return;
      lines.push(line);
    });
  }
  return lines;
}

export function pricingOf(pages: CrawledPage[]): { model: ProposedValue | null; summary: ProposedValue | null } {
  const lines = priceLines(pages).slice(0, 6);
  const free = lines.find((l) => l.free);
  const paid = lines.find((l) => l.paid);
  const summary = lines.some((l) => l.free || l.paid)
    ? { value: lines.map((l) => l.text.replace(/[.;]$/, '')).join('; '), evidence: lines.flatMap((l) => l.quotes) }
    : null;
  if (free && paid) return { model: { value: 'freemium', evidence: [...free.quotes, ...paid.quotes] }, summary };
  if (paid) return { model: { value: paid.recurring ? 'subscription' : 'paid', evidence: paid.quotes }, summary };
  if (free) return { model: { value: 'free', evidence: free.quotes }, summary };
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
