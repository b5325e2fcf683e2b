import type { CrawledPage, PageBlock } from '../crawl/types.js';
import type { Evidence, ProposedValue } from '../domain/evidence.js';
import { blocksUnderHeading, isHeading, ownBlocks, pagesAt } from './page-reading.js';

/**
 * Pricing as a person reads a pricing page (or the pricing section of a one-page site): the plan
 * lines with a price or a free plan, each named after its plan heading or table row; the model
 * follows from them (a free plan beside paid ones is freemium; a free trial is not a free plan).
 */
const pricingPaths = /pric|prix|preis|precio|preco|prezz|prijs|prijz|plans|planes|planos|piani|tarif|abonnement|abbonament/;
const pricingHeading =
  /\b(pricing|prices|plans|tarifs?|tarifas|tarieven|preise|precios|preços|prezzi|prijzen|planes|planos|piani)\b/iu;
/** A currency before or after the figure: "$0", "CA$15", "€ 59", "R$ 79", "CHF 8.–", "19,90 €", "$ 19.990 CLP", "29 $ CA", "19 euro". */
const symbol = '[$\u20ac\u00a3]';
const code = 'CHF|Fr\\.|USD|EUR|[Ee]uros?|GBP|MXN|BRL|CLP|COP|ARS';
const figure = "\\d{1,3}(?:[.,'\u2019\u00a0\u202f ]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?";
const amount = new RegExp(
  `(?:(?:${symbol}|(?<![\\p{L}])(?:${code}))\\s?(${figure})|(?<![\\d.,])(${figure})\\s?(?:${symbol}|(?:${code})(?![\\p{L}])))`,
  'gu',
);
/** Paid again and again: per month, pro Monat, par an, al mes, al mese, per maand, por mês, pro Schuljahr, mensuel, /mnd, mtl., p.m.... */
const recurring = new RegExp(
  `(?<![\\p{L}])(?:months?|year|yr|mois|année|monat|monate|(?:schul)?jahr|mes|mese|anno|maand|(?:school)?jaar|mês|año|ano|monthly|annual(?:ly)?|yearly|monatlich\\p{L}*|jährlich\\p{L}*|mensuel\\p{L}*|annuel\\p{L}*|mensual\\p{L}*|anual\\p{L}*|mensil\\p{L}*|annual\\p{L}*|maandelijks\\p{L}*|jaarlijks\\p{L}*|mensal\\p{L}*|mnd|mtl|monatl|mon|jr)(?![\\p{L}])|(?<![\\p{L}])p\\.\\s?m\\.|(?<![\\p{L}])p\\.\\s?M\\.|/\\s?(?:mo|yr|an|m)\\b|\\b(?:per|par|pro) (?:an|user|seat|mo)\\b`,
  'iu',
);
const freeWord = /free|gratuit[eo]?s?|gratuita|gratis|grátis|kostenlos|kostenfrei|umsonst/iu;
/**
 * What follows "free" when it is the price of a plan ("Free for teachers", "Gratis tot 500 abonnees",
 * "Free forever"), not an extra included in a paid one ("Gratis support", "Kostenlose Updates").
 */
const freeFor =
  '(?:for|voor|für|pour|para|per|tot|bis|até|fino|hasta|jusqu|up to|forever|voor altijd|für immer|pour toujours|para siempre|per sempre|para sempre|plan|pakket|paket|tarif|plano|piano)';
/**
 * "Free for teachers", "Básico: gratis, ...", "Tot 500 abonnees: gratis", "Dockyard is free while in
 * beta": a plan at no cost; not an action that costs nothing ("Aanmelden is gratis", "Signing up is free").
 */
const freePlan = new RegExp(
  `^(?:[^:]{1,40}:\\s*)?(?:${freeWord.source})(?![\\p{L}])(?=\\s*(?:$|[,.;:!()\u2013\u2014-]|\\d|${freeFor})(?![\\p{L}]))|(?<!\\p{L}(?:en|ing|ung|tion|ie))\\s+is (?:\\p{L}+ )?(?:${freeWord.source})\\b|\\b(?:free|gratis) (?:plan|forever)\\b`,
  'iu',
);
/** A free trial, in the seven languages: "30 Tage kostenlos testen", "Les 7 premiers jours sont offerts", "Prova gratuita di 21 giorni", "Gratis proefperiode". */
const dayWord =
  '(?:days?|tage?n?|jours|días|dias|giorni|dagen|weeks?|wochen|semaines|semanas|settimane|weken|months?|monate?n?|mois|mes(?:es)?|mesi|meses|maand(?:en)?|mês)';
/** A trial counted with an ordinal: "De eerste maand is gratis", "Erster Monat kostenlos", "Le premier mois offert". */
const firstWord = '(?:first|eerste|erste[nrs]?|premi(?:er|ère)s?|primer|primeros?|prim[oi]|primeiro|primeira)';
const noCost = `(?:${freeWord.source}|offerts?|sin costo|senza costi)`;
const trial = new RegExp(
  `\\btrial\\b|\\bdemo\\b|\\bessai\\b|\\btestphase\\b|\\bprueba\\b|\\bprova\\b|\\bproberen\\b|\\bprobeer|\\bproef\\p{L}*|\\p{L}*proberen\\b|\\btest(?:periode|versie|zeitraum|monat)\\b|\\bprobemonat\\b|\\bteste\\b|\\btesten\\b|\\bexperimente\\b|\\btry (?:it )?free\\b|(?:\\d+|${firstWord})\\s*${dayWord}[^.;\\d]{0,25}${noCost}|${noCost}[^.;\\d]{0,25}\\d+\\s*${dayWord}`,
  'iu',
);
/** "Enterprise: custom pricing ..." names a plan without a price. */
const namedPlan = /^\p{Lu}[\p{L} ]{1,24}\s?:\s/u;
const customPrice =
  /\bcustom\b|\bcontact (?:us|sales)\b|\btalk to us\b|\bquote\b|\bon request\b|individuell|auf anfrage|sur devis|sur demande|a medida|presupuesto|bajo consulta|a consultar|su richiesta|su preventivo|op aanvraag|offerte|sob consulta/iu;
const openSource = /\bopen[- ]source\b/i;
/**
 * "Gratis voor kopers", "Für Eltern ist Klassenfunk kostenlos": free to the other side of the product
 * (buyers, visitors, parents, pupils, guests, candidates) while those who run it pay; no free plan.
 */
const otherSide =
  '(?:les |los |las |os |as |die |i |de |the |je |your |vos |tus |seus |ihre )?(?:buyers|shoppers|visitors|parents|pupils|guests|candidates|patients|kopers|bezoekers|ouders|leerlingen|gasten|kandidaten|patiënten|käufer\\p{L}*|besucher\\p{L}*|eltern|schüler\\p{L}*|gäste\\p{L}*|bewerber\\p{L}*|acheteurs|visiteurs|élèves|invités|candidats|compradores|visitantes|padres|alumnos|invitados|acquirenti|visitatori|genitori|alunni|ospiti|candidati|pais|alunos|convidados|candidatos)';
const forOtherSide = new RegExp(
  `(?:${freeWord.source})\\s+(?:for|voor|für|pour|para|per)\\s+${otherSide}|(?:for|voor|für|pour|para|per)\\s+${otherSide}[^.;:]{0,40}?(?:${freeWord.source})`,
  'iu',
);
/** Paid once: "eenmalig", "einmalig", "one-off", "lifetime", "paiement unique", "pago único", "una tantum". */
const oneOff =
  /eenmalig|einmalig|one[- ]off|one[- ]time|lifetime|levenslang|lebenslang|une seule fois|paiement unique|achat unique|pago único|una tantum|pagamento único|compra única/iu;
/** "€ 0 opstartkosten", "Einrichtungsgebühr: 0 €": no fee on top of a plan is not a free plan. */
const oneOffFee =
  /opstart|eenmalig|installatie|setup|set-up|einrichtung|einmalig|aktivierung|installation|mise en service|frais|instalación|alta|attivazione|ativação|adesão|activación/iu;
/** "Les vendeurs paient 5 % de commission": a share of each sale is a price, whoever else uses it for free. */
const commission =
  /\d+(?:[.,]\d+)?\s?%[^.;]{0,20}?(?:commission|provision|comisión|commissione|commissie|comissão|fee|gebühr)|(?:commission|provision|comisión|commissione|commissie|comissão|fee|gebühr)[^.;\d]{0,20}\d+(?:[.,]\d+)?\s?%/iu;

interface PriceLine {
  text: string;
  quotes: Evidence[];
  free: boolean;
  paid: boolean;
  recurring: boolean;
}

/** Prices in a text, as numbers: "$0", "£49 / month", "19 € par mois", "1.290,00 €", "CHF 1'290.–". */
function amountsIn(text: string): number[] {
  return [...text.matchAll(amount)].map((m) => numberOf(m[1] ?? m[2]));
}

/** A figure written in any of the local formats: the last separator before one or two digits is the decimal one. */
function numberOf(figure: string): number {
  const decimal = /[.,](\d{1,2})$/.exec(figure);
  const whole = (decimal ? figure.slice(0, decimal.index) : figure).replace(/\D/g, '');
  return Number(`${whole}.${decimal?.[1] ?? 0}`);
}

function lineOf(text: string, context: string, quotes: Evidence[]): PriceLine {
  const amounts = amountsIn(text);
  const charged = commission.test(text);
  return {
    text,
    quotes,
    // "Gratis proberen: € 0" is a trial at no cost, not a free plan.
    free:
      !charged &&
      !trial.test(text) &&
      !forOtherSide.test(text) &&
      ((amounts.includes(0) && !oneOffFee.test(text)) || freePlan.test(text)),
    paid: charged || amounts.some((a) => a > 0),
    // "€ 249 eenmalig, inclusief een jaar updates": bought once, whatever period it names.
    recurring: recurring.test(`${text} ${context}`) && !oneOff.test(text),
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
    // A plan may be named for its price ("Gratis"); a row that starts with an amount is not a plan.
    return plan && price && !amountsIn(plan).length ? [lineOf(text, context, [{ quote: row.text, url }])] : [];
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
  // A plan's monthly price, not a one-off setup fee listed before it, says how the product is sold.
  const paid = lines.find((l) => l.paid && l.recurring) ?? lines.find((l) => l.paid);
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
