import {
  countryNameOf,
  draftBounds,
  draftFieldNames,
  clampText,
  isListField,
  shapeScalar,
  type DraftFieldName,
  type ListDraftField,
  type ScalarDraftField,
} from './draft-fields.js';
import { countriesMarkedIn } from './country-marks.js';
import { countryNamesOf } from './country-names.js';
import { evidenceTextOf, normaliseForMatch, pageKey, type PageEvidence } from './evidence-text.js';
import { socialPlatformOf, type SocialPlatform } from './socials.js';

/**
 * The one evidence verifier every drafter's output passes through. A value is kept only when at
 * least one of its quotes appears word for word in the crawled text of the page it cites;
 * literal facts (email, year, city, country, URLs, name) must also appear in that quote. Anything
 * else becomes a blank field with state not_found. Nothing is invented here: values are only
 * dropped, trimmed to the spec's bounds, or put in their stored shape.
 */
export interface Evidence {
  quote: string;
  url: string;
}

export interface ProposedValue {
  value: string;
  evidence: Evidence[];
}

/** What a drafter proposes, before verification. */
export interface DraftProposal {
  scalars: Partial<Record<ScalarDraftField, ProposedValue>>;
  lists: Partial<Record<ListDraftField, ProposedValue[]>>;
  faqs: { question: string; answer: string; url: string }[];
  socials: { platform: string; url: string; pageUrl: string }[];
  /** People the site names as its founders; name, title and bio are each copied from the cited page. */
  founders?: { name: string; title?: string; bio?: string; url: string }[];
}

export type DraftFieldState = 'ai' | 'not_found';

export interface DraftedField {
  value: string | string[] | null;
  state: DraftFieldState;
  evidence: Evidence[];
}

export interface DraftedFaq {
  question: string;
  answer: string;
  evidence: Evidence[];
}

export interface DraftedFounder {
  name: string;
  title?: string;
  bio?: string;
  evidence: Evidence[];
}

export interface DraftedProfile {
  fields: Record<DraftFieldName, DraftedField>;
  faqs: DraftedFaq[];
  founders: DraftedFounder[];
  socials: Partial<Record<SocialPlatform, { url: string; evidence: Evidence[] }>>;
}

/** Shortest quote accepted: shorter strings match almost any page. */
export const minQuoteChars = 4;

/** Fields whose value must itself appear in a verified quote (case-insensitive). */
const literalFields = new Set<ScalarDraftField>([
  'name',
  'city',
  'founded_year',
  'contact_email',
  'demo_video_url',
  'logo_url',
  'country',
]);

export interface VerifyInput {
  proposal: DraftProposal;
  pages: readonly PageEvidence[];
  /** Category names from the catalogue; proposed categories map onto these or are dropped. */
  categories: readonly string[];
  /** Restrict the result to these fields (a redraft of some fields); default all. */
  fields?: readonly DraftFieldName[];
}

export function verifyDraft(input: VerifyInput): DraftedProfile {
  const texts = new Map(input.pages.map((p) => [pageKey(p.url), evidenceTextOf(p)]));
  const check = (evidence: readonly Evidence[]) => verifiedQuotes(evidence, texts);
  const wanted = new Set(input.fields ?? draftFieldNames);
  const fields = {} as Record<DraftFieldName, DraftedField>;
  for (const name of draftFieldNames) {
    if (!wanted.has(name)) continue;
    fields[name] = isListField(name)
      ? verifyList(name, input.proposal.lists[name] ?? [], check, input.categories)
      : verifyScalar(name, input.proposal.scalars[name], check);
  }
  return {
    fields,
    faqs: verifyFaqs(input.proposal.faqs, texts),
    founders: verifyFounders(input.proposal.founders ?? [], texts),
    socials: verifySocials(input.proposal.socials, texts),
  };
}

type QuoteCheck = (evidence: readonly Evidence[]) => Evidence[];

function verifiedQuotes(evidence: readonly Evidence[], texts: Map<string, string>): Evidence[] {
  const kept: Evidence[] = [];
  for (const item of evidence) {
    const quote = normaliseForMatch(item.quote ?? '');
    const text = texts.get(pageKey(item.url ?? ''));
    if (quote.length >= minQuoteChars && text?.includes(quote)) kept.push({ quote, url: pageKey(item.url) });
  }
  return kept;
}

const notFound = (): DraftedField => ({ value: null, state: 'not_found', evidence: [] });

function verifyScalar(field: ScalarDraftField, proposed: ProposedValue | undefined, check: QuoteCheck): DraftedField {
  if (!proposed) return notFound();
  const value = shapeScalar(field, proposed.value ?? '');
  if (value === null) return notFound();
  let evidence = check(proposed.evidence ?? []);
  if (literalFields.has(field)) evidence = evidence.filter((e) => quoteStates(field, value, e.quote));
  return evidence.length > 0 ? { value, state: 'ai', evidence } : notFound();
}

function quoteStates(field: ScalarDraftField, value: string, quote: string): boolean {
  const haystack = quote.toLowerCase();
  if (field === 'country') {
    // The code, or the country's name in English or in a site's own language ("Deutschland", "USA").
    const names = [countryNameOf(value), ...countryNamesOf(value)].filter((n): n is string => n !== null && n.length > 2);
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${[value, ...names].map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'iu');
    // A register or VAT number states the country too ("KvK 72011938", "P.IVA 05123980281").
    return pattern.test(quote) || countriesMarkedIn(quote).includes(value);
  }
  return haystack.includes(normaliseForMatch(value).toLowerCase());
}

function verifyList(
  field: ListDraftField,
  proposed: readonly ProposedValue[],
  check: QuoteCheck,
  categories: readonly string[],
): DraftedField {
  const values: string[] = [];
  const evidence: Evidence[] = [];
  const seen = new Set<string>();
  for (const item of proposed) {
    if (values.length >= draftBounds.listItems) break;
    let value = clampText(normaliseForMatch(item.value ?? ''), draftBounds.listItemChars);
    if (field === 'categories') value = categoryNamed(value, categories) ?? '';
    if (value === '' || seen.has(value.toLowerCase())) continue;
    const quotes = check(item.evidence ?? []);
    if (quotes.length === 0) continue;
    seen.add(value.toLowerCase());
    values.push(value);
    evidence.push(quotes[0]);
  }
  return values.length > 0 ? { value: values, state: 'ai', evidence } : notFound();
}

function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The catalogue's own spelling of a category name, or null when the catalogue has none like it. */
export function categoryNamed(name: string, categories: readonly string[]): string | null {
  const wanted = foldName(name);
  return categories.find((c) => foldName(c) === wanted) ?? null;
}

function verifyFaqs(proposed: DraftProposal['faqs'], texts: Map<string, string>): DraftedFaq[] {
  const kept: DraftedFaq[] = [];
  for (const faq of proposed) {
    if (kept.length >= draftBounds.faqs) break;
    const question = normaliseForMatch(faq.question ?? '');
    const answer = normaliseForMatch(faq.answer ?? '');
    const text = texts.get(pageKey(faq.url ?? ''));
    if (!text || question.length < minQuoteChars || answer.length < minQuoteChars) continue;
    if (question.length > draftBounds.faqQuestionChars || answer.length > draftBounds.faqAnswerChars) continue;
    // Both halves are copied from the page, so both must be found there.
    if (!text.includes(question) || !text.includes(answer)) continue;
    if (kept.some((k) => k.question === question)) continue;
    const url = pageKey(faq.url);
    kept.push({
      question,
      answer,
      evidence: [
        { quote: question, url },
        { quote: answer, url },
      ],
    });
  }
  return kept;
}

/** The spec's bounds on founders (update_draft): 6 founders, name and title 160, bio 3000. */
const founderBounds = { founders: 6, nameChars: 160, bioChars: 3000 } as const;

/**
 * A founder is kept when the name is found on the cited page; the title and the bio are kept only
 * when they are found there too.
 */
function verifyFounders(proposed: NonNullable<DraftProposal['founders']>, texts: Map<string, string>): DraftedFounder[] {
  const kept: DraftedFounder[] = [];
  for (const founder of proposed) {
    if (kept.length >= founderBounds.founders) break;
    const text = texts.get(pageKey(founder.url ?? ''));
    const url = pageKey(founder.url ?? '');
    const found = (part: string | undefined, max: number) => {
      const value = normaliseForMatch(part ?? '');
      return value.length >= minQuoteChars && value.length <= max && text?.includes(value) ? value : null;
    };
    const name = nameOnPage(normaliseForMatch(founder.name ?? ''), text ?? '');
    if (!name || kept.some((k) => k.name === name.name)) continue;
    const title = found(founder.title, founderBounds.nameChars) ?? shortTitleAfter(name.name, founder.title, text ?? '');
    const bio = found(founder.bio, founderBounds.bioChars);
    kept.push({
      name: name.name,
      ...(title ? { title } : {}),
      ...(bio ? { bio } : {}),
      evidence: [name.quote, title, bio].filter((q): q is string => q !== null).map((quote) => ({ quote, url })),
    });
  }
  return kept;
}

/**
 * A founder's name as the page writes it: whole, or with a sibling or partner sharing the surname
 * ("Koen en Lisa Mulder" names Koen Mulder), quoted as written.
 */
function nameOnPage(name: string, text: string): { name: string; quote: string } | null {
  if (name.length < minQuoteChars || name.length > founderBounds.nameChars) return null;
  if (text.includes(name)) return { name, quote: name };
  const [first, ...surname] = name.split(' ');
  if (!surname.length) return null;
  const and = '(?:and|und|en|et|e|y|i|&)';
  const shared = new RegExp(
    `(?<![\\p{L}])${escapeRegExp(first)} ${and} \\p{Lu}\\p{Ll}+ ${escapeRegExp(surname.join(' '))}(?![\\p{L}])`,
    'u',
  );
  const quote = shared.exec(text)?.[0];
  return quote ? { name, quote } : null;
}

/**
 * A title shorter than a quote ("CEO") matches almost any page, so it is kept only when the page
 * states it right after the founder's name: "Jane Doe (CEO)", "Jane Doe, our CTO", "Jane Doe — CEO"
 * on a team list, or a card's title line under the name ("Jane Doe" then "CEO").
 */
function shortTitleAfter(name: string, title: string | undefined, text: string): string | null {
  const value = normaliseForMatch(title ?? '');
  if (!/^\p{L}{2,3}$/u.test(value)) return null;
  const pattern = new RegExp(`${escapeRegExp(name)}(?:\\s*\\(|,\\s+(?:\\p{L}+\\s+)?|\\s+[-|]\\s+|\\s+)${value}\\b`, 'u');
  return pattern.test(text) ? value : null;
}

function verifySocials(proposed: DraftProposal['socials'], texts: Map<string, string>): DraftedProfile['socials'] {
  const kept: DraftedProfile['socials'] = {};
  for (const social of proposed) {
    const platform = socialPlatformOf(social.url ?? '');
    if (!platform || platform !== social.platform || kept[platform]) continue;
    if (social.url.length > draftBounds.socialUrlChars) continue;
    const text = texts.get(pageKey(social.pageUrl ?? ''));
    if (!text?.includes(normaliseForMatch(social.url))) continue;
    kept[platform] = { url: social.url, evidence: [{ quote: social.url, url: pageKey(social.pageUrl) }] };
  }
  return kept;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
