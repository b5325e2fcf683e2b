import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/** Delivers through an SMTP server given as a URL (smtp:// or smtps://, credentials inside). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      const { to, subject, text, html, messageId } = message;
      await transport.sendMail({ from, to, subject, text, html, messageId });
    },
    async close() {
      transport.close();
    },
  };
}
