import type { ClaimStatus } from '../src/domain/claims.js';
import { mailClaimLink } from '../src/claims/link-mail.js';
import { createProofCheck } from '../src/claims/proof-checks.js';
import { expireClaim, runClaimCheck } from '../src/claims/verification.js';
import { workflowIds } from '../src/domain/workflow-ids.js';
import type { ActivityDeps } from './index.js';

/** The claimVerification workflow's steps; each one is safe to repeat. */
export function claimActivities(deps: ActivityDeps) {
  const check = createProofCheck(deps.config);
  const settings = { publicUrl: deps.config.publicUrl, siteName: deps.config.site.name };
  return {
    async checkClaim(input: {
      claimId: number;
      nextCheckAt: string | null;
    }): Promise<{ status: ClaimStatus; result: string | null; canceledWorkflows: string[] }> {
      const checked = await runClaimCheck(deps.orm.em.fork(), check, deps.mailer, settings, input.claimId, input.nextCheckAt);
      return {
        status: checked.status,
        result: checked.result,
        canceledWorkflows: checked.canceledClaims.map(workflowIds.claimVerification),
      };
    },
    async expireClaim(claimId: number): Promise<ClaimStatus> {
      return expireClaim(deps.orm.em.fork(), claimId);
    },
    async mailClaimLink(claimId: number): Promise<void> {
      await mailClaimLink(deps.orm.em.fork(), deps.mailer, settings, claimId);
    },
  };
}
