import type { CrawledPage } from '../crawl/types.js';
import type { ProposedValue } from '../domain/evidence.js';
import { birthWords, clauseOpeners, foundingNouns, foundingWords, weWords, wholeWords } from './language-words.js';
import { escapeRegExp, ownBlocks } from './page-reading.js';

/**
 * The year the company was founded, from a sentence about founding it, in any of the seven
 * languages: the founding word before the year ("founded in 2019", "fondata nel 2017", "Gründung:
 * 2019") or after it ("wurde 2016 von … gegründet", "in 2019 opgericht"), in one clause. The
 * sentence must be about this company: it names the product, speaks as "we" ("Fundamos o Disparo em
 * 2019"), or opens with the founding words ("In 2018 opgericht door …", "Fondée en 2020 par …").
 * A year further than a short phrase from the founding word is someone else's. Else a footer's
 * "seit 2018".
 */
const founding = wholeWords(`${foundingWords}|${foundingNouns}`);
const born = wholeWords(birthWords);
const we = wholeWords(weWords);
const yearPattern = /(?<![\p{N}])(?:1[89]\d{2}|20\d{2})(?![\p{N}])/gu;
const maxGap = 60;
const clauseBreak = new RegExp(`,\\s+(?=(?:${clauseOpeners})(?![\\p{L}]))|;\\s+`, 'iu');
/** "Founded in 2019, …", "In 2018 opgericht door …", "Gegründet 2016 in Hamburg", "Gründung: 2019". */
const opening = new RegExp(
  `^\\s*(?:(?:in|im jahr|im|en|nel|em|no ano de)\\s+(?:1[89]|20)\\d{2},?\\s+)?(?:${foundingWords}|${foundingNouns})(?![\\p{L}])`,
  'iu',
);

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
}

/** The year nearest a founding word of the clause, if it is close enough. */
function yearNear(clause: string, words: RegExp): string | null {
  let best: { year: string; gap: number } | null = null;
  for (const word of clause.matchAll(new RegExp(words.source, 'giu'))) {
    const from = word.index ?? 0;
    const to = from + word[0].length;
    for (const year of clause.matchAll(yearPattern)) {
      const at = year.index ?? 0;
      const gap = at >= to ? at - to : from - (at + year[0].length);
      if (gap >= 0 && gap <= maxGap && (!best || gap < best.gap)) best = { year: year[0], gap };
    }
  }
  return best?.year ?? null;
}

/** A footer's "seit 2018", "depuis 2019", "Est. 2017": a part of a line on its own, not a sentence ("seit 2015 in der Branche"). */
const sinceYear =
  /^(?:since|est\.|seit|gegr\.|depuis|desde|dal|sinds|opgericht|fondée en|fundada en|fondata nel|fundada em)\s+((?:1[89]|20)\d{2})$/iu;

function sinceYearOf(pages: CrawledPage[]): ProposedValue | null {
  for (const page of pages) {
    for (const line of page.text.split('\n')) {
      const part = line
        .split(/\s*[·|\u2022,]\s*/)
        .map((p) => sinceYear.exec(p.trim()))
        .find(Boolean);
      if (part) return { value: part[1], evidence: [{ quote: line, url: page.url }] };
    }
  }
  return null;
}

export function foundedYearOf(pages: CrawledPage[], name: string | undefined): ProposedValue | null {
  return fromSentence(pages, name) ?? sinceYearOf(pages);
}

function fromSentence(pages: CrawledPage[], name: string | undefined): ProposedValue | null {
  const product = name ? new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'iu') : null;
  for (const page of pages) {
    for (const block of ownBlocks(page)) {
      for (const sentence of sentencesOf(block.text)) {
        const named = product?.test(sentence) ?? false;
        for (const clause of sentence.split(clauseBreak)) {
          // "X est née en 2020": a birth is the company's only when it is named.
          const year = yearNear(clause, founding) ?? (named ? yearNear(clause, born) : null);
          if (year && (named || we.test(sentence) || opening.test(clause))) {
            return { value: year, evidence: [{ quote: block.text, url: page.url }] };
          }
        }
      }
    }
  }
  return null;
}
