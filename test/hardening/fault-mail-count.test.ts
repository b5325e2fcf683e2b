import { messagesOf } from '../../bench/faults/check.js';
import type { ReceivedMail } from '../support/smtp-server.js';

/**
 * The fault check counts messages, not deliveries: a copy resent with the same Message-ID and text
 * (SMTP's window before the commit) is one message; another Message-ID or other text is another.
 */
const mail = (messageId: string, text: string, boundary = 'a1b2'): ReceivedMail => ({
  from: 'site@example.test',
  to: ['fan@example.test'],
  subject: 'Acme has launched on Launch Directory',
  messageId,
  text: `------_NmP-${boundary}-Part_1\r\n${text}\r\n------_NmP-${boundary}-Part_1--`,
});

it('counts a resent copy as the same message, whatever its MIME boundary', () => {
  expect(messagesOf([mail('<launch-1.follower-2@x>', 'Hello'), mail('<launch-1.follower-2@x>', 'Hello', 'c3d4')])).toEqual({
    messages: 1,
    copies: 1,
  });
});

it('counts a second Message-ID, other text under the same one, or mail without one as messages of their own', () => {
  expect(messagesOf([mail('<launch-1.follower-2@x>', 'Hello'), mail('<launch-1.follower-3@x>', 'Hello')])).toEqual({
    messages: 2,
    copies: 0,
  });
  expect(messagesOf([mail('<receipt-O1@x>', 'INV-1'), mail('<receipt-O1@x>', 'INV-2')])).toEqual({ messages: 2, copies: 0 });
  expect(messagesOf([mail('', 'Hello'), mail('', 'Hello')])).toEqual({ messages: 2, copies: 0 });
});
