import nlp from 'compromise';
import type { CrawledPage, PageBlock } from '../crawl/types.js';
import type { DraftProposal } from '../domain/evidence.js';
import { countryCodeOf } from '../domain/draft-fields.js';
import { isCity } from './gazetteer.js';
import { clauseOpeners, founderWords, foundingWords, otherRoleWords, wholeWords } from './language-words.js';
import { escapeRegExp, isHeading, ownBlocks, pagesAt } from './page-reading.js';

/**
 * Founders as a site names them, in any of the languages the drafter reads: on a team page as
 * cards (a name, then a title naming them a founder, then a paragraph about them), as "Name —
 * Co-founder & CEO" lines, or as the people listed under a "Founders" / "Gründer" / "Fondatori"
 * heading; on an about page or a one-page site in a sentence about founding the company ("started
 * in 2019 by Jane Doe (CEO) and John Roe", "… haben Klassenfunk gegründet", "fondée en 2020 par …",
 * "A Atiende lo fundaron …", "In 2018 opgericht door Koen en Lisa Mulder"). A founder named in a
 * sentence takes the title their team card gives. Advisors, investors, board members, managing
 * directors, later hires and people quoted elsewhere on the site are left out.
 */
type Founder = NonNullable<DraftProposal['founders']>[number];

const peoplePages =
  /team|about|founders|people|company|story|a-propos|qui-sommes|quipe|histoire|ueber-uns|uber-uns|ber-uns|unternehmen|geschichte|gruender|grunder|quienes|nosotros|acerca|conoce|sobre|equipo|equipa|empresa|chi-siamo|squadra|azienda|storia|over-ons|(?:^|\/)over(?:\/|$)|wie-|bedrijf|quem-somos|historia|fondat|fundador|oprichter/;
/** Particles inside names: "Femke de Vries", "Luca dal Monte", "Ana da Silva". */
const particle = '(?:de|da|do|dos|das|del|della|dal|la|le|van|von|der|den|ter|ten|di|du|zu)';
const namePart = "\\p{Lu}\\p{Ll}[\\p{L}'’-]*";
const personName = new RegExp(`^${namePart}(?:\\s+(?:${particle}\\s+)*${namePart}){1,3}$`, 'u');
const founderTitle = wholeWords(founderWords);
const foundingWord = wholeWords(`${foundingWords}|${founderWords}`);
const otherRole = wholeWords(otherRoleWords);
const maxTitleChars = 80;
const minBioChars = 40;

export function foundersOf(pages: CrawledPage[]): Founder[] {
  const founders: Founder[] = [];
  const add = (founder: Founder) => {
    const same = founders.findIndex((f) => f.name === founder.name);
    if (same < 0) founders.push(founder);
    else if (!founders[same].title && founder.title) founders[same] = founder;
  };
  // The about or team page first; a one-page site tells its story on the home page, others elsewhere.
  const people = pagesAt(pages, peoplePages);
  const ordered = [...people, ...pages.filter((p) => !people.includes(p))];
  for (const page of ordered) [...cardsOf(page), ...foundersSectionOf(page)].forEach(add);
  for (const page of ordered) proseFoundersOf(page).forEach(add);
  return founders.map((f) => (f.title ? f : (cardTitleOf(f.name, ordered) ?? f))).map((f) => citedWhereNamed(f, pages));
}

/** A name put together from a sentence ("Ole und Finn Petersen") is cited from a page that writes it in full, if any. */
function citedWhereNamed(founder: Founder, pages: CrawledPage[]): Founder {
  const named = (page: CrawledPage) => page.text.includes(founder.name);
  if (founder.title || pages.some((p) => p.url === founder.url && named(p))) return founder;
  const page = pages.find(named);
  return page ? { ...founder, url: page.url } : founder;
}

/** The product's name as its domain spells it: "quillmate" for quillmate.com. */
const productOf = (page: CrawledPage) => new URL(page.url).hostname.replace(/^www\./, '').split('.')[0];

/** Lines of the page's visible text that are not someone else's words (testimonials, quotations). */
function ownLines(page: CrawledPage): string[] {
  const quoted = page.blocks.filter((b) => b.quoted).map((b) => b.text);
  return page.text.split('\n').filter((line) => !quoted.some((q) => q.includes(line)));
}

/** "Jane Doe — Co-founder & CEO", "Anja Wolf – Mitgründerin, Produkt", "Nicola Bernasconi | CTO". */
const nameDashTitle = /^(.+?)\s+[\u2014\u2013|-]\s+(.+)$/;
/** "Sanne de Vries, oprichter", "Marco Rossi (co-fondatore e CEO)": a founder's title after a comma or in parentheses. */
const nameCommaTitle = /^(.+?)(?:,\s+|\s+\()(.+?)\)?$/;

/** A short title naming its holder a founder of this company ("Co-founder & Head of Product"), not "Beirat, Gründer von Y", not a sentence. */
const isFounderTitle = (title: string, product: string) =>
  title.length <= maxTitleChars && founderTitle.test(title) && !/[.!?]$/.test(title) && !foundedElsewhere(title, product);

/** A name line with a founder title on the next line, or "Name — Title" on one line. */
function cardsOf(page: CrawledPage): Founder[] {
  const product = productOf(page);
  const lines = ownLines(page);
  const paragraphs = new Set(
    ownBlocks(page)
      .filter((b) => b.tag === 'p')
      .map((b) => b.text),
  );
  const found: Founder[] = [];
  lines.forEach((line, i) => {
    const inline = nameDashTitle.exec(line) ?? nameCommaTitle.exec(line);
    if (inline && personName.test(inline[1]) && isFounderTitle(inline[2], product)) {
      found.push({ name: inline[1], title: inline[2], url: page.url });
      return;
    }
    const title = lines[i + 1];
    if (!personName.test(line) || !title || !isFounderTitle(title, product)) return;
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

/**
 * The people under a heading that names founders ("Founders", "Sócios-fundadores", "Fondatori",
 * "Die Gründer"), up to the next heading of the same or a higher level: "Name — CEO" lines, or a
 * name followed by its title.
 */
function foundersSectionOf(page: CrawledPage): Founder[] {
  const found: Founder[] = [];
  let level = 0;
  const blocks = ownBlocks(page);
  blocks.forEach((block, i) => {
    if (isHeading(block)) {
      const blockLevel = Number(block.tag[1]);
      if (level && blockLevel <= level) level = 0;
      if (!level && founderTitle.test(block.text) && !otherRole.test(block.text) && block.text.length <= maxTitleChars) {
        level = blockLevel;
        return;
      }
    }
    if (!level) return;
    const inline = nameDashTitle.exec(block.text);
    if (inline && personName.test(inline[1]) && inline[2].length <= maxTitleChars) {
      if (!otherRole.test(inline[2])) found.push({ name: inline[1], title: inline[2], url: page.url });
    } else if (personName.test(block.text)) {
      const next = blocks[i + 1];
      const title = next && !isHeading(next) && titleLike(next) ? next.text : undefined;
      if (!title || !otherRole.test(title)) found.push({ name: block.text, ...(title ? { title } : {}), url: page.url });
    }
  });
  return found;
}

const titleLike = (block: PageBlock) =>
  block.text.length <= maxTitleChars && !personName.test(block.text) && !/[.!?]$/.test(block.text);

/**
 * The title a team page gives a founder named in a sentence: "Diego Muñoz — CEO" on one line, or
 * the name on a card with the title on the next line.
 */
function cardTitleOf(name: string, pages: CrawledPage[]): Founder | null {
  for (const page of pages) {
    const lines = ownLines(page);
    for (let i = 0; i < lines.length; i++) {
      const inline = nameDashTitle.exec(lines[i]);
      if (inline?.[1] === name && inline[2].length <= maxTitleChars && !otherRole.test(inline[2])) {
        return { name, title: inline[2], url: page.url };
      }
      const next = lines[i + 1];
      if (lines[i] === name && next && next.length <= maxTitleChars && !personName.test(next) && !/[.!?]$/.test(next)) {
        if (!otherRole.test(next)) return { name, title: next, url: page.url };
      }
    }
  }
  return null;
}

/** A name in running text: capitalised words, with the particles names carry. */
const nameInText = new RegExp(`${namePart}(?:\\s+(?:${particle}\\s+)*${namePart}){0,3}`, 'gu');
/** "Ole und Finn Petersen", "Koen en Lisa Mulder": two first names sharing one surname. */
const and = '(?:and|und|et|y|e|en|i|&)';
/** "Lucía Romero (CEO) y …": a role in parentheses does not end a list of names. */
const roleInParentheses = '(?:\\s*\\([^()]{1,40}\\))?';
/** Between two names of one list: "Ana Ruiz y Pablo Gil", "A, B e C". */
const coordinated = new RegExp(`^${roleInParentheses}(?:\\s*,\\s*|\\s+${and}\\s+|\\s*,\\s+${and}\\s+)$`, 'iu');
/** Words that put a noun, not a name, before a capitalised word: "an ihrer Stuttgarter Gemeinschaftsschule", "den Brüdern Ole". */
const determinerBefore =
  /(?:^|\s)(?:the|our|their|der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|ihre[rmns]?|seine[rmns]?|unsere[rmns]?|diese[rmns]?|het|een|le|les|une|il|lo|gli|el|los|las|una)\s+$/iu;
/** Capitalised at the start of a clause, not a name: "Als Jana Krüger …", "Quando Marco Rossi …", "Toen Sanne …". */
const leadingWord = wholeWords(
  "when|after|since|with|by|in|our|we|today|together|als|nachdem|seit|mit|von|im|heute|gemeinsam|zusammen|wir|unser\\w*|damals|quand|lorsque|depuis|avec|par|en|nous|notre|aujourd'hui|ensemble|cuando|desde|con|por|nuestr\\w+|hoy|juntos|quando|dal|da|nel|noi|oggi|insieme|toen|sinds|met|door|wij|onze|samen|het|com|em|nós|noss\\w+|hoje",
);
/** "Die Gründer Jana Krüger", "Siamo Marco Rossi", "Somos Lucía …": an article or "we are" before a name. */
const articleOrCopula = wholeWords(
  'the|der|die|das|le|la|les|el|los|las|il|lo|gli|de|het|os|as|we are|wir sind|sind|nous sommes|sommes|somos|estamos|soy|siamo|sono|wij zijn|zijn|são|sou',
);
/** What a company name ends with: not a person. */
const companyWord =
  /\b(?:Ventures|Capital|Partners|Labs?|Inc|Ltd|LLC|GmbH|AG|SAS|SARL|SL|SpA|Srl|BV|Lda|Ltda|Fund|Group|Studio|Digital|Software|Foods|Travel|Coffee|Bank|University|Universität|Université|Universidad|Università|Universiteit|Summit|Conf\w*)\b/;
/** "Gründer von Y", "fondateur d'Alan": the founder of another company. */
function foundedElsewhere(title: string, product: string): boolean {
  const founder = matchesOf(title, founderTitle)[0];
  const rest = title.slice(founder?.end ?? 0);
  return !!founder && ofAfterFounder.test(rest) && !rest.toLowerCase().includes(product);
}

/** A role in parentheses right after the name, or in apposition ("Grace Liu, our CEO,", "Ana Ruiz, nuestra CTO,", "Tim Berger, CTO,", "Lucía Romero, cofundadora y CEO,"). */
const roleAfter = new RegExp(
  `^\\s*(?:\\(([^()]{2,40})\\)|,\\s+(?:our|notre|nos|unser\\w*|nuestr[oa]s?|noss[oa]s?|il nostro|la nostra|onze)\\s+([^,.;]{2,40}?)(?=[,.;])|,\\s+(C[EFOPT]O|(?:${founderWords})[^,.;()]{0,30}?)(?=[,.;]))`,
  'iu',
);
/** "founder of Acme", "fundador da agência Pampa Digital": the name that follows is the company, not a person. */
const ofAfterFounder = /^\s*(?:(?:of|von|der|des|de|du|di|da|do|del|della|van)\s|[dl]'|dell')/iu;
/** A comma before a subordinate or relative clause, or a semicolon: where a clause ends. */
const clauseBreak = new RegExp(`,\\s+(?=(?:${clauseOpeners})(?![\\p{L}]))|;\\s+`, 'giu');
/** A sentence ends at a full stop before a capital, but not after a title ("Prof. Dr. Uwe Lang"). */
const sentenceEnd = /(?<=(?<!\b\p{Lu}\p{Ll}{0,3})[.!?])\s+(?=\p{Lu})/u;

/** Whether the words of a candidate read as a person's name, not a place, a company or a date. */
function looksLikePerson(candidate: string, product: string): boolean {
  if (companyWord.test(candidate) || isCity(candidate)) return false;
  const words = candidate.split(/\s+/);
  if (words.length < 2 || !/^\p{Lu}/u.test(candidate) || words.some((w) => w.toLowerCase() === product.toLowerCase()))
    return false;
  if (countryCodeOf(candidate)) return false;
  const doc = nlp(candidate);
  return !doc.has('#Place') && !doc.has('#Date') && !doc.has('#Organization');
}

interface Candidate {
  name: string;
  start: number;
  end: number;
}

/** A capitalised word before a name that is not part of it: a clause's first word, the product, a role. */
const notOfName = (word: string, product: string) =>
  leadingWord.test(word) ||
  articleOrCopula.test(word) ||
  word.toLowerCase() === product ||
  founderTitle.test(word) ||
  otherRole.test(word) ||
  foundingWord.test(word);

/**
 * The names in a sentence: runs of capitalised words without the words before a name that are not
 * part of it (a clause's first word, the product, a role: "Mitgründerin Anna Schmidt", a noun after
 * a determiner), two first names sharing a surname given it both ("Ole und Finn Petersen").
 */
function namesIn(sentence: string, product: string, clauseStarts: number[]): Candidate[] {
  const runs = [...sentence.matchAll(nameInText)].map((m) => ({
    words: m[0].split(/\s+/),
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  const names: Candidate[] = [];
  runs.forEach((run, i) => {
    const words = [...run.words];
    let start = run.start;
    const drop = () => (start += words.shift()!.length + 1);
    // A relative pronoun opens a clause ("…, das Jana Krüger … gegründet haben"); elsewhere a determiner marks a noun.
    const determiner = determinerBefore.exec(sentence.slice(0, start));
    const relative = determiner && clauseStarts.includes(determiner.index + determiner[0].search(/\S/));
    if (words.length > 1 && determiner && !relative) drop();
    while (words.length > 1 && notOfName(words[0], product)) drop();
    while (words.length > 1 && words.at(-1)!.toLowerCase() === product) words.pop();
    let name = words.join(' ');
    const end = start + name.length;
    const next = runs[i + 1];
    const shared =
      next && new RegExp(`^\\s+${and}\\s+$`, 'iu').test(sentence.slice(run.end, next.start)) && next.words.length >= 2;
    if (shared && words.length === 1) name = `${name} ${next.words.at(-1)}`;
    names.push({ name, start, end });
  });
  return names;
}

/**
 * Names in sentences about founding the company. A name counts when the nearest role word before it
 * in its clause (or, for the clause's subject, after it, or in a relative clause right after it:
 * "Marco Rossi, che ha fondato Vetrina") is a founding word, not an advisor's, investor's or hire's.
 */
function proseFoundersOf(page: CrawledPage): Founder[] {
  const product = productOf(page);
  const found: Founder[] = [];
  for (const block of ownBlocks(page)) {
    if (block.tag !== 'p' && block.tag !== 'li') continue;
    for (const sentence of block.text.split(sentenceEnd)) {
      if (!foundingWord.test(sentence)) continue;
      const breaks = matchesOf(sentence, clauseBreak);
      const clauseStarts = [0, ...breaks.map((m) => m.end)];
      const clauseEnd = (at: number) => clauseStarts.find((c) => c > at) ?? sentence.length + 1;
      const names = namesIn(sentence, product, clauseStarts);
      names.forEach(({ name, start, end }, i) => {
        const from = clauseStarts.filter((c) => c <= start).at(-1) ?? 0;
        const to = clauseEnd(start);
        // A relative clause right after the name, or after the names it is listed with, speaks about them.
        let last = i;
        while (names[last + 1] && coordinated.test(sentence.slice(names[last].end, names[last + 1].start))) last++;
        const relative = new RegExp(`^${roleInParentheses}[\\s,]*$`, 'u').test(sentence.slice(names[last].end, to))
          ? clauseEnd(to)
          : to;
        const { clause, offset } = outsideClosedClause(sentence, breaks, from, start, relative);
        if (!looksLikePerson(name, product) || !foundingRoleNear(clause, start - offset, end - offset, product)) return;
        const role = roleAfter.exec(sentence.slice(end));
        const title = role ? (role[1] ?? role[2] ?? role[3]).trim() : undefined;
        found.push({ name, ...(title ? { title } : {}), url: page.url });
      });
    }
  }
  return found;
}

/**
 * The clause a name stands in, where a relative clause before it closed with a comma ("In de raad
 * van advies zitten Henk Blom, die zelf drie bedrijven oprichtte, en Ellen Vos"): the name belongs
 * to the clause around the relative one, which speaks about someone else.
 */
function outsideClosedClause(
  sentence: string,
  breaks: { start: number; end: number; text: string }[],
  from: number,
  start: number,
  to: number,
): { clause: string; offset: number } {
  const opened = breaks.find((b) => b.end === from && b.text.startsWith(','));
  const closed = opened ? sentence.slice(from, start).lastIndexOf(',') : -1;
  if (!opened || closed < 0) return { clause: sentence.slice(from, to), offset: from };
  const outer = [0, ...breaks.map((b) => b.end)].filter((c) => c <= opened.start).at(-1) ?? 0;
  const head = sentence.slice(outer, opened.start);
  const tail = from + closed + 1;
  return { clause: head + sentence.slice(tail, to), offset: tail - head.length };
}

/** Where each match of `pattern` starts and ends in `text`. */
function matchesOf(text: string, pattern: RegExp): { start: number; end: number; text: string }[] {
  return [...text.matchAll(new RegExp(pattern.source, 'giu'))].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    text: m[0],
  }));
}

function foundingRoleNear(clause: string, start: number, end: number, product: string): boolean {
  const before = clause.slice(0, start);
  const founding = matchesOf(before, foundingWord).at(-1);
  const other = matchesOf(before, otherRole).at(-1);
  if (founding || other) {
    if (!founding || (other && other.start > founding.start)) return false;
    // "fundador da agência Pampa Digital": the founder of something else ("the founders of Goteo, Ana
    // Ruiz and …" name this one).
    const gap = before.slice(founding.end);
    return !(founderTitle.test(founding.text) && ofAfterFounder.test(gap) && !gap.toLowerCase().includes(product));
  }
  // The clause's subject: "Ava Lindqvist founded Quillmate", "Anja Wolf und Katrin Mayer haben Klassenfunk gegründet".
  const after = clause.slice(end);
  const nextFounding = matchesOf(after, foundingWord)[0];
  const nextOther = matchesOf(after, otherRole)[0];
  if (!nextFounding || (nextOther && nextOther.start < nextFounding.start)) return false;
  // "Jane Doe, founder of Acme, …", "Álvaro fundó Cabify en 2010 …": the company named right after the
  // founding word is the one they founded, which counts only when it is this product.
  const object = after.slice(nextFounding.end);
  const named = new RegExp(`^\\s*(?:\\S+\\s+){0,2}${escapeRegExp(product)}`, 'iu').test(object);
  if (founderTitle.test(nextFounding.text) && ofAfterFounder.test(object)) return named;
  // A German participle used as an adjective names no company after it: "die … gegründete Firma".
  return named || /^(?:mit)?(?:be)?gegründete/iu.test(nextFounding.text) || !/^\s*(?:\p{Ll}+\s+){0,2}\p{Lu}\p{Ll}/u.test(object);
}
