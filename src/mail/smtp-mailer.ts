import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/** Delivers through an SMTP server given as a URL (smtp:// or smtps://, credentials inside). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    async close() {
      transport.close();
    },
  };
}
