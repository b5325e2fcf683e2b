import {
  listingEvents,
  listingStatuses,
  moveListing,
  type ListingEvent,
  type ListingStatus,
} from '../../src/domain/listing-status.js';

describe('listing status transitions', () => {
  it.each<[ListingStatus | null, ListingEvent, ListingStatus]>([
    [null, 'submit', 'draft'],
    ['draft', 'choose_free', 'awaiting_badge'],
    ['awaiting_badge', 'gates_met', 'scheduled'],
    ['awaiting_badge', 'weeks_missed', 'draft'],
    ['draft', 'paid_launch_scheduled', 'scheduled'],
    ['awaiting_badge', 'paid_launch_scheduled', 'scheduled'],
    ['scheduled', 'paid_launch_scheduled', 'scheduled'],
    ['draft', 'paid_launch_now', 'live'],
    ['awaiting_badge', 'paid_launch_now', 'live'],
    ['scheduled', 'launch_week_began', 'live'],
    ['scheduled', 'reject', 'rejected'],
    ['live', 'archive', 'archived'],
    ['rejected', 'archive', 'archived'],
  ])('moves %s by %s to %s', (from, event, to) => {
    expect(moveListing(from, event)).toEqual({ ok: true, status: to });
  });

  it.each<[ListingStatus | null, ListingEvent, string]>([
    ['draft', 'submit', 'The listing is draft: it can be created by a submit only when it is not created yet.'],
    [null, 'choose_free', 'There is no listing yet: it can be queued for a free launch only when it is draft.'],
    ['live', 'choose_free', 'The listing is live: it can be queued for a free launch only when it is draft.'],
    ['awaiting_badge', 'choose_free', 'The listing is awaiting_badge: it can be queued for a free launch only when it is draft.'],
    ['draft', 'launch_week_began', 'The listing is draft: it can go live in its launch week only when it is scheduled.'],
    [
      'live',
      'paid_launch_now',
      'The listing is live: it can go live by a paid launch only when it is draft or awaiting_badge or scheduled.',
    ],
    [
      'archived',
      'archive',
      'The listing is archived: it can be archived only when it is draft or awaiting_badge or scheduled or live or rejected.',
    ],
  ])('refuses to move %s by %s, saying why', (from, event, reason) => {
    expect(moveListing(from, event)).toEqual({ ok: false, reason });
  });

  it('lets nothing leave archived, and nothing but submit start a listing', () => {
    for (const event of listingEvents) {
      expect(moveListing('archived', event).ok).toBe(false);
      expect(moveListing(null, event).ok).toBe(event === 'submit');
    }
  });

  it('only ever answers a known status', () => {
    for (const from of [null, ...listingStatuses]) {
      for (const event of listingEvents) {
        const move = moveListing(from, event);
        if (move.ok) expect(listingStatuses).toContain(move.status);
      }
    }
  });
});
