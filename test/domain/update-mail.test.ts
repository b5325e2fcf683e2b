import { updateMailOf, updateMailWindowMs } from '../../src/domain/update-mail.js';

describe('updateMailOf', () => {
  const oldestAt = new Date('2026-03-02T09:30:00Z');

  it('mails while fewer than the day allows were mailed in the last 24 hours', () => {
    expect(updateMailOf({ mailed: 0, oldestAt: null }, 1)).toEqual({ mailed: true });
    expect(updateMailOf({ mailed: 2, oldestAt }, 3)).toEqual({ mailed: true });
  });

  it('refuses mail at the limit, until the oldest mailed update is a day old', () => {
    expect(updateMailOf({ mailed: 1, oldestAt }, 1)).toEqual({
      mailed: false,
      nextMailAt: new Date(oldestAt.getTime() + updateMailWindowMs),
    });
    expect(updateMailOf({ mailed: 3, oldestAt }, 3)).toEqual({ mailed: false, nextMailAt: new Date('2026-03-03T09:30:00Z') });
  });

  it('never mails when the limit is 0, and names no moment', () => {
    expect(updateMailOf({ mailed: 0, oldestAt: null }, 0)).toEqual({ mailed: false, nextMailAt: null });
  });
});
