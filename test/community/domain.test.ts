import { followRefusal, parseReason, parseReview, reviewRefusal, voteRefusal } from '../../src/domain/community.js';

describe('community rules', () => {
  it('lets people vote only for live listings they do not own', () => {
    expect(voteRefusal({ status: 'live', ownerId: 7 }, 8)).toBeNull();
    expect(voteRefusal({ status: 'live', ownerId: null }, 8)).toBeNull();
    expect(voteRefusal({ status: 'live', ownerId: 8 }, 8)).toBe('You cannot vote for your own listing.');
    for (const status of ['scheduled', 'draft', 'awaiting_badge', 'archived', 'rejected'] as const)
      expect(voteRefusal({ status, ownerId: null }, 8)).toBe('Votes open when the listing is live.');
  });

  it('lets people follow public listings and review live ones', () => {
    expect(followRefusal({ status: 'scheduled' })).toBeNull();
    expect(followRefusal({ status: 'live' })).toBeNull();
    expect(followRefusal({ status: 'archived' })).not.toBeNull();
    expect(reviewRefusal({ status: 'live' })).toBeNull();
    expect(reviewRefusal({ status: 'scheduled' })).not.toBeNull();
  });

  it('reads a rating of 1 to 5 and at most 2000 characters of text', () => {
    expect(parseReview('4', '  Good.\r\n')).toEqual({ review: { rating: 4, body: 'Good.' }, problems: [] });
    expect(parseReview(5, undefined)).toEqual({ review: { rating: 5, body: '' }, problems: [] });
    expect(parseReview('0', '').problems).toEqual([{ path: 'rating', message: 'a whole number of stars from 1 to 5' }]);
    expect(parseReview('4.5', '').problems).toHaveLength(1);
    expect(parseReview(undefined, '').problems).toHaveLength(1);
    expect(parseReview('3', 'x'.repeat(2000)).review?.body).toHaveLength(2000);
    expect(parseReview('3', 'x'.repeat(2001)).problems).toEqual([{ path: 'body', message: 'at most 2000 characters' }]);
  });

  it('reads a reason in words', () => {
    expect(parseReason('  spam ', 500)).toBe('spam');
    expect(parseReason('   ', 500)).toBeNull();
    expect(parseReason('x'.repeat(501), 500)).toBeNull();
    expect(parseReason(undefined, 500)).toBeNull();
  });
});
