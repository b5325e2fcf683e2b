import type { CrawledPage } from '../crawl/types.js';
import { countryCodeOf } from '../domain/draft-fields.js';
import type { ProposedValue } from '../domain/evidence.js';
import { isCityOf } from './gazetteer.js';
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
const addressPages =
  /contact|kontakt|contato|about|company|imprint|impressum|legal|mentions|team|a-propos|ueber-uns|sobre|nosotros|quienes/;

export function placeOf(entities: Located<Record<string, unknown>>[], pages: CrawledPage[]): Place {
  return fromJsonLd(entities) ?? fromAddress(pages) ?? fromSentence(pages) ?? none;
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

/**
 * A segment without its postcode and region code: "10119 Berlin" -> Berlin, "1016 DV Amsterdam" ->
 * Amsterdam, "Manchester M4 6AE" -> Manchester, "Sydney NSW 2000" -> Sydney, "København V" -> København.
 */
function placeName(segment: string): string | null {
  const kept = segment.split(/\s+/).filter((token) => !/\d/.test(token) && !/^[A-Z]{1,3}$/.test(token));
  const name = kept.join(' ');
  return /^\p{Lu}[\p{L}'. -]*$/u.test(name) && name.length <= 60 && kept.length <= 4 ? name : null;
}

/** A line that is only a postcode ("01310-100", "T12 Y275"): addresses put it between the city and the country. */
const postcodeLine = /^(?=.*\d)[A-Z\d][A-Z\d -]{2,9}$/;
const streetWord =
  /\b(street|st|road|rd|avenue|ave|av|lane|way|suite|floor|unit|level|stra(ss|ß)e|allee|platz|weg|rue|calle|avenida|rua|travessa|gracht|straat|vägen|gatan)\b|str\.|gasse|straße/i;

/**
 * The city of an address line whose country is known: a place the gazetteer has in that country,
 * else the name beside a postcode ("80339 München") when the line is not a street.
 */
function cityOfLine(line: string, country: string): string | null {
  if (streetWord.test(line)) return null;
  const names = line
    .split(/\s*[,\u00b7|\u2013\u2014]\s*|\s+-\s+/)
    .map(placeName)
    .filter((n): n is string => n !== null);
  return names.find((n) => isCityOf(n, country)) ?? (/\d/.test(line) && names.length ? names[0] : null);
}

/** An address written on separate lines: street, postcode and city, (postcode,) country. */
function addressBlockAt(lines: string[], i: number): { city: string; countryCode: string; quote: string } | null {
  const country = lines[i].replace(/\.$/, '');
  if (/^[A-Za-z]{2}$/.test(country)) return null;
  const countryCode = countryCodeOf(country);
  if (!countryCode) return null;
  for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
    if (postcodeLine.test(lines[j])) continue;
    const city = cityOfLine(lines[j], countryCode);
    return city ? { city, countryCode, quote: lines.slice(j, i + 1).join('\n') } : null;
  }
  return null;
}

/** A postal address on the home page (its footer included), else on a contact, about or legal page. */
function fromAddress(pages: CrawledPage[]): Place | null {
  const ordered = [pages[0], ...pagesAt(pages, addressPages).filter((p) => p !== pages[0])];
  for (const page of ordered) {
    const lines = page.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const oneLine = addressIn(lines[i]);
      const address = oneLine ? { ...oneLine, quote: lines[i] } : addressBlockAt(lines, i);
      if (!address) continue;
      const evidence = [{ quote: address.quote, url: page.url }];
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
