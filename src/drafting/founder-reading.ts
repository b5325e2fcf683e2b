import nlp from 'compromise';
import type { CrawledPage } from '../crawl/types.js';
import type { DraftProposal } from '../domain/evidence.js';
import { countryCodeOf } from '../domain/draft-fields.js';
import { ownBlocks, pagesAt } from './page-reading.js';

/**
 * Founders as a site names them: on a team page as cards (a name, then a title naming them a
 * founder, then a paragraph about them) or as "Name — Founder & CEO" lines; on an about page or a
 * one-page site in a sentence ("started in 2019 by Jane Doe (CEO) and John Roe (CTO)", "gegründet
 * von ...", "fundada por ..."). Advisors, investors, board members, early hires and people quoted
 * elsewhere on the site are left out.
 */
type Founder = NonNullable<DraftProposal['founders']>[number];

const peoplePages = /team|about|founders|people|company|story|a-propos|ueber-uns|uber-uns|quienes|nosotros|sobre|equipo|equipe/;
const personName = /^\p{Lu}[\p{L}'.-]+(?: \p{Lu}[\p{L}'.-]+){1,3}$/u;
const founderTitle = /\b(co-?)?founder\b|\bfondat(eur|rice)\b|\bgründer(in)?\b|\bfundador(a)?\b/i;
const minBioChars = 40;

export function foundersOf(pages: CrawledPage[]): Founder[] {
  const founders: Founder[] = [];
  const add = (founder: Founder) => {
    if (!founders.some((f) => f.name === founder.name)) founders.push(founder);
  };
  const people = pagesAt(pages, peoplePages);
  for (const page of people) cardsOf(page).forEach(add);
  // A one-page site tells its story on the home page.
  for (const page of [...people, ...(people.includes(pages[0]) ? [] : [pages[0]])]) proseFoundersOf(page).forEach(add);
  return founders;
}

/** Lines of the page's visible text that are not someone else's words (testimonials, quotations). */
function ownLines(page: CrawledPage): string[] {
  const quoted = page.blocks.filter((b) => b.quoted).map((b) => b.text);
  return page.text.split('\n').filter((line) => !quoted.some((q) => q.includes(line)));
}

/** A name line with a founder title on the next line, or "Name — Title" on one line. */
function cardsOf(page: CrawledPage): Founder[] {
  const lines = ownLines(page);
  const paragraphs = new Set(
    ownBlocks(page)
      .filter((b) => b.tag === 'p')
      .map((b) => b.text),
  );
  const found: Founder[] = [];
  lines.forEach((line, i) => {
    const inline = /^(.+?)\s+[\u2014\u2013|-]\s+(.+)$/.exec(line);
    if (inline && personName.test(inline[1]) && inline[2].length <= 80 && founderTitle.test(inline[2])) {
      found.push({ name: inline[1], title: inline[2], url: page.url });
      return;
    }
    const title = lines[i + 1];
    if (!personName.test(line) || !title || title.length > 80 || !founderTitle.test(title)) return;
    const bio = lines[i + 2];
    found.push({
      name: line,
      title,
      ...(bio && paragraphs.has(bio) && bio.length >= minBioChars ? { bio } : {}),
      url: page.url,
    });
  });
  return found;
}

/** Words that make a sentence about founding the company. */
const foundingWord =
  /\b(?:co-?)?found(?:ed|ers?)\b|\bstarted\b|\bcreated\b|\blaunched\b|\bset up\b|\bmade by\b|gegründet|gründete|\bgründer(?:in|innen)?\b|\bfond(?:é|ée|és|ées|ateurs?|atrices?)\b|\bfundad[oa]s?\b|\bfundó\b|\bfundou\b|\bfundador(?:a|es|as)?\b|\bcriad[oa]\b|\bde la mano de\b|\bnació\b/iu;
/** Words that name someone's part other than founding: advisors, investors, the board, later hires. */
const otherRole =
  /\b(?:advis\w*|invest\w*|backed|board|mentor\w*|angel|seed|round|joined|hired|head of|engineer\w*|designer|employee|customer|client|beirat\w*|berater\w*|conseil\w*|asesor\w*|invers\w*|conselheir\w*|apoio|apoyo|contabilista)\b/iu;
/** A name: two to four capitalised words, with the particles names carry ("Femke de Vries"). */
const nameInText =
  /\p{Lu}\p{Ll}[\p{L}'’-]*(?:\s+(?:(?:de|da|do|dos|das|del|la|van|von|der|den|ter|di|du|le)\s+)*\p{Lu}\p{Ll}[\p{L}'’-]*){1,3}/gu;
/** What a company name ends with: not a person. */
const companyWord =
  /\b(?:Ventures|Capital|Partners|Labs?|Inc|Ltd|LLC|GmbH|Fund|Group|Studio|Foods|Travel|Coffee|Bank|University|Summit|Conf\w*)\b/;
/** A role in parentheses right after the name, or in apposition ("Grace Liu, our CEO,"). */
const roleAfter = /^\s*(?:\(([^()]{2,40})\)|,\s+(?:our|notre|unser\w*|nuestr[oa]|noss[oa])\s+([^,.;]{2,40}?)(?=[,.;]))/u;

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
}

/** Whether the words of a candidate read as a person's name, not a place, a company or a date. */
function looksLikePerson(candidate: string, product: string): boolean {
  if (companyWord.test(candidate)) return false;
  const words = candidate.split(/\s+/);
  if (words.some((w) => w.toLowerCase() === product.toLowerCase())) return false;
  if (countryCodeOf(candidate)) return false;
  const doc = nlp(candidate);
  return !doc.has('#Place') && !doc.has('#Date') && !doc.has('#Organization');
}

/**
 * Names in sentences about founding the company. A name counts when the nearest role word before it
 * (or, for the sentence's subject, after it) is a founding word, not an advisor's, investor's or
 * hire's.
 */
function proseFoundersOf(page: CrawledPage): Founder[] {
  const product = new URL(page.url).hostname.replace(/^www\./, '').split('.')[0];
  const found: Founder[] = [];
  for (const block of ownBlocks(page)) {
    if (block.tag !== 'p' && block.tag !== 'li') continue;
    for (const sentence of sentencesOf(block.text)) {
      if (!foundingWord.test(sentence)) continue;
      for (const match of sentence.matchAll(nameInText)) {
        const name = match[0];
        const at = match.index ?? 0;
        if (!looksLikePerson(name, product) || !foundingRoleNear(sentence, at, at + name.length)) continue;
        const role = roleAfter.exec(sentence.slice(at + name.length));
        const title = role ? (role[1] ?? role[2]).trim() : undefined;
        found.push({ name, ...(title ? { title } : {}), url: page.url });
      }
    }
  }
  return found;
}

function foundingRoleNear(sentence: string, start: number, end: number): boolean {
  const before = sentence.slice(0, start);
  const lastWord = (text: string, pattern: RegExp) => {
    let last = -1;
    for (const m of text.matchAll(new RegExp(pattern.source, 'giu'))) last = m.index ?? last;
    return last;
  };
  const founding = lastWord(before, foundingWord);
  const other = lastWord(before, otherRole);
  if (founding >= 0 || other >= 0) return founding > other;
  // The sentence's subject: "Ava Lindqvist founded Quillmate", "X and Y founded it".
  const after = sentence.slice(end);
  const nextFounding = after.search(foundingWord);
  const nextOther = after.search(otherRole);
  return nextFounding >= 0 && (nextOther < 0 || nextFounding < nextOther);
}
