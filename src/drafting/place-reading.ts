import type { CrawledPage } from '../crawl/types.js';
import { countryCodeOf } from '../domain/draft-fields.js';
import type { ProposedValue } from '../domain/evidence.js';
import { countriesOf, isCity, isCityOf } from './gazetteer.js';
import { countriesMarkedIn } from '../domain/country-marks.js';
import { countryNamesOf } from '../domain/country-names.js';
import { escapeRegExp } from './page-reading.js';
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
  /contact|kontakt|contato|contatt|about|company|imprint|impressum|legal|mentions|colofon|juridisch|termos|team|a-propos|ueber-uns|sobre|nosotros|quienes|chi-siamo|over-ons|(?:^|\/)over(?:\/|$)|quem-somos/;

export function placeOf(entities: Located<Record<string, unknown>>[], pages: CrawledPage[]): Place {
  return fromJsonLd(entities) ?? fromAddress(pages) ?? fromSentence(pages) ?? fromPostcode(pages) ?? fromSeat(pages) ?? none;
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

const segmentSeparator = /\s*[,·|\u2022]\s*|\s+[\u2013\u2014-]\s+/;
/** A legal line goes on after the address: "…, 31000 Toulouse, France. RCS Toulouse 888 412 339." */
const sentenceEnd = /(?<=\p{Ll}{2}\.)\s+(?=\p{Lu})/u;
/** A postcode before the city: "10119 Berlin", "4710-249 Braga", "9712 HL Groningen", "CH-1205 Genève". */
const postcodeCity = /^(?:[A-Z]{1,2}-)?\d{4,5}(?:-\d{3})?(?:\s[A-Z]{2})?\s+\p{Lu}/u;

/**
 * An address on one line, with the country among its parts: "Acme Ltd, 21 High Street, Manchester
 * M4 6AE, United Kingdom", "Classeo Sàrl · Rue de Carouge 98 · 1205 Genève · Suisse · hello@…",
 * "Porto Alegre – RS, Brasil". The city is the part with a postcode, else the last part before the
 * country that the gazetteer has in that country.
 */
export function addressIn(line: string): { city: string; country: string; countryCode: string } | null {
  for (const sentence of line.split(sentenceEnd)) {
    const segments = sentence
      .split(segmentSeparator)
      .map((s) => s.trim())
      .filter(Boolean);
    const at = segments.findIndex((s, i) => i > 0 && !/^[A-Za-z]{2}$/.test(s) && countryCodeOf(s.replace(/\.$/, '')));
    if (at < 0) continue;
    const country = segments[at].replace(/\.$/, '');
    const countryCode = countryCodeOf(country)!;
    const before = segments.slice(0, at).filter((s) => !streetWord.test(s));
    const withPostcode = before.filter((s) => postcodeCity.test(s) || /\p{L}\s+[A-Z\d]{2,4}\s\d[A-Z\d]{2}$/u.test(s));
    const known = before.map(placeName).filter((c): c is string => c !== null && isCityOf(c, countryCode));
    // An address has a street number or postcode somewhere; a sentence naming two places does not.
    const city = withPostcode.length && /\d/.test(sentence) ? placeName(withPostcode.at(-1)!) : known.at(-1);
    if (city && !/^[A-Z]{2}$/.test(city)) return { city, country, countryCode };
  }
  return null;
}

/**
 * A segment without its postcode and region code: "10119 Berlin" -> Berlin, "1016 DV Amsterdam" ->
 * Amsterdam, "Manchester M4 6AE" -> Manchester, "Sydney NSW 2000" -> Sydney, "København V" ->
 * København, "35131 Padova (PD)" -> Padova.
 */
function placeName(segment: string): string | null {
  const kept = segment
    .replace(/\([^()]*\)/g, ' ')
    .split(/\s+/)
    .filter((token) => token && !/\d/.test(token) && !/^[A-Z]{1,3}$/.test(token));
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
  const segments = line.split(/\s*[,\u00b7|\u2013\u2014]\s*|\s+-\s+/);
  const withPostcode = segments.find((s) => postcodeCity.test(s));
  if (withPostcode) return placeName(withPostcode);
  const names = segments.map(placeName).filter((n): n is string => n !== null);
  // "Providencia, Santiago": a district before its city.
  return names.filter((n) => isCityOf(n, country)).at(-1) ?? (/\d/.test(line) && names.length ? names[0] : null);
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
  for (const page of addressPagesOf(pages)) {
    const lines = page.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (hostedNear(lines, i)) continue;
      const oneLine = addressIn(lines[i]);
      const address = oneLine ? { ...oneLine, quote: lines[i] } : addressBlockAt(lines, i);
      if (!address) continue;
      const evidence = [{ quote: address.quote, url: page.url }];
      return { country: { value: address.countryCode, evidence }, city: { value: address.city, evidence } };
    }
  }
  return null;
}

/** The home page (its footer included), then the contact, about and legal pages. */
const addressPagesOf = (pages: CrawledPage[]) => [pages[0], ...pagesAt(pages, addressPages).filter((p) => p !== pages[0])];

/** A legal notice names the hosting provider with its own address. */
const hostingWord =
  /h[ée]bergeur|h[ée]bergement|h[ée]berg[ée] (?:par|chez)|\bhosting\b|\bhosted (?:by|at|with)\b|\bhost(?:ing)? provider\b|gehostet|webhosting|alojamiento|alojad[oa] (?:por|en)|hospedagem|hospedad[oa] (?:por|em)|hosting(?:provider|partij)/iu;
/** A colophon credits the designer, photographer or builder of the site, with their own address. */
const creditWord =
  /^(?:ontwerp|design|webdesign|fotografie|foto's|fotos|photos?|illustraties|illustrations?|teksten|tekst|texte|textes|ontwikkeling|development|realisatie|réalisation|conception|gestaltung|umsetzung|diseño|desarrollo|fotografía|progettazione|realizzazione|sviluppo|crédits?|credits?)(?:\s+(?:en|und|et|y|e|&|and)\s+\p{L}+)?\s*(?::|door\b|by\b|von\b|par\b|por\b|da\b)|\b(?:website|webseite|site web|sitio web|sito web|site) (?:gemaakt |gebouwd |réalisé |realizzato |desarrollado |desenvolvido )?(?:door|by|von|par|por|da|de)\b/iu;
/** Another business's address: the hosting provider's in a legal notice, the designer's in a colophon. */
const hostedNear = (lines: string[], i: number) =>
  lines.slice(Math.max(0, i - 3), i + 1).some((l) => hostingWord.test(l) || creditWord.test(l));

/**
 * An address that names no country ("Via Venezia 59, 35131 Padova", "9712 HL Groningen"): the city
 * beside the postcode when the gazetteer knows it. The country stays blank: nothing on the page states it.
 */
function fromPostcode(pages: CrawledPage[]): Place | null {
  for (const page of addressPagesOf(pages)) {
    const lines = page.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (hostedNear(lines, i)) continue;
      const segments = lines[i].split(segmentSeparator);
      // Brazil writes the postcode after the city and its state: "São Paulo – SP, 01310-100".
      const brazil = /\d{5}-\d{3}/.test(lines[i]) ? segments.filter((_, j) => /^[A-Z]{2}$/.test(segments[j + 1] ?? '')) : [];
      const city = [...segments.filter((s) => postcodeCity.test(s)), ...brazil]
        .map(placeName)
        .find((c) => c !== null && isCity(c));
      if (city)
        return {
          country: countryNamed(city, pages) ?? countryMarked(city, [page, ...addressPagesOf(pages)]),
          city: { value: city, evidence: [{ quote: lines[i], url: page.url }] },
        };
    }
  }
  return null;
}

/**
 * The country of a city whose address names none, when the site names that country elsewhere ("in
 * tutta Italia", "in ganz Deutschland") and the gazetteer has the city there.
 */
function countryNamed(city: string, pages: CrawledPage[]): ProposedValue | null {
  for (const code of countriesOf(city)) {
    const names = countryNamesOf(code).filter((n) => n.length > 3);
    if (!names.length) continue;
    const named = new RegExp(`(?<![\\p{L}])(?:${names.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'u');
    for (const page of pages) {
      const line = ownBlocks(page).find((b) => named.test(b.text));
      if (line) return { value: code, evidence: [{ quote: line.text, url: page.url }] };
    }
  }
  return null;
}

/**
 * The country of a city whose address names none, from a register, VAT or phone number that marks
 * a country the gazetteer has the city in ("KvK 72011938" beside "9712 HL Groningen").
 */
function countryMarked(city: string, pages: CrawledPage[]): ProposedValue | null {
  for (const page of pages) {
    for (const line of page.text.split('\n')) {
      const code = countriesMarkedIn(line).find((c) => isCityOf(city, c));
      if (code) return { value: code, evidence: [{ quote: line, url: page.url }] };
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

/** Where a company says it sits, in the seven languages: "based in", "mit Sitz in", "basée à", "con sede en", "gevestigd in". */
const seatWords =
  /(?:based|headquartered|located) in|(?:mit )?sitz in|ansässig in|(?:basée?|installée?|implantée?) à|siège (?:social )?à|con sede (?:en|a|in)|ha sede a|sediad[oa] em|com sede em|baseada em|gevestigd (?:in|te)/iu;
const placeAfter = new RegExp(`(?:${seatWords.source})\\s+(\\p{Lu}[\\p{L}'-]+(?:\\s\\p{Lu}[\\p{L}'-]+)?)`, 'iu');

/**
 * A city named in a sentence about where the company sits ("Wir sind ein Team mit Sitz in Leipzig"),
 * when the gazetteer knows it; its country only where the site names or marks it.
 */
function fromSeat(pages: CrawledPage[]): Place | null {
  for (const page of pages) {
    for (const block of ownBlocks(page)) {
      const city = placeAfter.exec(block.text)?.[1];
      if (!city || !isCity(city)) continue;
      return {
        country: countryNamed(city, pages) ?? countryMarked(city, addressPagesOf(pages)),
        city: { value: city, evidence: [{ quote: block.text, url: page.url }] },
      };
    }
  }
  return null;
}
