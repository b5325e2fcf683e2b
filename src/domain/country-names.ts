import { createRequire } from 'node:module';

/**
 * Country names as websites write them in their own language ("Deutschland", "España", "Brasil",
 * "USA", "The Netherlands"), from i18n-iso-countries. A site states its country in its language,
 * so both the drafters and the evidence verifier must know these names, not only the English one.
 */
const languages = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'da', 'sv', 'nb', 'fi', 'pl'] as const;

interface CountriesLibrary {
  registerLocale(locale: unknown): void;
  getNames(lang: string, options: { select: 'all' }): Record<string, string[]>;
}

let names: { byCode: Map<string, string[]>; byName: Map<string, string> } | null = null;

const fold = (text: string) => text.normalize('NFC').trim().toLowerCase();

function loaded() {
  if (names) return names;
  const require = createRequire(import.meta.url);
  const library = require('i18n-iso-countries') as CountriesLibrary;
  const byCode = new Map<string, string[]>();
  const byName = new Map<string, string>();
  for (const lang of languages) {
    library.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));
    for (const [code, list] of Object.entries(library.getNames(lang, { select: 'all' }))) {
      byCode.set(code, [...new Set([...(byCode.get(code) ?? []), ...list])]);
      // Two-letter names ("US", "UK") read as codes elsewhere; a name keeps its first country.
      for (const name of list) if (name.length > 2 && !byName.has(fold(name))) byName.set(fold(name), code);
    }
  }
  names = { byCode, byName };
  return names;
}

/** Every name of a country (ISO alpha-2 code) in the supported languages, aliases included. */
export function countryNamesOf(code: string): string[] {
  return loaded().byCode.get(code) ?? [];
}

/** The ISO alpha-2 code of a country name in any supported language ("Deutschland" -> "DE"), or null. */
export function countryCodeByName(name: string): string | null {
  return loaded().byName.get(fold(name.replace(/\.$/, ''))) ?? null;
}
