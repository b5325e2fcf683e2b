import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { html } from '../platform/html.js';
import { createSignInLink, recentSignInLinks } from './sign-in-links.js';

/** At most this many sign-in mails to one address per quarter hour: nobody's inbox is flooded. */
const mailsPerAddress = 5;
const windowMinutes = 15;

export interface SignInMailSettings {
  siteName: string;
  publicUrl: string;
  ttlMinutes: number;
}

/** Mails a one-time sign-in link to `email`, unless that address had several lately (429). */
export async function sendSignInLink(
  em: EntityManager,
  mailer: Mailer,
  settings: SignInMailSettings,
  email: string,
  returnTo: string | undefined,
): Promise<void> {
  if ((await recentSignInLinks(em, email, windowMinutes)) >= mailsPerAddress) {
    throw new AppError(
      'rate_limited',
      `Several sign-in links were sent to this address lately. Use the newest one, or try again in ${windowMinutes} minutes.`,
    );
  }
  const token = await createSignInLink(em, email, returnTo, settings.ttlMinutes);
  const link = `${settings.publicUrl}/sign-in/link?token=${token}`;
  const { siteName, ttlMinutes } = settings;
  await mailer.send({
    to: email,
    subject: `Sign in to ${siteName}`,
    text: `Open this link to sign in to ${siteName}:\n\n${link}\n\nIt works once, within ${ttlMinutes} minutes. If you did not ask for it, ignore this email.`,
    html: html`<p>Open this link to sign in to ${siteName}:</p><p><a href="${link}">Sign in</a></p><p>It works once, within ${ttlMinutes} minutes. If you did not ask for it, ignore this email.</p>`.toString(),
  });
}
