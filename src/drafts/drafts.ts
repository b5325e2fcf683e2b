import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Draft, type DraftEntity } from '../entities/draft.js';
import { notFound } from '../errors.js';
import { offsetOf, pageOf } from '../domain/pagination.js';

/**
 * Drafts as their owner sees them. Every read and write is scoped to the owner, so another
 * user's draft is simply absent (404), never forbidden.
 */
export async function createDraft(
  em: EntityManager,
  input: { siteId: number; ownerId: number; url: string },
): Promise<DraftEntity> {
  const draft = em.create(Draft, {
    id: randomUUID(),
    siteId: input.siteId,
    ownerId: input.ownerId,
    url: input.url,
    status: 'crawling',
    pagesFetched: 0,
    pagesPlanned: 0,
    fieldsFound: 0,
    fields: {},
    faqs: [],
    companySocials: {},
    founderSocials: {},
    founders: [],
    story: {},
    milestones: [],
    seo: {},
    ownerParts: [],
  });
  await em.flush();
  return draft;
}

/** Removes a draft whose build could not be started, so no draft stays "crawling" forever. */
export async function discardDraft(em: EntityManager, draft: DraftEntity): Promise<void> {
  await em.remove(draft).flush();
}

export async function findOwnedDraft(em: EntityManager, ownerId: number, id: string): Promise<DraftEntity> {
  const draft = await em.findOne(Draft, { id, ownerId }, { refresh: true });
  if (!draft) throw notFound('The draft');
  return draft;
}

export async function listOwnedDrafts(em: EntityManager, ownerId: number, page: number, perPage: number) {
  const [items, total] = await em.findAndCount(
    Draft,
    { ownerId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: perPage, offset: offsetOf(page, perPage) },
  );
  return pageOf(items, total, page, perPage);
}

/**
 * Changes an owned draft under a row lock, so an edit and the build's activities (which lock the
 * same row) never overwrite each other's work.
 */
export async function editOwnedDraft(
  em: EntityManager,
  ownerId: number,
  id: string,
  edit: (draft: DraftEntity) => void,
): Promise<DraftEntity> {
  return em.transactional(async (tx) => {
    const draft = await tx.findOne(Draft, { id, ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!draft) throw notFound('The draft');
    edit(draft);
    draft.updatedAt = new Date();
    return draft;
  });
}
