import type { Config } from '../config.js';
import type { Orm } from '../db.js';
import type { Mailer } from './mailer.js';
import { outboxMailer } from './outbox-mailer.js';
import { smtpMailer } from './smtp-mailer.js';
import { countMail } from '../platform/metrics.js';

export type { Mailer, MailMessage, SendOptions } from './mailer.js';
export { stableMessageId } from './mailer.js';

/** SMTP when SMTP_URL is set; else the outbox, which production refuses (mail would vanish). */
export function createMailer(config: Config, orm: Orm): Mailer {
  if (config.mail.smtpUrl) return counted(smtpMailer(config.mail.smtpUrl, config.mail.from));
  if (config.env === 'production') throw new Error('SMTP_URL is required in production: without it no mail would be delivered.');
  return counted(outboxMailer(orm));
}

/** Counts each mail sent or failed (docs/operations.md). */
function counted(mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    async send(message, options) {
      try {
        await mailer.send(message, options);
        countMail(mailer.kind, 'sent');
      } catch (error) {
        countMail(mailer.kind, 'failed');
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
