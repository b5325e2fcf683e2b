import { OptimisticLockError } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';

/**
 * Runs a write to listings as one transaction, flushed at its end. It starts from an empty
 * identity map, so the aggregate it loads is fresh and its collections' orphans are removed by
 * this unit of work. A listing changed by another writer since this one loaded it (its version
 * moved on) is a 409 conflict, not a lost update.
 */
export async function listingUnitOfWork<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await em.transactional(work, { clear: true });
  } catch (error) {
    if (error instanceof OptimisticLockError) {
      throw new AppError('conflict', 'The listing was changed by another request at the same time; send this one again.');
    }
    throw error;
  }
}
