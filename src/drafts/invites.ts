import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '../mail/index.js';
import { AppError } from '../errors.js';
import { draftLimits } from '../domain/draft-build.js';
import { mailboxOf } from '../domain/mailbox.js';
import { execute, query, sql } from '../platform/sql.js';
import { findOwnedDraft } from './drafts.js';

export interface DraftInviteRow {
  id: number;
  email: string;
  created_at: Date;
  sent_at: Date;
}

/**
 * invite_cofounder: records the invite and emails it. Inviting the same address again sends the
 * mail again without using another of the draft's 10 invites; an 11th address is refused. One
 * address gets at most `mailsPerAddressPerDay` invite mails in any 24 hours, from every draft
 * and inviter together (429 after that, nothing sent).
 */
export async function inviteCofounder(
  em: EntityManager,
  mailer: Mailer,
  input: {
    ownerId: number;
    inviterEmail: string;
    draftId: string;
    email: string;
    siteName: string;
    publicUrl: string;
    mailsPerAddressPerDay: number;
  },
): Promise<{ invite: DraftInviteRow; invites_used: number; invites_left: number }> {
  const draft = await findOwnedDraft(em, input.ownerId, input.draftId);
  const { invite, used } = await em.transactional(async (tx) => {
    // The draft row lock serialises invites, so two concurrent requests cannot both be the 10th.
    await query(tx, sql<{ id: string }>`select id from draft where id = ${draft.id} for update`);
    const [existing] = await query(
      tx,
      sql<DraftInviteRow>`update draft_invite set sent_at = now() where draft_id = ${draft.id} and lower(email) = lower(${input.email}) returning id, email, created_at, sent_at`,
    );
    const [{ count }] = await query(tx, sql<{ count: string }>`select count(*) from draft_invite where draft_id = ${draft.id}`);
    if (!existing && Number(count) >= draftLimits.invites) {
      throw new AppError(
        'conflict',
        `This draft has used all of its ${draftLimits.invites} invites; an address already invited can be invited again.`,
      );
    }
    await countInviteMail(tx, input.email, input.mailsPerAddressPerDay);
    if (existing) return { invite: existing, used: Number(count) };
    const [created] = await query(
      tx,
      sql<DraftInviteRow>`insert into draft_invite (draft_id, email, invited_by) values (${draft.id}, ${input.email}, ${input.ownerId}) returning id, email, created_at, sent_at`,
    );
    return { invite: created, used: Number(count) + 1 };
  });
  const product = (draft.fields.name?.value as string | null | undefined) ?? new URL(draft.url).hostname;
  const link = `${input.publicUrl}/sign-in`;
  await mailer.send({
    to: input.email,
    subject: `${input.inviterEmail} invited you to the ${product} listing on ${input.siteName}`,
    text: `${input.inviterEmail} is preparing the listing of ${product} (${draft.url}) on ${input.siteName} and invited you as a co-founder.\n\nSign in with this email address to take part: ${link}\n`,
  });
  return { invite, invites_used: used, invites_left: draftLimits.invites - used };
}

/**
 * Records one invite mail to `email`, or refuses it (429, the transaction rolls back and nothing is
 * sent) when its mailbox (`a+x@` is `a@`) had `limit` in the last 24 hours. A lock per mailbox
 * makes concurrent invites from different drafts count one after the other.
 */
async function countInviteMail(tx: EntityManager, email: string, limit: number): Promise<void> {
  const address = mailboxOf(email);
  await query(tx, sql`select pg_advisory_xact_lock(hashtext(${`invite_mail:${address}`}))`);
  const [recent] = await query(
    tx,
    sql<{ sent: number; wait: number | null }>`select count(*)::int as sent,
       ceil(extract(epoch from min(sent_at) + interval '1 day' - now()))::int as wait
     from invite_mail where email = ${address} and sent_at > now() - interval '1 day'`,
  );
  if (recent.sent >= limit) {
    const hours = Math.max(1, Math.ceil((recent.wait ?? 0) / 3600));
    const message = `The mailbox of ${email} was sent ${recent.sent} invites in the last 24 hours, the most one mailbox gets; try again in ${hours} hours.`;
    throw new AppError('rate_limited', message, [{ path: 'body.email', message }], {
      retryAfterSeconds: Math.max(1, recent.wait ?? 1),
    });
  }
  await execute(tx, sql`insert into invite_mail (email) values (${address})`);
}

/** Invite mails older than a day count for nothing any more. */
export async function purgeInviteMails(em: EntityManager): Promise<void> {
  await execute(em, sql`delete from invite_mail where sent_at <= now() - interval '1 day'`);
}
