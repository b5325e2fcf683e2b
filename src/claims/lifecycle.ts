import { claimChangedSignal, verifyNowUpdate } from '../../workflows/claim-verification.js';
import {
  claimIdAttribute,
  claimMethodAttribute,
  claimStatusAttribute,
  listingIdAttribute,
  ownerIdAttribute,
} from '../domain/search-attributes.js';
import { workflowIds } from '../domain/workflow-ids.js';
import { startLifecycle, updateLifecycleWithStartWithin, type LifecycleStart } from '../platform/lifecycles.js';
import type { TemporalHandle } from '../temporal.js';
import type { OpenClaim } from './commands.js';

/** verify_claim waits this long for its check; a slower one goes on, and the claim is answered as it stands. */
export const verifyNowWaitMs = 15_000;

function claimStart(claim: Omit<OpenClaim, 'created'>): LifecycleStart<'claimVerification'> {
  return {
    workflowId: workflowIds.claimVerification(claim.id),
    args: [{ claimId: claim.id, method: claim.method, expiresAt: claim.expiresAt.getTime() }],
    searchAttributes: [
      { key: claimIdAttribute, value: claim.id },
      { key: listingIdAttribute, value: claim.listingId },
      { key: claimMethodAttribute, value: claim.method },
      { key: claimStatusAttribute, value: 'pending' },
      { key: ownerIdAttribute, value: claim.userId },
    ],
  };
}

/** Starts checking a claim, or finds the run already checking it: the claim's id is the workflow's. */
export async function startClaimVerification(temporal: TemporalHandle, claim: Omit<OpenClaim, 'created'>): Promise<void> {
  await startLifecycle(temporal, 'claimVerification', claimStart(claim));
}

/** Runs a check of an open claim now and waits for it, `waitMs` at most; the check goes on past that. */
export async function checkClaimNow(
  temporal: TemporalHandle,
  claim: Omit<OpenClaim, 'created'>,
  waitMs = verifyNowWaitMs,
): Promise<void> {
  await updateLifecycleWithStartWithin(temporal, 'claimVerification', claimStart(claim), verifyNowUpdate, waitMs);
}

/** Tells a claim's lifecycle that something changed outside it (its emailed link was confirmed). */
export async function signalClaimChanged(temporal: TemporalHandle, claimId: number): Promise<void> {
  await temporal.client.workflow.getHandle(workflowIds.claimVerification(claimId)).signal(claimChangedSignal);
}
