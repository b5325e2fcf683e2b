import type { EntityManager } from '@mikro-orm/postgresql';
import type { DraftEntity } from '../entities/draft.js';
import { AppError } from '../errors.js';
import { registrableDomainOf } from '../domain/registrable-domain.js';
import { siteUrlOf } from '../domain/site-url.js';
import { createDraft, discardDraft } from './drafts.js';
import { refuseSecondPublicListing } from '../listings/one-per-domain.js';
import { openDraftOnDomain } from './same-domain.js';
import { startDraftBuild } from './lifecycle.js';
import type { DraftEditDeps } from './edits.js';

/**
 * submit_listing: a draft for the product at `url`, with its build started. A domain that already
 * has a public listing is refused (already_listed: its owner claims it instead); the caller's open
 * draft of the same domain is answered instead of a second one (`existing`), its build started if
 * it has none. A draft whose build could not be started is removed again, so none stays
 * "crawling" forever.
 */
export async function startDraft(
  deps: DraftEditDeps,
  em: EntityManager,
  caller: { ownerId: number; siteId: number },
  url: string,
): Promise<{ draft: DraftEntity; existing: boolean }> {
  const siteUrl = siteUrlOf(url);
  if (!siteUrl)
    throw new AppError('invalid_input', 'Invalid request body.', [
      { path: 'body.url', message: 'must be an http(s) URL or a domain name' },
    ]);
  const domain = registrableDomainOf(siteUrl);
  await refuseSecondPublicListing(em, deps.config.publicUrl, { siteId: caller.siteId, host: domain }, 'body.url');
  const open = await openDraftOnDomain(em, caller, domain);
  if (open) {
    // A request that died after committing the draft left it with no build; a running build is found, not doubled.
    if (open.status === 'crawling' || open.status === 'drafting')
      await startDraftBuild(deps.temporal, deps.config, { draftId: open.id, ownerId: caller.ownerId });
    return { draft: open, existing: true };
  }

  const draft = await createDraft(em, { siteId: caller.siteId, ownerId: caller.ownerId, url: siteUrl });
  try {
    await startDraftBuild(deps.temporal, deps.config, { draftId: draft.id, ownerId: caller.ownerId });
  } catch (error) {
    await discardDraft(em, draft);
    throw error;
  }
  return { draft, existing: false };
}
