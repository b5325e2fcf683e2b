import type { EntityManager } from '@mikro-orm/postgresql';
import type { CaseFacts } from '../../workflows/moderation-case.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../mail/index.js';
import { query, sql, type Sql } from '../platform/sql.js';

/** A time as whole epoch milliseconds, as the workflow keeps it (and compares it back). */
const epochMs = (time: Sql) => sql`floor(extract(epoch from ${time}) * 1000)::float8`;

/** What the case's lifecycle acts on, read from PostgreSQL; undefined when it holds no such case. */
export async function readCaseFacts(em: EntityManager, caseId: number): Promise<CaseFacts | null> {
  const [row] = await query(
    em,
    sql<CaseFacts>`select c.state,
        ${epochMs(sql`greatest(c.opened_at, (select max(a.created_at) from moderation_appeal a
          join moderation_decision d on d.id = a.decision_id where d.case_id = c.id))`)} as "waitingSince",
        ${epochMs(sql`c.decided_at`)} as "decidedAt"
      from moderation_case c where c.id = ${caseId}`,
  );
  return row ?? null;
}

/**
 * Reminds the operator of a case still waiting for a decision since `waitingSince`; nothing when
 * it was decided meanwhile. Without OPERATOR_EMAIL, the log.
 */
export async function remindOperator(
  em: EntityManager,
  mail: { mailer: Mailer; operator?: string; publicUrl: string; log: Logger },
  input: { caseId: number; waitingSince: number; reminder: number },
): Promise<void> {
  const [row] = await query(
    em,
    sql<{
      number: string;
      reports: number;
    }>`select c.number, (select count(*) from moderation_report r where r.case_id = c.id)::int as reports
      from moderation_case c where c.id = ${input.caseId} and c.state in ('open', 'appealed')`,
  );
  if (!row) return;
  const hours = Math.round((Date.now() - input.waitingSince) / 3600_000);
  const text = `Case ${row.number} (${row.reports} report(s)) has waited ${hours} hours for a decision: ${mail.publicUrl}/admin/cases#${row.number}`;
  if (!mail.operator) {
    mail.log.warn({ case: row.number, reminder: input.reminder }, text);
    return;
  }
  await mail.mailer.send({
    to: mail.operator,
    subject: `Reminder ${input.reminder}: case ${row.number} waits for a decision`,
    text,
  });
}

/** Closes a case whose appeal window ended, if the decision in force is still the one the window was for. */
export async function closeCase(em: EntityManager, input: { caseId: number; decidedAt: number }): Promise<CaseFacts | null> {
  await query(
    em,
    sql`update moderation_case set state = 'closed', closed_at = now(), version = version + 1
      where id = ${input.caseId} and state = 'decided' and ${epochMs(sql`decided_at`)} = ${input.decidedAt}`,
  );
  return readCaseFacts(em, input.caseId);
}
