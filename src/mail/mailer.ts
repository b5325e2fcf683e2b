import type { EntityManager } from '@mikro-orm/postgresql';

/** One email. `html` is optional; every mail has a plain-text body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A Message-ID (`<id@host>`) the same every time this mail is sent again, so a resent copy is recognisably the same message. */
  messageId?: string;
}

/** A Message-ID that names what the mail is about, so every attempt that sends it sends the same message. */
export function stableMessageId(publicUrl: string, about: string): string {
  return `<${about}@${new URL(publicUrl).hostname}>`;
}

/**
 * `within`: the transaction that records the sending. The outbox stores the mail in it, so the
 * mail and its record commit together; SMTP cannot join a transaction and sends at once.
 */
export interface SendOptions {
  within?: EntityManager;
}

/** Sends mail: SMTP in production, the development outbox otherwise (see createMailer). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): Promise<void>;
}
