import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrawledPage, CrawlProgress } from '../crawl/types.js';
import { Draft, type DraftEntity } from '../entities/draft.js';
import { acceptDrafted, fieldOf, fieldsFound, type DraftFields } from '../domain/draft-content.js';
import { draftFieldNames, type DraftFieldName } from '../domain/draft-fields.js';
import type { DraftedProfile } from '../domain/evidence.js';
import { execute, query, sql } from '../platform/sql.js';

/**
 * What the draft build's activities write. Each write is idempotent (a retried activity after a
 * worker crash writes the same rows again, never a second copy), and status and progress land in
 * PostgreSQL, so get_draft never asks Temporal.
 */
export async function findDraftForBuild(em: EntityManager, draftId: string): Promise<DraftEntity | null> {
  return em.findOne(Draft, { id: draftId }, { refresh: true });
}

export async function recordCrawlProgress(em: EntityManager, draftId: string, progress: CrawlProgress): Promise<void> {
  await query(
    em,
    sql`update draft set pages_fetched = ${progress.pagesFetched}, pages_planned = ${progress.pagesPlanned}, updated_at = now() where id = ${draftId} and status = 'crawling'`,
  );
}

/** Replaces the draft's stored pages with this crawl's and moves it to drafting, in one transaction. */
export async function storeCrawl(em: EntityManager, draftId: string, pages: readonly CrawledPage[]): Promise<void> {
  await em.transactional(async (tx) => {
    await execute(tx, sql`delete from draft_page where draft_id = ${draftId}`);
    for (const [position, page] of pages.entries()) {
      await execute(
        tx,
        sql`insert into draft_page (draft_id, position, url, page) values (${draftId}, ${position}, ${page.url}, ${sql.json(page)}::jsonb)`,
      );
    }
    await execute(
      tx,
      sql`update draft set status = 'drafting', crawled_at = now(), pages_fetched = ${pages.length}, pages_planned = ${pages.length}, updated_at = now()
       where id = ${draftId} and status in ('crawling', 'drafting')`,
    );
  });
}

export async function loadCrawledPages(em: EntityManager, draftId: string): Promise<CrawledPage[]> {
  const rows = await query(
    em,
    sql<{ page: CrawledPage }>`select page from draft_page where draft_id = ${draftId} order by position`,
  );
  return rows.map((row) => row.page);
}

/** The catalogue's category names, the only names a drafted category may take. */
export async function categoryNames(em: EntityManager, siteId: number): Promise<string[]> {
  const rows = await query(em, sql<{ name: string }>`select name from category where site_id = ${siteId} order by id`);
  return rows.map((row) => row.name);
}

/**
 * The fields of a regenerate request that the owner asked for through update_draft, as PostgreSQL
 * records them: a request sent to the workflow by anyone else redrafts nothing.
 */
export function fieldsAskedToRedraft(draft: DraftEntity, fields: readonly DraftFieldName[]): DraftFieldName[] {
  return fields.filter((name) => draft.regenerateAsked.includes(name));
}

/**
 * Takes the drafter's verified result into the draft. The first build (no `fields`) fills every
 * field the owner has not set, the FAQs and company socials unless the owner set them, and marks
 * the draft ready. A redraft of some fields replaces only those, except locked ones.
 */
export async function acceptDraftedProfile(
  em: EntityManager,
  draftId: string,
  profile: DraftedProfile,
  fields?: readonly DraftFieldName[],
): Promise<void> {
  await em.transactional(async (tx) => {
    const draft = await tx.findOne(Draft, { id: draftId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!draft) return;
    const mode = fields ? 'redraft' : 'build';
    // A build already taken (a retried step, or a run started again by hand) changes nothing.
    if (mode === 'build' && draft.status !== 'drafting') return;
    const next: DraftFields = { ...draft.fields };
    for (const name of fields ?? draftFieldNames) {
      const drafted = profile.fields[name];
      if (drafted) next[name] = acceptDrafted(fieldOf(next, name), drafted, mode);
    }
    draft.fields = next;
    draft.fieldsFound = fieldsFound(next);
    if (fields) draft.regenerateAsked = draft.regenerateAsked.filter((name) => !fields.includes(name));
    if (mode === 'build') {
      if (!draft.ownerParts.includes('faqs')) draft.faqs = profile.faqs;
      // The evidence of each founder was checked against its page; the draft keeps the facts.
      if (!draft.ownerParts.includes('founders'))
        draft.founders = profile.founders.map(({ evidence: _evidence, ...founder }) => founder);
      if (!draft.ownerParts.includes('company_socials')) {
        draft.companySocials = Object.fromEntries(
          Object.entries(profile.socials).map(([platform, social]) => [platform, social.url]),
        );
      }
      draft.status = 'ready';
      draft.draftedAt = new Date();
    }
    draft.updatedAt = new Date();
  });
}

/** Ends a build that cannot finish, with its reason; a draft already ready stays ready. */
export async function failDraft(em: EntityManager, draftId: string, reason: string, message: string): Promise<void> {
  await query(
    em,
    sql`update draft set status = 'failed', failure_reason = ${reason.slice(0, 40)}, failure_message = ${message}, updated_at = now()
     where id = ${draftId} and status in ('crawling', 'drafting')`,
  );
}
