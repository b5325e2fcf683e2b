import type { EntityManager } from '@mikro-orm/postgresql';
import type { CaseState, ReportCategory, ReportKind } from '../domain/moderation.js';
import { query, sql } from '../platform/sql.js';

/** The reported item as it reads now: a listing's own words, or a review's or update's text; null once it is gone. */
export interface CaseContent {
  name: string | null;
  tagline: string | null;
  description: string | null;
  website: string | null;
  title: string | null;
  text: string | null;
  rating: number | null;
}

/** One change of the item: an owner's edit of a listing, or an operator's action; each field before and after. */
export interface CaseChange {
  at: string;
  by: string | null;
  what: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

export interface QueuedCase {
  number: string;
  kind: ReportKind;
  item_id: number;
  listing_slug: string | null;
  category: ReportCategory;
  state: CaseState;
  opened_at: string;
  appeal: boolean;
  reports: { category: ReportCategory; law: string | null; explanation: string; at: string }[];
  content: CaseContent | null;
  history: CaseChange[];
  owner_listings: { slug: string; name: string; status: string }[];
}

type RecordedChange = Omit<CaseChange, 'changes'> & { before: unknown; after: unknown };

/** How many changes and other listings a case shows: the newest ones. */
const historyLimit = 20;
const ownerListingsLimit = 50;

/**
 * Cases waiting for a decision, oldest first (appeals marked), each with what an operator decides
 * on: its reports, the item's content, the item's newest changes, and the other listings of the
 * person the case affects. `all` adds decided and closed ones.
 */
export async function listCases(em: EntityManager, siteId: number, all = false, limit = 200): Promise<QueuedCase[]> {
  const rows = await query(
    em,
    sql<Omit<QueuedCase, 'history'> & { history: RecordedChange[] }>`select c.number, c.kind, c.item_id, l.slug as listing_slug,
        c.category, c.state, iso_utc(c.opened_at) as opened_at, c.state = 'appealed' as appeal,
        (select coalesce(json_agg(json_build_object('category', r.category, 'law', r.law, 'explanation', r.explanation,
          'at', iso_utc(r.created_at)) order by r.id), '[]') from moderation_report r where r.case_id = c.id) as reports,
        case c.kind
          when 'listing' then (select json_build_object('name', x.name, 'tagline', x.tagline, 'description', x.description,
            'website', x.website_url, 'title', null, 'text', null, 'rating', null) from listing x where x.id = c.item_id)
          when 'review' then (select json_build_object('name', null, 'tagline', null, 'description', null, 'website', null,
            'title', null, 'text', v.body, 'rating', v.rating) from review v where v.id = c.item_id)
          else (select json_build_object('name', null, 'tagline', null, 'description', null, 'website', null,
            'title', u.title, 'text', u.body, 'rating', null) from listing_update u where u.id = c.item_id)
        end as content,
        (select coalesce(json_agg(json_build_object('at', iso_utc(h.at), 'by', h.actor, 'what', h.what, 'before', h.before,
          'after', h.after) order by h.at desc, h.seq desc), '[]')
          from (
            select r.created_at as at, r.id::bigint as seq, a.email as actor, 'edit' as what, r.before, r.after
              from listing_revision r left join app_user a on a.id = r.author_id
              where c.kind = 'listing' and r.listing_id = c.item_id and r.after <> '{}'::jsonb
            union all
            select g.at, g.id, g.actor_email, g.action, g.before, g.after
              from audit_log g where g.item_kind = c.kind and g.item_id = c.item_id::text
            order by at desc, seq desc limit ${historyLimit}
          ) h) as history,
        (select coalesce(json_agg(json_build_object('slug', o.slug, 'name', o.name, 'status', o.status) order by o.created_at desc, o.id desc), '[]')
          from (select * from listing o where o.site_id = c.site_id and o.owner_id = c.owner_id and o.id is distinct from c.listing_id
            order by o.created_at desc, o.id desc limit ${ownerListingsLimit}) o) as owner_listings
      from moderation_case c left join listing l on l.id = c.listing_id
      where c.site_id = ${siteId} and (${all} or c.state in ('open', 'appealed'))
      order by c.opened_at, c.id limit ${limit}`,
  );
  return rows.map(({ history, ...rest }) => ({ ...rest, history: history.map(changesOf) }));
}

/** The fields a recorded change moved, each before and after; fields it names but kept (the case's number) are left out. */
function changesOf({ before, after, ...change }: RecordedChange): CaseChange {
  const was = objectOf(before);
  const is = objectOf(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return {
    ...change,
    changes: fields
      .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]))
      .map((field) => ({ field, before: was[field] ?? null, after: is[field] ?? null })),
  };
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
