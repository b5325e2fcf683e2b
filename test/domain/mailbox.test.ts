import { mailboxOf } from '../../src/domain/mailbox.js';

describe('mailboxOf', () => {
  it('drops a plus tag and letter case, and nothing else', () => {
    expect(mailboxOf('a+x@example.com')).toBe('a@example.com');
    expect(mailboxOf(' A+News+2@Example.COM ')).toBe('a@example.com');
    expect(mailboxOf('first.last@example.com')).toBe('first.last@example.com');
    expect(mailboxOf('a@plus+domain.example')).toBe('a@plus+domain.example');
    // A local part that is only a tag is its own mailbox.
    expect(mailboxOf('+x@example.com')).toBe('+x@example.com');
  });
});
