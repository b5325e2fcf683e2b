import type { Orm } from '../db.js';
import { storeMail } from './outbox.js';
import type { Mailer, MailMessage, SendOptions } from './mailer.js';

/** The embedded default: nothing leaves the machine; mail lands in the outbox table. */
export function outboxMailer(orm: Orm): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage, options: SendOptions = {}) {
      await storeMail(options.within ?? orm.em.fork(), message);
    },
    async close() {},
  };
}
