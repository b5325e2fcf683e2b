import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../src/platform/sql.js';
import { withoutMimeBoundary, type ReceivedMail } from '../../test/support/smtp-server.js';
import type { Ledger } from './workload.js';

/** One kind of outcome: how many the client was told of, and how many of them PostgreSQL, Temporal or the mail server show lost, doubled or stuck. */
export interface Outcome {
  what: string;
  expected: number;
  lost: string[];
  doubled: string[];
  stuck: string[];
  /**
   * Mail sent again as the same message (same Message-ID): the window SMTP leaves between the
   * server's acceptance and the commit that records it (docs/operations.md, "Mail"). Listed, not
   * counted as doubled; a second message with another Message-ID is doubled.
   */
  resent: string[];
}

const outcome = (what: string, expected: number): Outcome => ({ what, expected, lost: [], doubled: [], stuck: [], resent: [] });

/**
 * Mails as messages: copies with one Message-ID and the same subject and text (the MIME boundary
 * aside, random per sending) are one message; a mail without a Message-ID counts alone.
 */
export function messagesOf(mails: ReceivedMail[]): { messages: number; copies: number } {
  const messages = new Set(
    mails.map((m, i) => (m.messageId ? `${m.messageId}\n${m.subject}\n${withoutMimeBoundary(m.text)}` : `no id ${i}`)),
  );
  return { messages: messages.size, copies: mails.length - messages.size };
}

/** Mails to `to` whose text names the listing's page, by subject pattern. */
const mailsAbout = (mails: ReceivedMail[], to: string, subject: RegExp, slug: string) =>
  messagesOf(
    mails.filter((m) => m.to.includes(to) && subject.test(m.subject) && new RegExp(`/listings/${slug}(?![\\w-])`).test(m.text)),
  );

/** True once nothing the ledger expects is still on its way: every lifecycle at an end. */
export async function settled(em: EntityManager, ledger: Ledger, temporal: Client): Promise<boolean> {
  const [row] = await query(
    em,
    sql<{ open: number }>`select
       (select count(*) from draft where id::text = any(${sql.array(
         ledger.drafts.map((d) => d.id),
         'text',
       )}) and status not in ('ready', 'failed'))
     + (select count(*) from orders where number = any(${sql.array(
       ledger.paidOrders.map((o) => o.number),
       'text',
     )}) and status <> 'fulfilled')
     + (select count(*) from listing where id = any(${sql.array(
       ledger.paidOrders.map((o) => o.listingId),
       'int',
     )}) and status <> 'live')
     + (select count(*) from claim where id = any(${sql.array(
       ledger.claims.map((c) => c.id),
       'int',
     )}) and status = 'pending')
     as open`,
  );
  if (Number(row.open) !== 0) return false;
  // A lifecycle can still be finishing (its followers' mails, an activity retried after the fault)
  // once its rows are done; a Temporal that does not answer yet has not settled either.
  const past = await lifecyclesPastDue(temporal, ledger).catch(() => undefined);
  return past?.length === 0;
}

/**
 * Lifecycles still running that end once their work is done (a draft's stays open for regenerate,
 * the week's vote review all week); a free launch waits for its Monday, its due time, which is after the run.
 */
async function lifecyclesPastDue(temporal: Client, ledger: Ledger): Promise<string[]> {
  const paidIds = new Set(ledger.paidOrders.map((o) => o.listingId));
  const waiting = new Set(
    ledger.freeLaunches.filter((f) => !paidIds.has(f.listingId)).map((f) => `listing-launch-${f.listingId}`),
  );
  const running = temporal.workflow.list({
    query: `ExecutionStatus = "Running" AND WorkflowType IN ("listingLaunch", "orderFulfilment", "claimVerification", "listingUpdateNotice")`,
  });
  const past: string[] = [];
  for await (const run of running) {
    if (!waiting.has(run.workflowId)) past.push(`${run.workflowId} (${run.type}) since ${run.startTime.toISOString()}`);
  }
  return past;
}

/** The ledger held against PostgreSQL, the mail server and Temporal. */
export async function checkOutcomes(
  em: EntityManager,
  ledger: Ledger,
  mails: ReceivedMail[],
  temporal: Client,
  monday: string,
): Promise<Outcome[]> {
  const drafts = outcome('drafts ready, or failed with a reason', ledger.drafts.length);
  const draftRows = await query(
    em,
    sql<{
      id: string;
      status: string;
      failure_reason: string | null;
    }>`select id, status, failure_reason from draft where id::text = any(${sql.array(
      ledger.drafts.map((d) => d.id),
      'text',
    )})`,
  );
  for (const d of ledger.drafts) {
    const row = draftRows.find((r) => r.id === d.id);
    if (!row) drafts.lost.push(d.id);
    else if (row.status === 'failed' ? !row.failure_reason : row.status !== 'ready') drafts.stuck.push(`${d.id} ${row.status}`);
  }

  const orders = outcome('paid orders: paid once, fulfilled once, one invoice, one receipt', ledger.paidOrders.length);
  const orderRows = await query(
    em,
    sql<{
      number: string;
      status: string;
      invoice_number: string | null;
      payments: number;
      fulfilled_lines: number;
      lines: number;
    }>`select o.number, o.status, o.invoice_number,
       (select count(*)::int from payment_event p where p.order_number = o.number) as payments,
       (select count(*)::int from order_line l where l.order_id = o.id and l.fulfilled_at is not null) as fulfilled_lines,
       (select count(*)::int from order_line l where l.order_id = o.id) as lines
     from orders o where o.number = any(${sql.array(
       ledger.paidOrders.map((o) => o.number),
       'text',
     )})`,
  );
  for (const o of ledger.paidOrders) {
    const row = orderRows.find((r) => r.number === o.number);
    const { messages: receipts, copies } = messagesOf(
      mails.filter((m) => m.to.includes(o.ownerEmail) && m.subject.includes(`(order ${o.number})`)),
    );
    if (copies) orders.resent.push(`${o.number} receipt +${copies}`);
    if (!row || row.payments === 0) orders.lost.push(o.number);
    else if (row.status !== 'fulfilled' || !row.invoice_number || row.fulfilled_lines !== row.lines || receipts === 0)
      orders.stuck.push(`${o.number} ${row.status} receipts ${receipts}`);
    if (receipts > 1 || (row && row.payments > 1))
      orders.doubled.push(`${o.number}: ${receipts} receipts, ${row?.payments} payments`);
  }

  // Paid: live at once, this week. Free only: scheduled for the week it was given (FREE_QUEUE_WEEKS=0: the next Monday).
  const paidIds = new Set(ledger.paidOrders.map((o) => o.listingId));
  const expectedWeek = new Map<number, { status: string; week: string }>([
    ...ledger.freeLaunches.map((f): [number, { status: string; week: string }] => [
      f.listingId,
      { status: 'scheduled', week: f.week },
    ]),
    ...[...paidIds].map((id): [number, { status: string; week: string }] => [id, { status: 'live', week: monday }]),
  ]);
  const launched = [...expectedWeek.keys()];
  const launches = outcome('launches: paid live once in this week, free scheduled in its week', launched.length);
  const listingRows = await query(
    em,
    sql<{ id: number; slug: string; status: string; week: string | null }>`select id, slug, status,
       to_char(launch_week, 'YYYY-MM-DD') as week from listing where id = any(${sql.array(launched, 'int')})`,
  );
  for (const [id, want] of expectedWeek) {
    const row = listingRows.find((r) => r.id === id);
    if (!row) launches.lost.push(String(id));
    else if (row.status !== want.status || row.week !== want.week)
      launches.stuck.push(`${row.slug} ${row.status} week ${row.week}`);
  }

  const claims = outcome('claims verified once', ledger.claims.length);
  const claimRows = await query(
    em,
    sql<{
      id: number;
      listing_id: number;
      status: string;
      verified: number;
      owner_id: number | null;
    }>`select c.id, c.listing_id, c.status,
       (select count(*)::int from claim v where v.listing_id = c.listing_id and v.status = 'verified') as verified, l.owner_id
     from claim c join listing l on l.id = c.listing_id where c.id = any(${sql.array(
       ledger.claims.map((c) => c.id),
       'int',
     )})`,
  );
  for (const c of ledger.claims) {
    const row = claimRows.find((r) => r.id === c.id);
    if (!row) claims.lost.push(String(c.id));
    else if (row.status !== 'verified' || row.owner_id !== c.userId) claims.stuck.push(`${c.id} ${row.status}`);
    else if (row.verified > 1) claims.doubled.push(String(c.id));
  }

  const votes = outcome('acknowledged votes stored once', ledger.votes.size);
  const slugs = [...new Set([...ledger.votes, ...ledger.uncertainVotes].map((k) => k.split(':')[1]))];
  const voteRows = await query(
    em,
    sql<{
      key: string;
    }>`select v.user_id || ':' || l.slug as key from vote v join listing l on l.id = v.listing_id where l.slug = any(${sql.array(slugs, 'text')})`,
  );
  const stored = new Set(voteRows.map((r) => r.key));
  for (const key of ledger.votes) if (!stored.has(key) && !ledger.uncertainVotes.has(key)) votes.lost.push(key);
  for (const key of stored)
    if (!ledger.votes.has(key) && !ledger.uncertainVotes.has(key)) votes.doubled.push(`${key} (stored, withdrawn by the ledger)`);

  // Notify me: every follower who followed before the launch is told once; nobody else.
  const notices = outcome('launch mails once per follower who asked before the launch', 0);
  const followers = await query(
    em,
    sql<{ slug: string; email: string; told: boolean }>`select l.slug, u.email, f.created_at <= l.launched_at as told
     from follow f join listing l on l.id = f.listing_id join app_user u on u.id = f.user_id
     where l.id = any(${sql.array(launched, 'int')}) and l.status = 'live'`,
  );
  for (const f of followers) {
    const { messages: got, copies } = mailsAbout(mails, f.email, / has launched on /, f.slug);
    if (copies) notices.resent.push(`${f.email} ${f.slug} +${copies}`);
    if (f.told) notices.expected++;
    if (f.told && got === 0) notices.lost.push(`${f.email} ${f.slug}`);
    if (got > (f.told ? 1 : 0)) notices.doubled.push(`${f.email} ${f.slug} x${got}`);
  }

  const updates = outcome('update mails once per follower', 0);
  const told = await query(
    em,
    sql<{
      title: string;
      slug: string;
      email: string;
    }>`select lu.title, l.slug, u.email from listing_update lu join listing l on l.id = lu.listing_id
     join follow f on f.listing_id = l.id and f.created_at <= lu.created_at join app_user u on u.id = f.user_id
     where lu.id = any(${sql.array(
       ledger.updates.map((u) => u.id),
       'int',
     )}) and lu.followers_mailed`,
  );
  for (const t of told) {
    const { messages: got, copies } = messagesOf(
      mails.filter((m) => m.to.includes(t.email) && m.subject.endsWith(`: ${t.title}`)),
    );
    if (copies) updates.resent.push(`${t.email} ${t.slug} +${copies}`);
    updates.expected++;
    if (got === 0) updates.lost.push(`${t.email} ${t.slug}`);
    if (got > 1) updates.doubled.push(`${t.email} ${t.slug} x${got}`);
  }

  const workflows = outcome('lifecycles running past their due time (launch, order, claim, update notice)', 0);
  workflows.stuck.push(...(await lifecyclesPastDue(temporal, ledger)));

  return [drafts, orders, launches, claims, votes, notices, updates, workflows];
}
