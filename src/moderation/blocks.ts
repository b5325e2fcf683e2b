import type { EntityManager } from '@mikro-orm/postgresql';
import { findUserByEmail } from '../accounts/users.js';
import { isPublic } from '../catalogue/sql.js';
import type { DiscountReason } from '../domain/vote-rules.js';
import { AccountBlock } from '../entities/account-block.js';
import { Review } from '../entities/review.js';
import { Vote } from '../entities/vote.js';
import { AppError, notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import { appendAudit, type Actor } from './audit.js';
import { reportContent, type ReportDeps } from './reports.js';

export interface BlockReceipt {
  email: string;
  blocked: boolean;
  hidden_reviews: number;
  discounted_votes: number;
  /** The cases opened (or joined) for the person's public listings. */
  cases: string[];
}

const blocked: DiscountReason = 'blocked';

/**
 * Blocks an account (DSA Art. 23 answers misuse): its API keys, OAuth tokens and web sessions stop
 * at their next request, its counted votes are discounted `blocked`, its visible reviews hidden,
 * and each of its public listings gets a case for the site team. The block keeps what it changed.
 */
export async function blockAccount(
  deps: ReportDeps,
  actor: Actor & { userId: number },
  email: string,
  reason: string,
): Promise<BlockReceipt> {
  const done = await deps.em.transactional(async (tx) => {
    const user = await lockedUser(tx, email);
    if (user.blocked) throw new AppError('conflict', `${user.email} is blocked already.`);
    const reviews = await tx.find(Review, { userId: user.id, hidden: false });
    const votes = await tx.find(Vote, { userId: user.id, discountReason: null });
    for (const review of reviews) review.hidden = true;
    await tx.nativeUpdate(Vote, { userId: user.id, discountReason: null }, { discountReason: blocked });
    const block = tx.create(AccountBlock, {
      userId: user.id,
      reason,
      blockedBy: actor.userId,
      hiddenReviewIds: reviews.map((r) => r.id),
      discountedListingIds: votes.map((v) => v.listingId),
    });
    await query(tx, sql`update app_user set blocked_at = now() where id = ${user.id}`);
    await appendAudit(tx, actor, {
      action: 'block',
      itemKind: 'user',
      itemId: String(user.id),
      before: { blocked: false },
      after: {
        blocked: true,
        reason,
        hidden_review_ids: block.hiddenReviewIds,
        discounted_listing_ids: block.discountedListingIds,
      },
    });
    await tx.flush();
    await deps.mailer.send(
      {
        to: user.email,
        subject: `Your account on ${deps.siteName} is blocked`,
        text: `The site team blocked your account on ${deps.siteName}. Your API keys, connected applications and sign-in no longer work; your reviews are hidden and your votes are not counted while the block lasts.

Why: ${reason}

If you think this is wrong, answer this email: the site team reviews every such request.`,
      },
      { within: tx },
    );
    return { user, hidden: reviews.length, discounted: votes.length };
  });
  const cases: string[] = [];
  for (const slug of await publicListingsOf(deps.em, deps.siteId, done.user.id)) {
    const explanation = `The owner's account was blocked by the site team: ${reason}`.slice(0, 2000);
    const receipt = await reportContent(
      deps,
      { userId: actor.userId, email: actor.email },
      {
        item: { kind: 'listing', slug },
        category: 'other',
        explanation,
      },
    );
    cases.push(receipt.number);
  }
  return { email: done.user.email, blocked: true, hidden_reviews: done.hidden, discounted_votes: done.discounted, cases };
}

/** Reverses the account's block: what the block hid or discounted, and only that, is restored. */
export async function unblockAccount(em: EntityManager, actor: Actor, email: string): Promise<BlockReceipt> {
  return em.transactional(async (tx) => {
    const user = await lockedUser(tx, email);
    const block = user.blocked ? await tx.findOne(AccountBlock, { userId: user.id, unblockedAt: null }) : null;
    if (!block) throw new AppError('conflict', `${user.email} is not blocked.`);
    const reviews = await tx.find(Review, { id: { $in: block.hiddenReviewIds }, hidden: true });
    for (const review of reviews) review.hidden = false;
    const restored = await tx.nativeUpdate(
      Vote,
      { userId: user.id, listingId: { $in: block.discountedListingIds }, discountReason: blocked },
      { discountReason: null },
    );
    block.unblockedAt = new Date();
    block.unblockedBy = actor.userId;
    await query(tx, sql`update app_user set blocked_at = null where id = ${user.id}`);
    await appendAudit(tx, actor, {
      action: 'unblock',
      itemKind: 'user',
      itemId: String(user.id),
      before: { blocked: true, reason: block.reason },
      after: { blocked: false, shown_review_ids: reviews.map((r) => r.id), counted_votes: restored },
    });
    await tx.flush();
    return { email: user.email, blocked: false, hidden_reviews: reviews.length, discounted_votes: restored, cases: [] };
  });
}

async function lockedUser(tx: EntityManager, email: string) {
  const user = await findUserByEmail(tx, email);
  if (!user) throw notFound(`The account ${email}`);
  const [row] = await query(
    tx,
    sql<{ blocked: boolean }>`select blocked_at is not null as blocked from app_user where id = ${user.id} for update`,
  );
  return { ...user, blocked: row.blocked };
}

function publicListingsOf(em: EntityManager, siteId: number, ownerId: number): Promise<string[]> {
  return query(
    em,
    sql<{ slug: string }>`select l.slug from listing l where l.site_id = ${siteId} and l.owner_id = ${ownerId}
      and ${isPublic} order by l.id`,
  ).then((rows) => rows.map((r) => r.slug));
}

export interface BlockedPerson {
  email: string;
  name: string | null;
  reason: string;
  blocked_at: string;
  blocked_by: string | null;
}

/** Accounts blocked now, newest block first. */
export function blockedPeople(em: EntityManager): Promise<BlockedPerson[]> {
  return query(
    em,
    sql<BlockedPerson>`select u.email, u.name, b.reason, iso_utc(b.blocked_at) as blocked_at, a.email as blocked_by
      from account_block b join app_user u on u.id = b.user_id left join app_user a on a.id = b.blocked_by
      where b.unblocked_at is null order by b.blocked_at desc, b.id desc`,
  );
}
