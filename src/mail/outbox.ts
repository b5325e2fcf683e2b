import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';
import type { MailMessage } from './mailer.js';

export interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Date;
}

/** mail_outbox.subject is varchar(300); a subject built from long names is cut there, not refused. */
const subjectMaxChars = 300;

/** The development mailbox: mail that would have been sent, kept for the /dev/mail page and tests. */
export async function storeMail(em: EntityManager, message: MailMessage): Promise<void> {
  const subject = Array.from(message.subject).slice(0, subjectMaxChars).join('');
  await query(
    em,
    sql`insert into mail_outbox (recipient, subject, text_body, html_body) values (${message.to}, ${subject}, ${message.text}, ${message.html ?? null})`,
  );
}

export async function latestMail(em: EntityManager, limit: number, recipient?: string): Promise<OutboxMail[]> {
  return query(
    em,
    sql<OutboxMail>`select id, recipient, subject, text_body, html_body, created_at from mail_outbox
     where (${recipient ?? null}::text is null or lower(recipient) = lower(${recipient ?? null})) order by id desc limit ${limit}`,
  );
}
