import { condition, defineSignal, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { appealWindowMs, reminderDelaysMs, type CaseState } from '../src/domain/moderation.js';
import { moderationStateAttribute } from '../src/domain/search-attributes.js';

export interface ModerationCaseInput {
  caseId: number;
}

/** A case as PostgreSQL holds it, which is all the lifecycle acts on. */
export interface CaseFacts {
  state: CaseState;
  /** Epoch ms since when the case waits for a decision: its opening, or its latest appeal. */
  waitingSince: number;
  /** Epoch ms of the decision in force, when decided. */
  decidedAt: number | null;
}

/**
 * Something happened to the case (a report joined, a decision, an appeal, a reversal). A request
 * only: the lifecycle reads the case again from PostgreSQL and acts on what it finds there.
 */
export const caseChangedSignal = defineSignal('caseChanged');

const steps = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/**
 * moderation-<kind>-<item id>-<n>: while the case waits for a decision, reminds the operator 24 h
 * and 72 h after it began waiting; once decided, keeps the appeal window open for 6 months on a
 * durable timer and then closes the case (an appeal makes it wait for a decision again).
 */
export async function moderationCase(input: ModerationCaseInput): Promise<CaseState | 'missing'> {
  let changed = false;
  setHandler(caseChangedSignal, () => {
    changed = true;
  });
  let facts = await steps.readCase(input.caseId);
  let reminded = { since: -1, sent: 0 };
  while (facts && facts.state !== 'closed') {
    upsertSearchAttributes([{ key: moderationStateAttribute, value: [facts.state] }]);
    const waiting = facts.state !== 'decided';
    if (waiting && reminded.since !== facts.waitingSince) reminded = { since: facts.waitingSince, sent: 0 };
    const wakeAt = waiting
      ? reminded.sent < reminderDelaysMs.length
        ? facts.waitingSince + reminderDelaysMs[reminded.sent]
        : undefined
      : facts.decidedAt! + appealWindowMs;
    const woken =
      wakeAt === undefined
        ? await condition(() => changed).then(() => true)
        : await condition(() => changed, Math.max(1, wakeAt - Date.now()));
    if (woken) {
      changed = false;
      facts = await steps.readCase(input.caseId);
    } else if (waiting) {
      reminded.sent++;
      await steps.remindOperator({ caseId: input.caseId, waitingSince: facts.waitingSince, reminder: reminded.sent });
    } else {
      facts = await steps.closeCase({ caseId: input.caseId, decidedAt: facts.decidedAt! });
    }
  }
  upsertSearchAttributes([{ key: moderationStateAttribute, value: [facts ? 'closed' : 'missing'] }]);
  return facts ? 'closed' : 'missing';
}
