import type { CrawledPage } from '../crawl/types.js';
import { countryCodeOf } from '../domain/draft-fields.js';
import type { ProposedValue } from '../domain/evidence.js';
import { ownBlocks, pagesAt, type Located } from './page-reading.js';

/**
 * Where the company is: the JSON-LD postal address, else a postal address written on the site
 * (footer legal line, contact or imprint page), else a sentence such as "we are based in Lisbon,
 * Portugal". Only the site's own pages count, never quotations.
 */
export interface Place {
  country: ProposedValue | null;
  city: ProposedValue | null;
}

const none: Place = { country: null, city: null };
const addressPages = /contact|about|company|imprint|impressum|legal|mentions|team|a-propos/;

export function placeOf(entities: Located<Record<string, unknown>>[], pages: CrawledPage[]): Place {
  return fromJsonLd(entities) ?? fromAddressLine(pages) ?? fromSentence(pages) ?? none;
}

function fromJsonLd(entities: Located<Record<string, unknown>>[]): Place | null {
  for (const { value, url } of entities) {
    const address = value.address as Record<string, unknown> | undefined;
    if (!address || typeof address !== 'object') continue;
    const country = typeof address.addressCountry === 'string' ? address.addressCountry : null;
    const city = typeof address.addressLocality === 'string' ? address.addressLocality : null;
    if (!country && !city) continue;
    return {
      country: country ? { value: country, evidence: [{ quote: `addressCountry: ${country}`, url }] } : null,
      city: city ? { value: city, evidence: [{ quote: `addressLocality: ${city}`, url }] } : null,
    };
  }
  return null;
}

const segmentSeparator = /\s*[,·|\u2022]\s*/;

/** "Acme Ltd, 21 High Street, Manchester M4 6AE, United Kingdom" -> Manchester, GB. */
export function addressIn(line: string): { city: string; country: string; countryCode: string } | null {
  const segments = line
    .split(segmentSeparator)
    .map((s) => s.trim())
    .filter(Boolean);
  // An address has a street number or postcode somewhere; a sentence naming two places does not.
  if (segments.length < 3 || !/\d/.test(line)) return null;
  const country = segments[segments.length - 1].replace(/\.$/, '');
  const countryCode = countryCodeOf(country);
  if (!countryCode || /^[A-Za-z]{2}$/.test(country)) return null;
  for (let i = segments.length - 2; i >= 1; i--) {
    const city = placeName(segments[i]);
    // A US state or Canadian province code stands between the city and the country.
    if (city && !/^[A-Z]{2}$/.test(city)) return { city, country, countryCode };
  }
  return null;
}

/** A segment without its postcode: "10119 Berlin" -> Berlin, "1016 DV Amsterdam" -> Amsterdam, "Manchester M4 6AE" -> Manchester. */
function placeName(segment: string): string | null {
  const kept: string[] = [];
  let afterNumber = false;
  for (const token of segment.split(/\s+/)) {
    if (/\d/.test(token)) {
      afterNumber = true;
      continue;
    }
    if (afterNumber && /^[A-Z]{1,3}$/.test(token)) continue;
    afterNumber = false;
    kept.push(token);
  }
  const name = kept.join(' ');
  return /^\p{Lu}[\p{L}'. -]*$/u.test(name) && name.length <= 60 && name.split(' ').length <= 4 ? name : null;
}

function fromAddressLine(pages: CrawledPage[]): Place | null {
  const ordered = [pages[0], ...pagesAt(pages, addressPages).filter((p) => p !== pages[0])];
  for (const page of ordered) {
    for (const line of page.text.split('\n')) {
      const address = addressIn(line);
      if (!address) continue;
      const evidence = [{ quote: line, url: page.url }];
      return { country: { value: address.countryCode, evidence }, city: { value: address.city, evidence } };
    }
  }
  return null;
}

const sentence =
  /\b(?:based|headquartered|located|founded|started|fondée?|gegründet|fundada|fundado)\b[^.]*?\b(?:in|à|en) (\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?), (\p{Lu}[\p{L}-]+(?: \p{Lu}[\p{L}-]+)*)/u;

function fromSentence(pages: CrawledPage[]): Place | null {
  for (const page of pages) {
    for (const block of ownBlocks(page)) {
      const match = sentence.exec(block.text);
      const code = match ? countryCodeOf(match[2]) : null;
      if (match && code) {
        const evidence = [{ quote: block.text, url: page.url }];
        return { country: { value: code, evidence }, city: { value: match[1], evidence } };
      }
    }
  }
  return null;
}
