import type { EntityManager } from '@mikro-orm/postgresql';
import { checkFreeLaunchNow, startPaidLaunch } from '../publishing/lifecycle.js';
import { reinstateListing, type ListingPlan, type ListingStatus } from '../domain/listing-status.js';
import { addWeeks, isoDate, mondayOf } from '../domain/weeks.js';
import { decisionRefusal, groundRefusal, refundRefusal, reversalRefusal, type DecisionAction } from '../domain/moderation.js';
import { Listing, type ListingEntity } from '../entities/listing.js';
import { firstWeekWithFreeSlot } from '../publishing/slots.js';
import { ListingUpdate } from '../entities/listing-update.js';
import { ModerationCase, ModerationDecision, type ItemBefore, type ModerationCaseEntity } from '../entities/moderation.js';
import { Review } from '../entities/review.js';
import { AppError, notFound } from '../errors.js';
import { statusAfter } from '../listings/status.js';
import type { Mailer } from '../mail/index.js';
import { refundOrder } from '../orders/refund.js';
import type { PaymentProvider } from '../payments/index.js';
import { query, sql } from '../platform/sql.js';
import type { TemporalHandle } from '../temporal.js';
import { appendAudit, type Actor } from './audit.js';
import { caseChanged } from './lifecycle.js';
import { ruleKeys } from './rules.js';

export interface DecisionDeps {
  em: EntityManager;
  mailer: Mailer;
  temporal: TemporalHandle;
  payments: PaymentProvider;
  /** Launch places a week, per plan: where a reinstated launch whose week passed goes. */
  launchSlots: Record<ListingPlan, number>;
  /** How long a reinstated free launch's first gate check is waited for. */
  gateCheckWaitMs: number;
  siteId: number;
  siteName: string;
  publicUrl: string;
}

export interface DecisionInput {
  action: DecisionAction;
  ground: string;
  facts: string;
  automated: boolean;
  /** Take-down of a listing only: refund its paid orders. */
  refund?: boolean;
}

export interface DecisionReceipt {
  number: string;
  action: DecisionAction | 'reverse';
  state: ModerationCaseEntity['state'];
  decided_at: Date;
  /** The orders the decision refunded. */
  refunded_orders: string[];
}

const actionWords = { dismiss: 'dismissed', restrict: 'restricted', take_down: 'taken down', reverse: 'reversed' } as const;

/**
 * Decides a case (Art. 17 DSA): applies the action to the item, records the decision with its
 * ground and facts, appends the audit row, mails the statement of reasons to the person affected
 * and the outcome to the reporters, and announces the change so every api process drops what it
 * cached. One transaction; the lifecycle is told before the commit and reads PostgreSQL.
 */
export async function decideCase(
  deps: DecisionDeps,
  actor: Actor,
  number: string,
  input: DecisionInput,
): Promise<DecisionReceipt> {
  const { receipt, orders } = await decideInTransaction(deps, actor, number, input);
  return { ...receipt, refunded_orders: await refundAll(deps, actor, number, orders) };
}

/**
 * The money back for each paid order of a taken-down listing, through the one refund rule (the
 * provider first, then the order taken back and its owner mailed), each with its audit row. It runs
 * after the decision committed: a refund the provider refuses leaves the decision standing and
 * says which order to refund by hand.
 */
async function refundAll(deps: DecisionDeps, actor: Actor, number: string, orders: string[]): Promise<string[]> {
  const refunded: string[] = [];
  for (const order of orders) {
    try {
      await refundOrder(deps.em, deps.mailer, deps.payments, deps.siteName, order);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new AppError(
        'conflict',
        `Case ${number} is decided${refunded.length ? ` and ${refunded.join(', ')} refunded` : ''}, but order ${order} was not refunded: ${why} Refund it with npm run cli -- order refund ${order}.`,
      );
    }
    await deps.em.transactional((tx) =>
      appendAudit(tx, actor, {
        action: 'order.refund',
        itemKind: 'order',
        itemId: order,
        before: { case: number, status: 'paid' },
        after: { case: number, status: 'refunded' },
      }),
    );
    refunded.push(order);
  }
  return refunded;
}

async function decideInTransaction(
  deps: DecisionDeps,
  actor: Actor,
  number: string,
  input: DecisionInput,
): Promise<{ receipt: Omit<DecisionReceipt, 'refunded_orders'>; orders: string[] }> {
  return deps.em.transactional(async (tx) => {
    const c = await lockedCase(tx, deps.siteId, number);
    const refused = decisionRefusal(c.state);
    if (refused) throw new AppError('conflict', refused);
    const groundProblem = groundRefusal(input.ground, await ruleKeys(tx));
    if (groundProblem) throw new AppError('invalid_input', groundProblem, [{ path: 'body.ground', message: groundProblem }]);
    if (input.action === 'restrict' && c.kind !== 'listing')
      throw new AppError('invalid_input', 'Only a listing can be restricted; take a review or update down instead.', [
        { path: 'body.action', message: 'restrict applies to listings' },
      ]);
    const refundProblem = input.refund ? refundRefusal(c.kind, input.action) : null;
    if (refundProblem) throw new AppError('invalid_input', refundProblem, [{ path: 'body.refund', message: refundProblem }]);
    const before = await applyAction(tx, c, input.action);
    const decision = tx.create(ModerationDecision, {
      caseId: c.id,
      action: input.action,
      ground: input.ground,
      facts: input.facts,
      automated: input.automated,
      refund: input.refund ?? false,
      operatorId: actor.userId,
      before,
    });
    c.state = 'decided';
    c.decidedAt = new Date();
    await tx.persist(decision).flush();
    await appendAudit(tx, actor, {
      action: `case.${input.action}`,
      itemKind: c.kind,
      itemId: String(c.itemId),
      ground: input.ground,
      before: { case: number, ...before },
      after: { case: number, ...(await itemState(tx, c)) },
    });
    await tellPeople(tx, deps, c, input.action, input.ground, input.facts);
    await query(tx, sql`select pg_notify('listing_changed', '*')`);
    await caseChanged(deps.temporal, c);
    const orders = input.refund ? await refundableOrders(tx, c.itemId) : [];
    return { receipt: { number, action: input.action, state: c.state, decided_at: c.decidedAt }, orders };
  });
}

/** The listing's orders whose money can still go back. */
async function refundableOrders(tx: EntityManager, listingId: number): Promise<string[]> {
  const rows = await query(
    tx,
    sql<{ number: string }>`select distinct o.number from orders o join order_line l on l.order_id = o.id
      where l.listing_id = ${listingId} and o.status in ('paid', 'fulfilled') order by o.number`,
  );
  return rows.map((row) => row.number);
}

/** Undoes the case's last decision exactly: the item as it was before it; the reversal is recorded and mailed. */
export async function reverseCase(deps: DecisionDeps, actor: Actor, number: string, facts: string): Promise<DecisionReceipt> {
  const { receipt, relaunch } = await deps.em.transactional(async (tx) => {
    const c = await lockedCase(tx, deps.siteId, number);
    const last = await tx.findOne(ModerationDecision, { caseId: c.id }, { orderBy: { id: 'desc' } });
    const refused = reversalRefusal(c.state, last?.action);
    if (refused) throw new AppError('conflict', refused);
    const undone = last!;
    const current = await itemState(tx, c);
    await restore(tx, deps, c, undone.before ?? {});
    tx.create(ModerationDecision, {
      caseId: c.id,
      action: 'reverse',
      ground: undone.ground,
      facts,
      automated: false,
      operatorId: actor.userId,
      before: current,
    });
    c.state = 'decided';
    c.decidedAt = new Date();
    await tx.flush();
    await appendAudit(tx, actor, {
      action: 'case.reverse',
      itemKind: c.kind,
      itemId: String(c.itemId),
      ground: undone.ground,
      before: { case: number, ...current },
      after: { case: number, ...(await itemState(tx, c)) },
    });
    await tellPeople(tx, deps, c, 'reverse', undone.ground, facts);
    await query(tx, sql`select pg_notify('listing_changed', '*')`);
    await caseChanged(deps.temporal, c);
    const receipt: DecisionReceipt = { number, action: 'reverse', state: c.state, decided_at: c.decidedAt, refunded_orders: [] };
    return { receipt, relaunch: c.kind === 'listing' ? await waitingLaunch(tx, c.itemId) : null };
  });
  // After the commit: the launch lifecycle reads the reinstated listing from PostgreSQL.
  if (relaunch?.plan === 'paid') await startPaidLaunch(deps.temporal, relaunch);
  else if (relaunch) await checkFreeLaunchNow(deps.temporal, { ...relaunch, week: relaunch.week! }, deps.gateCheckWaitMs);
  return receipt;
}

/** A reinstated listing whose launch waits for its week: its lifecycle was let go when it was taken down. */
async function waitingLaunch(tx: EntityManager, listingId: number) {
  const listing = await tx.findOneOrFail(Listing, { id: listingId });
  if ((listing.status !== 'scheduled' && listing.status !== 'awaiting_badge') || !listing.ownerId) return null;
  const week = listing.launchWeek ? String(listing.launchWeek).slice(0, 10) : null;
  if (listing.plan === 'free' && !week) return null;
  return { listingId, ownerId: listing.ownerId, plan: listing.plan, week };
}

export async function lockedCase(tx: EntityManager, siteId: number, number: string): Promise<ModerationCaseEntity> {
  const [row] = await query(
    tx,
    sql<{ id: number }>`select id from moderation_case where number = ${number} and site_id = ${siteId} for update`,
  );
  if (!row) throw notFound(`Case ${number}`);
  return tx.findOneOrFail(ModerationCase, { id: row.id });
}

/** The item's moderation-relevant state, as a reversal would restore it. */
async function itemState(tx: EntityManager, c: ModerationCaseEntity): Promise<ItemBefore> {
  if (c.kind === 'listing') {
    const listing = await tx.findOneOrFail(Listing, { id: c.itemId });
    return {
      status: listing.status,
      restricted: listing.restricted,
      launchWeek: listing.launchWeek ? String(listing.launchWeek).slice(0, 10) : null,
    };
  }
  const item =
    c.kind === 'review'
      ? await tx.findOneOrFail(Review, { id: c.itemId })
      : await tx.findOneOrFail(ListingUpdate, { id: c.itemId });
  return { hidden: item.hidden };
}

/** Applies the action and answers what the item was before it. */
async function applyAction(tx: EntityManager, c: ModerationCaseEntity, action: DecisionAction): Promise<ItemBefore> {
  const before = await itemState(tx, c);
  if (action === 'dismiss') return before;
  if (c.kind === 'listing') {
    const listing = await tx.findOneOrFail(Listing, { id: c.itemId });
    if (action === 'restrict') listing.restricted = true;
    else listing.status = statusAfter(listing.status, listing.status === 'live' ? 'archive' : 'reject');
    listing.statusReason =
      action === 'take_down' ? `Taken down by moderation decision of case ${c.number}.` : listing.statusReason;
  } else {
    const item =
      c.kind === 'review'
        ? await tx.findOneOrFail(Review, { id: c.itemId })
        : await tx.findOneOrFail(ListingUpdate, { id: c.itemId });
    item.hidden = true;
  }
  await tx.flush();
  return before;
}

async function restore(tx: EntityManager, deps: DecisionDeps, c: ModerationCaseEntity, before: ItemBefore): Promise<void> {
  if (c.kind === 'listing') {
    const listing = await tx.findOneOrFail(Listing, { id: c.itemId });
    if (before.status && before.status !== listing.status) {
      const move = reinstateListing(listing.status, before.status as ListingStatus);
      if (!move.ok) throw new AppError('conflict', move.reason);
      listing.status = move.status;
      listing.statusReason = null;
      const week = await weekOnReturn(tx, deps, listing, before.launchWeek ?? null);
      if (week) listing.launchWeek = week;
    }
    listing.restricted = before.restricted ?? false;
  } else {
    const item =
      c.kind === 'review'
        ? await tx.findOneOrFail(Review, { id: c.itemId })
        : await tx.findOneOrFail(ListingUpdate, { id: c.itemId });
    item.hidden = before.hidden ?? false;
  }
  await tx.flush();
}

/**
 * A launch that was waiting keeps its week; when that week passed while the listing was taken
 * down, it gets the next week with a free place of its plan (its own place was given up).
 */
async function weekOnReturn(
  tx: EntityManager,
  deps: DecisionDeps,
  listing: ListingEntity,
  week: string | null,
): Promise<string | null> {
  if (!week || (listing.status !== 'scheduled' && listing.status !== 'awaiting_badge')) return null;
  const thisWeek = mondayOf(new Date());
  if (week >= isoDate(thisWeek)) return null;
  const plan: ListingPlan = listing.plan;
  return firstWeekWithFreeSlot(tx, listing.siteId, plan, addWeeks(thisWeek, 1), deps.launchSlots[plan], listing.id);
}

/** The statement of reasons to the person affected, and the outcome to each reporter. */
async function tellPeople(
  tx: EntityManager,
  deps: DecisionDeps,
  c: ModerationCaseEntity,
  action: DecisionAction | 'reverse',
  ground: string,
  facts: string,
): Promise<void> {
  const [who] = await query(
    tx,
    sql<{ owner: string | null; reporters: string[] }>`select (select email from app_user where id = ${c.ownerId}) as owner,
      coalesce((select array_agg(distinct email) from moderation_report where case_id = ${c.id} and email is not null), '{}') as reporters`,
  );
  const subject = `Case ${c.number}: the ${c.kind} was ${actionWords[action]}`;
  const reasons = `Decision: ${actionWords[action]}.
Ground: ${ground}${ground.startsWith('law:') ? '' : ` (site rules: ${deps.publicUrl}/rules#rule-${ground})`}.
Facts and circumstances: ${facts}
Made by a person, not by automated means.`;
  if (who.owner && action !== 'dismiss')
    await deps.mailer.send(
      {
        to: who.owner,
        subject,
        text: `A decision was made about your ${c.kind} on ${deps.siteName} (case ${c.number}).

${reasons}

You may appeal once within 6 months, with an explanation, at ${deps.publicUrl}/me/cases.`,
      },
      { within: tx },
    );
  for (const reporter of who.reporters)
    await deps.mailer.send(
      {
        to: reporter,
        subject,
        text: `The site team decided on case ${c.number}, which your report opened or joined.

${reasons}${action === 'dismiss' ? `\n\nYou may appeal this dismissal once within 6 months at ${deps.publicUrl}/me/cases (signed in with this address).` : ''}`,
      },
      { within: tx },
    );
}
