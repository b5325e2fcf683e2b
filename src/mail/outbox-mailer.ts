import type { Orm } from '../db.js';
import { storeMail } from './outbox.js';
import type { Mailer, MailMessage } from './mailer.js';

/** The embedded default: nothing leaves the machine; mail lands in the outbox table. */
export function outboxMailer(orm: Orm): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await storeMail(orm.em.fork(), message);
    },
    async close() {},
  };
}
