import { createCrawler } from '../src/crawl/index.js';
import { createDrafter, draftProfile } from '../src/drafting/index.js';
import type { DraftFieldName } from '../src/domain/draft-fields.js';
import {
  acceptDraftedProfile,
  categoryNames,
  failDraft,
  fieldsAskedToRedraft,
  findDraftForBuild,
  loadCrawledPages,
  recordCrawlProgress,
  storeCrawl,
} from '../src/drafts/build.js';
import { heartbeating } from './heartbeat.js';
import type { ActivityDeps } from './index.js';

/** The draft build's steps (workflows/draft-build.ts). Each takes ids and reads the rest from PostgreSQL. */
export function draftActivities(deps: ActivityDeps) {
  const crawler = createCrawler(deps.config.crawl);
  const drafter = createDrafter(deps.config);
  return {
    /** Reads the website and stores its pages; a site that cannot be read fails the draft with the reason. */
    async crawlDraftSite(draftId: string): Promise<{ ok: boolean }> {
      const em = deps.orm.em.fork();
      const draft = await findDraftForBuild(em, draftId);
      if (!draft || draft.status === 'failed') return { ok: false };
      // An earlier attempt stored the crawl but its completion was lost with its worker.
      if (draft.crawledAt) return { ok: true };
      const outcome = await heartbeating(() =>
        crawler.crawl({ url: draft.url }, (progress) => recordCrawlProgress(em, draftId, progress)),
      );
      if (!outcome.ok) {
        await failDraft(em, draftId, outcome.failure.reason, outcome.failure.message);
        return { ok: false };
      }
      await storeCrawl(em, draftId, outcome.pages);
      return { ok: true };
    },

    /** Drafts every field (the build) or some fields (regenerate) from the stored pages. */
    async draftDraftFields(input: { draftId: string; fields?: DraftFieldName[] }): Promise<void> {
      const em = deps.orm.em.fork();
      const draft = await findDraftForBuild(em, input.draftId);
      if (!draft) return;
      const fields = input.fields && fieldsAskedToRedraft(draft, input.fields);
      if (fields?.length === 0) return;
      const pages = await loadCrawledPages(em, input.draftId);
      const categories = await categoryNames(em, draft.siteId);
      const profile = await heartbeating(() => draftProfile(drafter, { pages, categories, fields }));
      await acceptDraftedProfile(em, input.draftId, profile, fields);
    },

    async failDraftBuild(input: { draftId: string; reason: string; message: string }): Promise<void> {
      await failDraft(deps.orm.em.fork(), input.draftId, input.reason, input.message);
    },
  };
}
