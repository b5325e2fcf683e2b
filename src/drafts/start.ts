import type { EntityManager } from '@mikro-orm/postgresql';
import type { DraftEntity } from '../entities/draft.js';
import { AppError } from '../errors.js';
import { siteUrlOf } from '../domain/site-url.js';
import { createDraft, discardDraft } from './drafts.js';
import { startDraftBuild } from './workflow.js';
import type { DraftEditDeps } from './edits.js';

/**
 * submit_listing: a draft for the product at `url`, with its build started. A draft whose build
 * could not be started is removed again, so none stays "crawling" forever.
 */
export async function startDraft(
  deps: DraftEditDeps,
  em: EntityManager,
  caller: { ownerId: number; siteId: number },
  url: string,
): Promise<DraftEntity> {
  const siteUrl = siteUrlOf(url);
  if (!siteUrl)
    throw new AppError('invalid_input', 'Invalid request body.', [
      { path: 'body.url', message: 'must be an http(s) URL or a domain name' },
    ]);
  const draft = await createDraft(em, { siteId: caller.siteId, ownerId: caller.ownerId, url: siteUrl });
  try {
    await startDraftBuild(deps.temporal, deps.config, { draftId: draft.id, ownerId: caller.ownerId });
  } catch (error) {
    await discardDraft(em, draft);
    throw error;
  }
  return draft;
}
