import { clickPlaceOf, outboundUrl, referrerHost, statsRange, statsRangeProblem } from '../../src/domain/analytics.js';
import { hourlyMedian, median } from '../../src/domain/listing-stats.js';

describe('outbound clicks', () => {
  it.each([
    ['https://acme.example', 'https://acme.example/?ref=launch'],
    ['https://acme.example/a?b=1#top', 'https://acme.example/a?b=1&ref=launch#top'],
    ['https://acme.example/?', 'https://acme.example/?ref=launch'],
    ['https://acme.example/?ref=mine', 'https://acme.example/?ref=mine'],
    ['http://acme.example:8080/x', 'http://acme.example:8080/x?ref=launch'],
  ])('sends %s to %s', (website, target) => {
    expect(outboundUrl(website, 'launch')).toBe(target);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'acme.example', 'ftp://acme.example/', ''])(
    'sends nobody to %j',
    (website) => {
      expect(outboundUrl(website, 'launch')).toBeNull();
    },
  );

  it('names a place from a closed list, anything else being other', () => {
    expect(clickPlaceOf('leaderboard')).toBe('leaderboard');
    for (const value of ['LEADERBOARD', 'https://evil.example', ['week'], undefined, ''])
      expect(clickPlaceOf(value)).toBe('other');
  });

  it('keeps only the host of a referrer', () => {
    expect(referrerHost('https://News.Example/item?id=1#c')).toBe('news.example');
    expect(referrerHost('android-app://com.example')).toBeNull();
    expect(referrerHost('not a url')).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
  });
});

describe('stats ranges', () => {
  const now = new Date('2026-11-28T10:00:00Z');

  it('defaults to the last 30 days up to today', () => {
    expect(statsRange(undefined, undefined, now)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(statsRange(undefined, '2026-01-30', now)).toEqual({ from: '2026-01-01', to: '2026-01-30' });
  });

  it('allows 400 days and refuses 401, or a reversed range, naming the field', () => {
    expect(statsRangeProblem('2025-01-01', '2026-02-04', now)).toBeNull();
    expect(statsRangeProblem('2025-01-01', '2026-02-05', now)?.field).toBe('to');
    expect(statsRangeProblem('2026-02-05', '2026-02-04', now)?.field).toBe('to');
    expect(statsRangeProblem('2026-12-01', undefined, now)?.field).toBe('from');
  });
});

describe('medians', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBe(0);
    expect(median([5, 0, 3])).toBe(3);
    expect(median([4, 1, 2, 8])).toBe(3);
    expect(hourlyMedian([Array(24).fill(1), Array(24).fill(3)])).toEqual(Array(24).fill(2));
  });
});
