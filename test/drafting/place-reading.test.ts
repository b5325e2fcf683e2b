import type { CrawledPage } from '../../src/crawl/types.js';
import { textPage } from './text-page.js';
import { placeOf } from '../../src/drafting/place-reading.js';

/**
 * Where a company sits, from legal notices and about pages written after docs/corpus-brief.md
 * (none is copied from a corpus site): addresses without a country, local city names, seats in prose.
 */
const page = (path: string, lines: string[]): CrawledPage => textPage(`http://site.test/${path}`, lines);
const placeIn = (path: string, lines: string[]) => {
  const { city, country } = placeOf([], [page('', ['Home']), page(path, lines)]);
  return [city?.value ?? null, country?.value ?? null];
};

it.each([
  ['impressum', ['Zeitwerk GmbH', 'Mariahilfer Straße 45/3', '1060 Wien', 'Firmenbuchnummer: FN 123456 a'], 'Wien', 'AT'],
  ['note-legali', ['Sede legale: Via Roma 1, 10121 Torino (TO)', 'P.IVA 01234567890'], 'Torino', 'IT'],
  ['colofon', ['Grootboek B.V.', 'Oudegracht 12', '3511 AB Utrecht', 'KvK 12345678'], 'Utrecht', 'NL'],
  ['informacao-legal', ['Escola, Lda.', 'Rua Augusta 10, 1100-053 Lisboa'], 'Lisboa', 'PT'],
  [
    'mentions-legales',
    ['Siège social : Rue Royale 12, 1000 Bruxelles', "Numéro d'entreprise BE 0712.345.678"],
    'Bruxelles',
    'BE',
  ],
  ['contatti', ['Via Venezia 59, 35131 Padova', 'Tel. +39 049 123 4567'], 'Padova', 'IT'],
  ['impressum', ['Uhrwerk GmbH, Karl-Liebknecht-Straße 12, 04107 Leipzig'], 'Leipzig', null],
  ['colofon', ['Ontwerp en bouw: Studio Noord', 'Westerkade 4', '8011 AB Zwolle', 'KvK 87654321'], null, null],
  ['impressum', ['Webdesign von Pixelhaus GmbH, Hafenstraße 3, 20359 Hamburg'], null, null],
  ['ueber-uns', ['Wir sind ein Team von zwölf Leuten mit Sitz in Leipzig.'], 'Leipzig', null],
  ['chi-siamo', ['Siamo una startup con sede a Torino.'], 'Torino', null],
  ['over-ons', ['Grootboek is gevestigd in Utrecht.'], 'Utrecht', null],
])('%s: %j', (path, lines, city, country) => {
  expect(placeIn(path, lines)).toEqual([city, country]);
});
