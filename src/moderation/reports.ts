import type { EntityManager } from '@mikro-orm/postgresql';
import { ModerationCase, ModerationReport, type ModerationCaseEntity } from '../entities/moderation.js';
import { caseNumber, type ReportCategory } from '../domain/moderation.js';
import { AppError } from '../errors.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';
import type { TemporalHandle } from '../temporal.js';
import { visibleItem, type ItemRef, type ReportedItem } from './items.js';
import { caseChanged } from './lifecycle.js';

export interface ReportInput {
  item: ItemRef;
  category: ReportCategory;
  law?: string;
  explanation: string;
  /** Where the answer goes: the signed-in reporter's own address unless they name another. */
  email?: string;
}

export interface Reporter {
  userId: number;
  email: string;
}

export interface ReportDeps {
  em: EntityManager;
  mailer: Mailer;
  temporal: TemporalHandle;
  siteId: number;
  siteName: string;
  publicUrl: string;
}

export interface ReportReceipt {
  number: string;
  state: ModerationCaseEntity['state'];
  received_at: Date;
}

/**
 * Files a report (Art. 16 DSA): it joins the item's current case (open, or in its appeal window)
 * or opens the item's next one, the reporter is sent an acknowledgement with the case's number,
 * and the case's lifecycle is told. All in one transaction: the lifecycle, told before the commit,
 * reads the case from PostgreSQL and finds nothing if the commit failed.
 */
export async function reportContent(deps: ReportDeps, reporter: Reporter | null, input: ReportInput): Promise<ReportReceipt> {
  const email = input.email ?? reporter?.email;
  if (!email)
    throw new AppError('invalid_input', 'Give an email address for the answer.', [
      { path: 'body.email', message: 'required when not signed in' },
    ]);
  return deps.em.transactional(async (tx) => {
    const item = await visibleItem(tx, deps.siteId, input.item);
    const current = await currentCase(tx, deps.siteId, item, input.category);
    const report = tx.create(ModerationReport, {
      caseId: current.id,
      category: input.category,
      law: input.law ?? null,
      explanation: input.explanation,
      email,
      userId: reporter?.userId ?? null,
    });
    await tx.persist(report).flush();
    await deps.mailer.send(
      {
        to: email,
        subject: `Your report reached ${deps.siteName}: case ${current.number}`,
        text: `We received your report about ${describe(input.item)} on ${deps.siteName}, filed as case ${current.number}.

The site team reviews every report and decides on the site rules (${deps.publicUrl}/rules) and the law. We will write to this address when the case is decided${reporter ? `, and you can follow it at ${deps.publicUrl}/me/cases` : ''}.

Your report, as sent:
${input.explanation}`,
      },
      { within: tx },
    );
    await caseChanged(deps.temporal, current);
    return { number: current.number, state: current.state, received_at: report.createdAt };
  });
}

function describe(item: ItemRef): string {
  return item.kind === 'listing' ? `the listing ${item.slug}` : `${item.kind} ${item.id}`;
}

/** The item's case that takes reports now, or its next one, opened; one at a time (an advisory lock per item). */
async function currentCase(
  tx: EntityManager,
  siteId: number,
  item: ReportedItem,
  category: ReportCategory,
): Promise<ModerationCaseEntity> {
  await query(tx, sql`select pg_advisory_xact_lock(hashtext(${`moderation:${item.kind}:${item.itemId}`}))`);
  const open = await tx.findOne(ModerationCase, { kind: item.kind, itemId: item.itemId, state: { $ne: 'closed' } });
  if (open) return open;
  const [next] = await query(
    tx,
    sql<{
      seq: string;
      year: number;
      n: number;
    }>`select nextval('moderation_case_number_seq') as seq, extract(year from now())::int as year,
      (select coalesce(max(item_case), 0) + 1 from moderation_case where kind = ${item.kind} and item_id = ${item.itemId})::int as n`,
  );
  const created = tx.create(ModerationCase, {
    number: caseNumber(next.year, Number(next.seq)),
    siteId,
    kind: item.kind,
    itemId: item.itemId,
    itemCase: next.n,
    listingId: item.listingId,
    ownerId: item.ownerId,
    category,
  });
  await tx.persist(created).flush();
  return created;
}
