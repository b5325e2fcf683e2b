import { caseChangedSignal } from '../../workflows/moderation-case.js';
import type { ModerationCaseEntity } from '../entities/moderation.js';
import {
  listingIdAttribute,
  moderationCategoryAttribute,
  moderationKindAttribute,
  moderationStateAttribute,
} from '../domain/search-attributes.js';
import { workflowIds } from '../domain/workflow-ids.js';
import { signalLifecycleWithStart } from '../platform/lifecycles.js';
import type { TemporalHandle } from '../temporal.js';

type CaseKey = Pick<ModerationCaseEntity, 'id' | 'number' | 'kind' | 'itemId' | 'itemCase' | 'category' | 'state' | 'listingId'>;

/**
 * Tells a case's lifecycle that the case changed, starting it when none runs (a new case, or one
 * whose run ended early): it reads the case from PostgreSQL and acts on that alone.
 */
export async function caseChanged(temporal: TemporalHandle, c: CaseKey): Promise<void> {
  await signalLifecycleWithStart(
    temporal,
    'moderationCase',
    {
      workflowId: workflowIds.moderationCase(c.kind, c.itemId, c.itemCase),
      args: [{ caseId: c.id }],
      searchAttributes: [
        { key: moderationKindAttribute, value: [c.kind] },
        { key: moderationStateAttribute, value: [c.state] },
        { key: moderationCategoryAttribute, value: [c.category] },
        ...(c.listingId ? [{ key: listingIdAttribute, value: c.listingId }] : []),
      ],
      summary: `Case ${c.number}`,
    },
    caseChangedSignal,
  );
}
