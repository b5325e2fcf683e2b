import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { html } from '../platform/html.js';
import type { SharedRateLimiter } from '../platform/rate-limits.js';
import { createSignInLink, recentSignInLinks } from './sign-in-links.js';

export interface SignInMailSettings {
  siteName: string;
  publicUrl: string;
  ttlMinutes: number;
  /** Links one email address, and one client address, may ask for per window. */
  limits: { perEmail: number; perClient: number; windowMinutes: number };
}

export interface SignInRequest {
  email: string;
  returnTo: string | undefined;
  /** The address the request came from (ctx.ip: behind proxies, the entry the trusted ones wrote). */
  client: string;
}

/**
 * Mails a one-time sign-in link, unless that email address had several lately (nobody's inbox is
 * flooded) or the client asked for many links to any addresses (nobody mails the world from one
 * machine): 429 either way, nothing sent. `clients` counts requests per client address in the
 * rate_limit table every api process shares.
 */
export async function sendSignInLink(
  em: EntityManager,
  mailer: Mailer,
  settings: SignInMailSettings,
  clients: SharedRateLimiter,
  { email, returnTo, client }: SignInRequest,
): Promise<void> {
  const { perEmail, perClient, windowMinutes } = settings.limits;
  const { used, endsAt } = await clients.consume(`sign-in:${client}`);
  if (used > perClient) {
    const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
    throw new AppError(
      'rate_limited',
      `Too many sign-in links were asked for from your network lately. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
      [],
      { retryAfterSeconds },
    );
  }
  if ((await recentSignInLinks(em, email, windowMinutes)) >= perEmail) {
    throw new AppError(
      'rate_limited',
      `Several sign-in links were sent to this address lately. Use the newest one, or try again in ${windowMinutes} minutes.`,
      [],
      { retryAfterSeconds: windowMinutes * 60 },
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
