import {
  allBadgeStyles,
  badgeSvg,
  parseBadgeFileName,
  badgeFileName,
  hasBadgeEmbed,
  badgeEmbedHtml,
} from '../../src/domain/badges.js';
import { mondayOf, resolveWeek, isoDate, weekState } from '../../src/domain/weeks.js';
import { searchTerms } from '../../src/domain/search-terms.js';
import { ratingTrend, unlockedSections, compareRows } from '../../src/domain/listing-facts.js';
import { Random } from '../../src/domain/random.js';

describe('weeks', () => {
  const wednesday = new Date('2026-11-18T15:00:00Z');
  it('snaps any day to its Monday (UTC)', () => {
    expect(isoDate(mondayOf(new Date('2026-11-22T23:59:59Z')))).toBe('2026-11-16');
    expect(isoDate(mondayOf(new Date('2026-11-16T00:00:00Z')))).toBe('2026-11-16');
    expect(isoDate(resolveWeek('2026-11-22', wednesday)!)).toBe('2026-11-16');
  });
  it('reads this, next, last and refuses what names no week', () => {
    expect(isoDate(resolveWeek('this', wednesday)!)).toBe('2026-11-16');
    expect(isoDate(resolveWeek('next', wednesday)!)).toBe('2026-11-23');
    expect(isoDate(resolveWeek('last', wednesday)!)).toBe('2026-11-09');
    expect(resolveWeek('next', wednesday, ['this', 'last'])).toBeNull();
    for (const bad of ['2026-02-29', '26-11-18', 'tomorrow', '2026-11-18x']) expect(resolveWeek(bad, wednesday)).toBeNull();
    expect(weekState(resolveWeek('next', wednesday)!, wednesday)).toBe('upcoming');
  });
});

describe('badges', () => {
  const subject = {
    siteName: 'Launch <Directory>',
    listingName: 'Acme & Co',
    listingSlug: 'acme',
    listingUrl: 'https://dir.example/listings/acme',
    publicUrl: 'https://dir.example',
  };
  it('draws every style as well-formed SVG with escaped text', () => {
    for (const style of allBadgeStyles()) {
      const svg = badgeSvg(subject, style);
      expect(svg).toContain('Launch &lt;Directory&gt;');
      expect(svg).not.toContain('<Directory>');
      expect(parseBadgeFileName(badgeFileName(style))).toEqual(style);
    }
    expect(allBadgeStyles()).toHaveLength(45);
    expect(parseBadgeFileName('standard-dark-xl.svg')).toBeNull();
  });
  it('recognises its embed code, also when the image alone is used', () => {
    const html = badgeEmbedHtml(subject, { shape: 'square', mode: 'light', size: 's' });
    expect(hasBadgeEmbed(html, subject)).toBe(true);
    expect(hasBadgeEmbed(`<img src='https://dir.example/badges/acme/pill-auto-m.svg'>`, subject)).toBe(true);
    expect(hasBadgeEmbed(`<img src="https://dir.example/badges/other/pill-auto-m.svg">`, subject)).toBe(false);
  });
});

describe('search terms and listing facts', () => {
  it('normalises the search box to unaccented lower-case words', () => {
    expect(searchTerms('  Café NOTES, café! ')).toEqual(['cafe', 'notes']);
    expect(searchTerms('')).toEqual([]);
  });
  it('unlocks paid sections and measures the Domain Rating trend', () => {
    expect(unlockedSections('paid', [])).toEqual(['story', 'milestones', 'media']);
    expect(unlockedSections('free', ['media'])).toEqual(['media']);
    expect(
      ratingTrend([
        { date: 'a', value: 30 },
        { date: 'b', value: 20 },
      ]),
    ).toEqual({ direction: 'down', change: -10 });
    expect(compareRows({ city: '' }, { city: 'Oslo' }).find((r) => r.fact === 'city')).toEqual({
      fact: 'city',
      a: null,
      b: 'Oslo',
    });
  });
  it('draws the same pseudo-random sequence from the same seed', () => {
    const a = new Random(5);
    const b = new Random(5);
    expect([a.next(), a.int(1, 6), a.pick(['x', 'y'])]).toEqual([b.next(), b.int(1, 6), b.pick(['x', 'y'])]);
  });
});
