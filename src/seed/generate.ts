import { Random } from '../domain/random.js';
import type { ListingStatus } from '../domain/listing-status.js';
import { addDays, addWeeks, isoDate, mondayOf } from '../domain/weeks.js';
import { seedCategories, type SeedCategory, type SeedSubcategory } from './categories.js';
import * as words from './vocabulary.js';

/** Deterministic demo listings: the same count, date and seed give the same catalogue. */

export interface SeedFounder {
  slug: string;
  name: string;
  title: string;
  bio: string;
  country: string;
  socials: Record<string, string>;
}

export interface SeedListing {
  slug: string;
  name: string;
  tagline: string;
  short_description: string;
  description: string;
  stage: string;
  pricing_model: string;
  pricing_summary: string | null;
  country: string;
  city: string | null;
  founded_year: number | null;
  website_url: string;
  domain: string;
  logo_url: string;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  categories: string[];
  socials: Record<string, string>;
  faqs: Array<{ question: string; answer: string }>;
  not_found_on_website: string[];
  plan: 'free' | 'paid';
  unlocked_sections: string[];
  status: ListingStatus;
  launch_week: string | null;
  launched_at: string | null;
  view_count: number;
  owned: boolean;
  /** How many community votes and follows the seed gives it. */
  votes: number;
  followers: number;
  founders: SeedFounder[];
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

/** How many weeks back launches reach: about 70 a week, between 8 weeks and 2 years. */
export function weeksBack(count: number): number {
  return Math.min(104, Math.max(8, Math.ceil(count / 70)));
}

export function* generateListings(count: number, now: Date, seed = 42): Generator<SeedListing> {
  const rnd = new Random(seed);
  const usedNames = new Set<string>();
  const foundersByName = new Map<string, number>();
  // At most two new founders a listing.
  const earlierFounders = new FounderBook(2 * count);
  const thisMonday = mondayOf(now);
  const back = weeksBack(count);
  const subs = seedCategories.flatMap((c) => c.subcategories.map((s) => ({ parent: c, sub: s })));

  for (let i = 0; i < count; i++) {
    const name = uniqueName(rnd, usedNames, i);
    const slug = slugify(name);
    const { parent, sub } = rnd.pick(subs);
    const place = rnd.pick(words.places);
    const noun = rnd.pick(sub.nouns);
    const audience = rnd.pick(words.audiences);
    const adjective = rnd.pick(words.adjectives);
    const plan = rnd.chance(0.15) ? 'paid' : 'free';
    const when = launchOf(rnd, now, thisMonday, back);
    const live = when.status === 'live';
    const city = rnd.chance(0.85) ? rnd.pick(place.cities) : null;
    const foundedYear = rnd.chance(0.8) ? rnd.int(2012, now.getUTCFullYear()) : null;
    const pricingModel = rnd.pick(words.pricingModels);
    const pricingSummary =
      pricingModel === 'free' || pricingModel === 'open-source'
        ? 'Free forever'
        : rnd.chance(0.8)
          ? `From $${rnd.pick([5, 9, 12, 19, 29, 49, 99])} per month`
          : null;
    const domain = `${slug.replace(/-/g, '')}.example`;
    const features = rnd.sample(sub.features, rnd.int(3, sub.features.length));
    const benefit = rnd.pick(words.benefits);
    yield {
      slug,
      name,
      tagline: `${adjective} ${noun} for ${audience}`,
      short_description: `${name} is a ${adjective.toLowerCase()} ${noun} for ${audience} that ${benefit}.`,
      description: description(name, noun, audience, features, benefit, parent, sub),
      stage: rnd.pick(words.stages),
      pricing_model: pricingModel,
      pricing_summary: pricingSummary,
      country: place.country,
      city,
      founded_year: foundedYear,
      website_url: `https://${domain}`,
      domain,
      logo_url: `https://${domain}/logo.png`,
      features,
      usps: [`Built for ${audience}`, benefit.charAt(0).toUpperCase() + benefit.slice(1)],
      keywords: [noun, sub.name.toLowerCase(), parent.name.toLowerCase(), ...rnd.sample(sub.nouns, 1)].filter(
        (k, n, all) => all.indexOf(k) === n,
      ),
      tags: [sub.slug, pricingModel],
      categories:
        plan === 'paid' && rnd.chance(0.5)
          ? [
              sub.slug,
              ...rnd
                .sample(subs, 2)
                .map((s) => s.sub.slug)
                .filter((s) => s !== sub.slug),
            ]
          : [sub.slug],
      socials: rnd.chance(0.7) ? { x: `https://x.example/${slug}`, linkedin: `https://linkedin.example/company/${slug}` } : {},
      faqs: [
        { question: `Who is ${name} for?`, answer: `${name} is made for ${audience}.` },
        { question: `How much does ${name} cost?`, answer: pricingSummary ?? 'The website does not say.' },
      ],
      not_found_on_website: [
        ...(city ? [] : ['city']),
        ...(foundedYear ? [] : ['founded_year']),
        ...(pricingSummary ? [] : ['pricing_summary']),
      ],
      plan,
      unlocked_sections: plan === 'free' && rnd.chance(0.05) ? ['story'] : [],
      status: when.status,
      launch_week: when.week,
      launched_at: when.launchedAt,
      view_count: live ? rnd.skewed(20000, 3) : 0,
      owned: rnd.chance(0.3),
      votes: live ? rnd.skewed(120, 6) : 0,
      followers: live || when.status === 'scheduled' ? rnd.skewed(40, 5) : 0,
      founders: foundersOf(rnd, place.country, foundersByName, earlierFounders),
    };
  }
}

function uniqueName(rnd: Random, used: Set<string>, i: number): string {
  for (let attempt = 0; attempt < 6; attempt++) {
    const name = `${rnd.pick(words.namePrefixes)}${rnd.pick(words.nameSuffixes)}${rnd.pick(words.nameQualifiers)}`;
    if (!used.has(slugify(name))) {
      used.add(slugify(name));
      return name;
    }
  }
  const name = `${rnd.pick(words.namePrefixes)}${rnd.pick(words.nameSuffixes)} ${i}`;
  used.add(slugify(name));
  return name;
}

/** Most launches are live in a past or the current week; some wait for a future week. */
function launchOf(
  rnd: Random,
  now: Date,
  thisMonday: Date,
  back: number,
): { status: ListingStatus; week: string | null; launchedAt: string | null } {
  const roll = rnd.next();
  if (roll < 0.06) return { status: 'scheduled', week: isoDate(addWeeks(thisMonday, rnd.int(1, 4))), launchedAt: null };
  if (roll < 0.08) return { status: 'awaiting_badge', week: isoDate(addWeeks(thisMonday, rnd.int(3, 6))), launchedAt: null };
  if (roll < 0.1) return { status: 'draft', week: null, launchedAt: null };
  if (roll < 0.11) return { status: 'archived', week: null, launchedAt: null };
  const monday = addWeeks(thisMonday, -rnd.int(0, back));
  const elapsedDays = Math.floor((now.getTime() - monday.getTime()) / 86_400_000);
  const day = addDays(monday, rnd.int(0, Math.min(6, elapsedDays)));
  const launchedAt = new Date(Math.min(now.getTime(), day.getTime() + rnd.int(7, 18) * 3_600_000));
  return { status: 'live', week: isoDate(monday), launchedAt: launchedAt.toISOString() };
}

function description(
  name: string,
  noun: string,
  audience: string,
  features: string[],
  benefit: string,
  parent: SeedCategory,
  sub: SeedSubcategory,
): string {
  return [
    `${name} is a ${noun} built for ${audience}.`,
    `It ${benefit}, and brings ${features
      .slice(0, 3)
      .map((f) => f.toLowerCase())
      .join(', ')} together in one ${sub.name.toLowerCase()} product.`,
    `Teams looking at ${parent.name.toLowerCase()} tools choose it because it is quick to start with and easy to leave: every export is open.`,
  ].join(' ');
}

const blogTopics = ['product design', 'bootstrapping', 'remote work', 'developer experience', 'growth'];

/** An index drawn as `rnd.pick` draws it. */
const draw = (rnd: Random, length: number) => Math.floor(rnd.next() * length);

/**
 * The founders made so far, kept as the draws that made each (a few bytes in typed arrays), so
 * that a million founders are not a million objects; a founder picked again is rebuilt alike.
 */
class FounderBook {
  length = 0;
  private readonly first: Uint16Array;
  private readonly last: Uint16Array;
  private readonly suffix: Uint32Array;
  private readonly title: Uint8Array;
  private readonly audience: Uint16Array;
  private readonly topic: Uint8Array;
  private readonly country: string[] = [];

  constructor(capacity: number) {
    this.first = new Uint16Array(capacity);
    this.last = new Uint16Array(capacity);
    this.suffix = new Uint32Array(capacity);
    this.title = new Uint8Array(capacity);
    this.audience = new Uint16Array(capacity);
    this.topic = new Uint8Array(capacity);
  }

  add(d: FounderDraws): void {
    const i = this.length++;
    [this.first[i], this.last[i], this.suffix[i], this.title[i], this.audience[i], this.topic[i]] = [
      d.first,
      d.last,
      d.suffix,
      d.title,
      d.audience,
      d.topic,
    ];
    this.country[i] = d.country;
  }

  get(i: number): SeedFounder {
    return founderOf({
      first: this.first[i],
      last: this.last[i],
      suffix: this.suffix[i],
      title: this.title[i],
      audience: this.audience[i],
      topic: this.topic[i],
      country: this.country[i],
    });
  }
}

/** Indexes into the vocabulary, and the number that makes the slug unique (1: none). */
interface FounderDraws {
  first: number;
  last: number;
  suffix: number;
  title: number;
  audience: number;
  topic: number;
  country: string;
}

function founderOf(d: FounderDraws): SeedFounder {
  const name = `${words.firstNames[d.first]} ${words.lastNames[d.last]}`;
  const slug = d.suffix > 1 ? `${slugify(name)}-${d.suffix}` : slugify(name);
  return {
    slug,
    name,
    title: words.founderTitles[d.title],
    bio: `${name.split(' ')[0]} builds software for ${words.audiences[d.audience]} and writes about ${blogTopics[d.topic]}.`,
    country: d.country,
    socials: { x: `https://x.example/${slug}` },
  };
}

/**
 * `sharing` counts the founders made so far per name slug. Names have no digits, so the founders
 * sharing a name slug have suffixes 1 to that count, and the next one takes the count plus one.
 */
function foundersOf(rnd: Random, country: string, sharing: Map<string, number>, earlier: FounderBook): SeedFounder[] {
  if (earlier.length > 20 && rnd.chance(0.08)) return [earlier.get(draw(rnd, earlier.length))];
  const founders: SeedFounder[] = [];
  for (let n = rnd.chance(0.3) ? 2 : 1; n > 0; n--) {
    const first = draw(rnd, words.firstNames.length);
    const last = draw(rnd, words.lastNames.length);
    const base = slugify(`${words.firstNames[first]} ${words.lastNames[last]}`);
    const suffix = (sharing.get(base) ?? 0) + 1;
    sharing.set(base, suffix);
    const draws = {
      first,
      last,
      suffix,
      title: draw(rnd, words.founderTitles.length),
      audience: draw(rnd, words.audiences.length),
      topic: draw(rnd, blogTopics.length),
      country,
    };
    founders.push(founderOf(draws));
    earlier.add(draws);
  }
  return founders;
}
