import type { Config } from '../config.js';
import type { Orm } from '../db.js';
import type { Mailer } from './mailer.js';
import { outboxMailer } from './outbox-mailer.js';
import { smtpMailer } from './smtp-mailer.js';

export type { Mailer, MailMessage, SendOptions } from './mailer.js';

/** SMTP when SMTP_URL is set; else the outbox, which production refuses (mail would vanish). */
export function createMailer(config: Config, orm: Orm): Mailer {
  if (config.mail.smtpUrl) return smtpMailer(config.mail.smtpUrl, config.mail.from);
  if (config.env === 'production') throw new Error('SMTP_URL is required in production: without it no mail would be delivered.');
  return outboxMailer(orm);
}
