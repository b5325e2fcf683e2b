import { closeCase, readCaseFacts, remindOperator } from '../src/moderation/case-steps.js';
import type { ActivityDeps } from './index.js';

/** The moderationCase workflow's steps: each reads or changes the case in PostgreSQL, safe to repeat. */
export function moderationActivities(deps: ActivityDeps) {
  const mail = { mailer: deps.mailer, operator: deps.config.mail.operator, publicUrl: deps.config.publicUrl, log: deps.log };
  return {
    readCase: (caseId: number) => readCaseFacts(deps.orm.em.fork(), caseId),
    remindOperator: (input: { caseId: number; waitingSince: number; reminder: number }) =>
      remindOperator(deps.orm.em.fork(), mail, input),
    closeCase: (input: { caseId: number; decidedAt: number }) => closeCase(deps.orm.em.fork(), input),
  };
}
