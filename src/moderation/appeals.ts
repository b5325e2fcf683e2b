import type { EntityManager } from '@mikro-orm/postgresql';
import { appealRefusal, type CaseState, type RecordedAction, type ReportKind } from '../domain/moderation.js';
import { ModerationAppeal } from '../entities/moderation.js';
import { AppError, notFound } from '../errors.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';
import type { TemporalHandle } from '../temporal.js';
import { caseChanged } from './lifecycle.js';
import { lockedCase } from './decisions.js';

export interface AppealDeps {
  em: EntityManager;
  mailer: Mailer;
  temporal: TemporalHandle;
  siteId: number;
  operatorEmail: string | undefined;
  publicUrl: string;
}

/** The signed-in person appealing. */
export interface Appellant {
  userId: number;
  email: string;
}

/**
 * An appeal against a case's decision in force (Art. 20 DSA): by the person affected, or by a
 * reporter after a dismissal, once per decision within 6 months. The case returns to the queue
 * marked as an appeal; the lifecycle reminds the operator again. Anyone else is told the case
 * does not exist.
 */
export async function appealCase(deps: AppealDeps, who: Appellant, number: string, explanation: string): Promise<void> {
  await deps.em.transactional(async (tx) => {
    const c = await lockedCase(tx, deps.siteId, number);
    const role = await roleOf(tx, c.id, c.ownerId, who);
    if (role === 'other') throw notFound(`Case ${number}`);
    const [last] = await query(
      tx,
      sql<{ id: number; action: RecordedAction; appealed: boolean }>`select d.id, d.action,
        exists (select 1 from moderation_appeal a where a.decision_id = d.id) as appealed
        from moderation_decision d where d.case_id = ${c.id} order by d.id desc limit 1`,
    );
    const refused = appealRefusal(c.state, last?.action, role, c.decidedAt ?? null, new Date());
    if (refused) throw new AppError('conflict', refused);
    if (last.appealed) throw new AppError('conflict', 'This decision was appealed already: one appeal per decision.');
    tx.create(ModerationAppeal, { decisionId: last.id, userId: who.userId, role, explanation });
    c.state = 'appealed';
    await tx.flush();
    if (deps.operatorEmail)
      await deps.mailer.send(
        {
          to: deps.operatorEmail,
          subject: `Case ${number} appealed`,
          text: `The ${role === 'owner' ? 'person affected' : 'reporter'} appealed the decision of case ${number}; it waits in the queue at ${deps.publicUrl}/admin/cases.\n\n${explanation}`,
        },
        { within: tx },
      );
    await caseChanged(deps.temporal, c);
  });
}

/** owner: the person the decision affects; reporter: filed a report of the case, signed in or with this address. */
async function roleOf(tx: EntityManager, caseId: number, ownerId: number | null | undefined, who: Appellant) {
  if (ownerId === who.userId) return 'owner' as const;
  const [reported] = await query(
    tx,
    sql<{ one: number }>`select 1 as one from moderation_report where case_id = ${caseId}
      and (user_id = ${who.userId} or lower(email) = lower(${who.email})) limit 1`,
  );
  return reported ? ('reporter' as const) : ('other' as const);
}

export interface MyCase {
  number: string;
  kind: ReportKind;
  listing_slug: string | null;
  listing_name: string | null;
  role: 'owner' | 'reporter';
  state: CaseState;
  action: RecordedAction | null;
  ground: string | null;
  facts: string | null;
  automated: boolean;
  decided_at: string | null;
  appealed: boolean;
}

/** The cases that concern a person, newest first: decisions about their content, and cases their reports opened or joined. */
export function casesOf(em: EntityManager, siteId: number, who: Appellant, listingId?: number): Promise<MyCase[]> {
  return query(
    em,
    sql<MyCase>`select c.number, c.kind, l.slug as listing_slug, l.name as listing_name,
        case when c.owner_id = ${who.userId} then 'owner' else 'reporter' end as role, c.state,
        d.action, d.ground, d.facts, coalesce(d.automated, false) as automated, iso_utc(d.created_at) as decided_at,
        exists (select 1 from moderation_appeal a where a.decision_id = d.id) as appealed
      from moderation_case c
      left join listing l on l.id = c.listing_id
      left join lateral (select * from moderation_decision where case_id = c.id order by id desc limit 1) d on true
      where c.site_id = ${siteId}
        and (${listingId ?? null}::int is null or c.listing_id = ${listingId ?? null}::int)
        and (c.owner_id = ${who.userId} or exists (select 1 from moderation_report r where r.case_id = c.id
          and (r.user_id = ${who.userId} or lower(r.email) = lower(${who.email}))))
      order by c.id desc`,
  );
}
