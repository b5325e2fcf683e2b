import {
  allHandlersFinished,
  condition,
  defineSignal,
  defineUpdate,
  getExternalWorkflowHandle,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { checkDelayMs, type ClaimMethod, type ClaimStatus } from '../src/domain/claims.js';
import { claimStatusAttribute } from '../src/domain/search-attributes.js';

export interface ClaimVerificationInput {
  claimId: number;
  method: ClaimMethod;
  /** Epoch milliseconds: the claim expires then without proof. */
  expiresAt: number;
}

/** What a check ended with: the claim's status and the check's result in words. */
export interface ClaimCheckReport {
  status: ClaimStatus;
  result: string | null;
}

/** Check now (verify_claim); resolves with that check's report. */
export const verifyNowUpdate = defineUpdate<ClaimCheckReport, []>('verifyNow');
/** Something changed outside (the emailed link was confirmed, another claim won): check at once. */
export const claimChangedSignal = defineSignal('claimChanged');

const steps = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/**
 * claim-<id>: checks the claim's proof on a backoff (1 minute, doubling, at most 6 hours apart)
 * until it is verified or failed, and expires it when 7 days pass without proof. A check asked for
 * (verify_claim, a signal) runs at once and leaves the schedule as it was.
 */
export async function claimVerification(input: ClaimVerificationInput): Promise<ClaimCheckReport> {
  let asked = 0;
  let served = 0;
  let report: ClaimCheckReport = { status: 'pending', result: null };

  setHandler(verifyNowUpdate, async () => {
    const mine = ++asked;
    await condition(() => served >= mine || report.status !== 'pending');
    return report;
  });
  setHandler(claimChangedSignal, () => {
    asked++;
  });

  if (input.method === 'email') await steps.mailClaimLink(input.claimId);

  let scheduled = 0;
  let nextAt = Date.now() + checkDelayMs(0);
  while (report.status === 'pending') {
    const wakeAt = Math.min(nextAt, input.expiresAt);
    const wanted = () => asked > served;
    if (!wanted() && wakeAt > Date.now()) await condition(wanted, wakeAt - Date.now());
    if (!wanted()) {
      if (Date.now() >= input.expiresAt) {
        report = { status: await steps.expireClaim(input.claimId), result: report.result };
        break;
      }
      scheduled++;
      nextAt = Date.now() + checkDelayMs(scheduled);
    }
    const serving = asked;
    const checked = await steps.checkClaim({
      claimId: input.claimId,
      nextCheckAt: nextAt < input.expiresAt ? new Date(nextAt).toISOString() : null,
    });
    served = serving;
    report = { status: checked.status, result: checked.result };
    for (const workflowId of checked.canceledWorkflows) await tellClosed(workflowId);
  }
  upsertSearchAttributes([{ key: claimStatusAttribute, value: report.status }]);
  await condition(allHandlersFinished);
  return report;
}

/** Wakes another claim's lifecycle so it sees its claim canceled at once; one already closed needs nothing. */
async function tellClosed(workflowId: string): Promise<void> {
  try {
    await getExternalWorkflowHandle(workflowId).signal(claimChangedSignal);
  } catch {
    // Its run has ended: nothing is waiting on the claim.
  }
}
