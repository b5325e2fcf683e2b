import type { CrawledPage } from '../crawl/types.js';
import type { ProposedValue } from '../domain/evidence.js';
import {
  beginningWords,
  birthWords,
  clauseOpeners,
  foundingNouns,
  foundingWords,
  otherRoleWords,
  storyWords,
  weWords,
  wholeWords,
} from './language-words.js';
import { escapeRegExp, ownBlocks } from './page-reading.js';

/**
 * The year the company was founded, from a sentence about founding it, in any of the seven
 * languages: the founding word before the year ("founded in 2019", "fondata nel 2017", "Gründung:
 * 2019") or after it ("wurde 2016 von … gegründet", "in 2019 opgericht"), in one clause. The
 * sentence must be about this company: it names the product, speaks as "we" ("Fundamos o Disparo em
 * 2019"), or opens with the founding words ("In 2018 opgericht door …", "Fondée en 2020 par …").
 * A year further than a short phrase from the founding word is someone else's. Else a beginning
 * told as this company's story ("Tutto è iniziato nel 2019"), else a footer's "seit 2018".
 */
const founding = wholeWords(`${foundingWords}|${foundingNouns}`);
const born = wholeWords(birthWords);
const we = wholeWords(weWords);
/** A customer, advisor or investor named before a founding word makes it theirs: "Onze klant X werd in 1998 opgericht". */
const otherRole = wholeWords(otherRoleWords);
const articles = 'The|Der|Die|Das|Ein|Eine|Le|La|Les|El|Los|Las|Il|Lo|Gli|De|Het|Een|O|A|Os|As|Un|Una|Uno';
const began = wholeWords(beginningWords);
const story = wholeWords(storyWords);
/** A beginning told in the first person plural: "nous avons commencé", "siamo partiti", "começámos". */
const ourBeginning = wholeWords(
  'we|wir haben|wij zijn|avons|nacimos|arrancamos|empezamos|comenzamos|siamo|abbiamo|começámos|começamos|arrancámos|nascemos',
);
const yearPattern = /(?<![\p{N}])(?:1[89]\d{2}|20\d{2})(?![\p{N}])/gu;
const maxGap = 60;
const clauseBreak = new RegExp(`,\\s+(?=(?:${clauseOpeners})(?![\\p{L}]))|;\\s+`, 'iu');
/** "Year of …" before a founding noun: "Año de fundación: 2019", "Anno di fondazione", "Ano de fundação". */
const yearOf = '(?:year of|année de|año de|anno di|ano de|jaar van)';
/** "Founded in 2019, …", "In 2018 opgericht door …", "Gegründet 2016 in Hamburg", "Gründung: 2019", "Año de fundación: 2019". */
const opening = new RegExp(
  `^\\s*(?:(?:in|im jahr|im|en|nel|em|no ano de)\\s+(?:1[89]|20)\\d{2},?\\s+|${yearOf}\\s+)?(?:${foundingWords}|${foundingNouns})(?![\\p{L}])`,
  'iu',
);

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
}

/**
 * The year nearest a founding word of the clause, if it is close enough; a year a comma parts from
 * the word only when none is on its side ("Die Idee entstand 2018, gegründet haben wir 2019").
 */
function yearNear(clause: string, words: RegExp): string | null {
  let best: { year: string; gap: number } | null = null;
  for (const word of clause.matchAll(new RegExp(words.source, 'giu'))) {
    const from = word.index ?? 0;
    const to = from + word[0].length;
    for (const year of clause.matchAll(yearPattern)) {
      const at = year.index ?? 0;
      const between = at >= to ? clause.slice(to, at) : clause.slice(at + year[0].length, from);
      const gap = between.length + (between.includes(',') ? maxGap : 0);
      if (between.length <= maxGap && (!best || gap < best.gap)) best = { year: year[0], gap };
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
  return fromSentence(pages, name, foundingClause) ?? fromSentence(pages, name, beginningClause) ?? sinceYearOf(pages);
}

/** A founding word, or a birth of the named product, near a year; the sentence about this company. */
function foundingClause(clause: string, sentence: string, named: boolean, product: RegExp | null): string | null {
  // "X est née en 2020": a birth is the company's only when it is named.
  const year = yearNear(clause, founding) ?? (named ? yearNear(clause, born) : null);
  if (!year || !(named || we.test(sentence) || opening.test(clause))) return null;
  const head = sentence.slice(0, sentence.indexOf(clause));
  const before = head + clause.slice(0, Math.max(0, clause.search(founding)));
  // "Sanne de Vries, die in 2014 Boekhoudbaas oprichtte": a relative clause about a person founding another company.
  const relative = besideName.test(head) && namesAnother(clause.split(',')[0], product);
  return otherRole.test(before) || besideName.test(before) || relative ? null : year;
}

/** Words after which a capitalised word is a common noun or a place, not another company: "das Unternehmen", "in Leipzig". */
const beforeNoun = new RegExp(
  `^(?:${articles}|den|dem|des|einen|einer|seine?|ihre?|unser\\w*|our|their|its|in|im|à|a|en|em|te|nel|no|na|at|bij|aus|uit)$`,
  'iu',
);

/** Whether a clause names a company other than the product: a capitalised word after neither an article nor a preposition. */
function namesAnother(clause: string, product: RegExp | null): boolean {
  const words = clause.trim().split(/\s+/);
  return words.some((word, i) => i > 0 && /^\p{Lu}/u.test(word) && !beforeNoun.test(words[i - 1]) && !product?.test(word));
}

/**
 * A founding phrase or relative clause right after someone else's name speaks about them: "Bakkerij
 * Jansen, opgericht in 1952, gebruikt …", "Sanne de Vries, die in 2014 Boekhoudbaas oprichtte, …".
 */
const besideName = new RegExp(
  `(?<![\\p{L}])(?!(?:${articles})\\s)\\p{Lu}[\\p{L}.&'-]*(?:\\s+(?:(?:de|van|der|den|da|di|del|von|le|la)\\s+)*\\p{Lu}[\\p{L}.&'-]*)+,\\s*$`,
  'u',
);

/** "Tutto è iniziato nel 2019", "Nacimos en 2019", "Rechenwerk startete 2019": this company's story. */
function beginningClause(clause: string, _sentence: string, named: boolean): string | null {
  const year = yearNear(clause, began);
  // Not any sentence with "we": "Unsere Zusammenarbeit mit X begann 2017" is another story.
  return year && (named || story.test(clause) || ourBeginning.test(clause)) ? year : null;
}

function fromSentence(
  pages: CrawledPage[],
  name: string | undefined,
  yearOfClause: (clause: string, sentence: string, named: boolean, product: RegExp | null) => string | null,
): ProposedValue | null {
  const product = name ? new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'iu') : null;
  for (const page of pages) {
    for (const block of ownBlocks(page)) {
      for (const sentence of sentencesOf(block.text)) {
        const named = product?.test(sentence) ?? false;
        for (const clause of sentence.split(clauseBreak)) {
          const year = yearOfClause(clause, sentence, named, product);
          if (year) return { value: year, evidence: [{ quote: block.text, url: page.url }] };
        }
      }
    }
  }
  return null;
}
