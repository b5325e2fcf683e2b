import type pg from 'pg';
import { prepared, sql, type ReadPool, type Sql } from '../../platform/sql.js';
import { summaryJson, type Summary } from '../sql.js';
import { ListingIndex, type CategoryRow, type SearchRow } from './listing-index.js';
import { countSearchCatchUp, countSearchIndexLoad } from '../../platform/metrics.js';

/** The columns of `search_listing` (as `l`) the index keeps. */
const rowColumns = sql`l.id, l.site_id, l.status, l.launch_week - date '1970-01-01' as launch_day, l.stage, l.country,
  l.pricing_model, l.domain, l.category_ids, l.vote_count, l.follower_count, l.view_count,
  (extract(epoch from coalesce(l.launched_at, l.launch_week::timestamptz, l.created_at)) * 1000000)::float8 as newest_us,
  extract(epoch from coalesce(l.launched_at, l.created_at))::float8 as trending_from,
  l.name_key, tsvector_to_array(l.name_vector) as name_words, tsvector_to_array(l.title_vector) as title_words,
  tsvector_to_array(l.search_vector) as words`;

/** Changes whenever a category is added, edited or deleted (each row version has its own xmin). */
const categoriesVersionSql = sql`(select coalesce(string_agg(c.xmin::text, ',' order by c.id), '') from category c)`;

const categoriesSql = sql<{
  version: string;
  categories: CategoryRow[];
}>`select ${categoriesVersionSql} as version, coalesce(json_agg(json_build_object('id', c.id, 'site_id', c.site_id,
    'parent_id', c.parent_id, 'slug', c.slug, 'name', c.name)), '[]') as categories from category c`;

/** Ids per statement while loading: a few megabytes of JSON each. */
const loadBatch = 5000;

/**
 * Changed rows one look applies at most; past this many (a bulk load or a mass update since the
 * last look) the index is read afresh instead, in batches, as one JSON answer of every changed
 * row would grow past PostgreSQL's 1 GB limit on a large catalogue.
 */
const defaultCatchUpLimit = 20_000;

/**
 * Where the index stands: every write committed before `xmax` is in it except those of the
 * transactions `inProgress` listed, which were still running when it last looked; and the
 * categories as of `categoriesVersion`.
 */
interface Synced {
  index: ListingIndex;
  xmax: string;
  inProgress: string[];
  categoriesVersion: string;
}

/** `xmin:xmax:xip,...` of pg_current_snapshot(). */
function watermarkOf(snapshot: string): Pick<Synced, 'xmax' | 'inProgress'> {
  const [, xmax, xip] = snapshot.split(':');
  return { xmax, inProgress: xip ? xip.split(',') : [] };
}

/**
 * This process's search index over `search_listing`, `search_word` and `category`, as fresh as
 * PostgreSQL: `current()` first reads every listing row written by a transaction that committed
 * since the index last looked (each row names its writer's transaction id, and the snapshot says
 * which of those had committed), so a search sees every write that committed before it began, as
 * the SQL search did. The typo lexicon grows with the rows (the triggers that fill `search_word`
 * take their words from the same rows), and the categories are read again when they change.
 * Concurrent callers share one such look; a look runs only after the one before it was applied.
 */
export class SearchIndex {
  private state?: Promise<Synced>;
  private looking?: Promise<ListingIndex>;
  private next?: Promise<ListingIndex>;
  private rebuilding = false;

  constructor(
    private readonly pool: ReadPool,
    private readonly catchUpLimit = defaultCatchUpLimit,
  ) {}

  /** The summaries of listings by id, in the order given (one that is gone meanwhile is left out). */
  async summaries(ids: readonly number[]): Promise<Summary[]> {
    if (!ids.length) return [];
    const rows = await prepared(
      this.pool,
      sql<{ id: number; summary: Summary }>`select l.id, ${summaryJson} as summary from listing l
        where l.id = any(${sql.array(ids, 'int')})`,
    );
    const byId = new Map(rows.map((r) => [r.id, r.summary]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The index with every write committed before this call applied. */
  current(): Promise<ListingIndex> {
    if (!this.looking) {
      this.looking = this.catchUp().finally(() => (this.looking = undefined));
      return this.looking;
    }
    // The look under way may have begun before this call: take the one after it.
    this.next ??= this.looking
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.current();
      });
    return this.next;
  }

  private async catchUp(): Promise<ListingIndex> {
    const startedAt = process.hrtime.bigint();
    this.state ??= load(this.pool);
    let synced: Synced;
    try {
      synced = await this.state;
    } catch (error) {
      this.state = undefined;
      throw error;
    }
    const [look] = await prepared(
      this.pool,
      sql<{
        snapshot: string;
        categories_version: string;
        changed: SearchRow[];
        gone: number[];
      }>`select pg_current_snapshot()::text as snapshot, ${categoriesVersionSql} as categories_version,
        (select coalesce(json_agg(r), '[]') from (select ${rowColumns} from search_listing l
           where l.change_xid >= ${synced.xmax}::xid8 or l.change_xid = any(${synced.inProgress}::xid8[])
           limit ${this.catchUpLimit + 1}) r) as changed,
        (select coalesce(json_agg(g.id), '[]') from search_listing_gone g
           where g.change_xid >= ${synced.xmax}::xid8 or g.change_xid = any(${synced.inProgress}::xid8[])) as gone`,
    );
    if (look.changed.length > this.catchUpLimit) {
      const fresh = load(this.pool);
      this.state = fresh;
      const { index } = await fresh;
      countSearchCatchUp(startedAt, look.changed.length, index.size);
      return index;
    }
    if (look.categories_version !== synced.categoriesVersion) {
      const [{ version, categories }] = await prepared(this.pool, categoriesSql);
      synced.index.setCategories(categories);
      synced.categoriesVersion = version;
    }
    for (const row of look.changed) synced.index.put(row);
    for (const id of look.gone) synced.index.remove(id);
    Object.assign(synced, watermarkOf(look.snapshot));
    this.rebuildWhenWasteful(synced.index);
    countSearchCatchUp(startedAt, look.changed.length + look.gone.length, synced.index.size);
    return synced.index;
  }

  /** Listings whose words changed leave their old postings behind; a fresh load drops them. */
  private rebuildWhenWasteful(index: ListingIndex): void {
    if (this.rebuilding || index.garbage < Math.max(10_000, index.size / 2)) return;
    this.rebuilding = true;
    const fresh = load(this.pool);
    fresh
      .then(
        () => (this.state = fresh),
        () => undefined,
      )
      .finally(() => (this.rebuilding = false));
  }
}

/** Every row of `search_listing`, `search_word` and `category`, read in one snapshot. */
async function load(pool: ReadPool): Promise<Synced> {
  countSearchIndexLoad();
  const client: pg.PoolClient = await pool.connect();
  const read = async <Row>(statement: Sql<Row>): Promise<Row[]> => {
    const { text, values } = statement.toPostgres();
    return (await client.query<Row & pg.QueryResultRow>(text, values)).rows;
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const index = new ListingIndex();
    const [{ snapshot }] = await read(sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`);
    const [{ version, categories }] = await read(categoriesSql);
    index.setCategories(categories);
    for (const { word } of await read(sql<{ word: string }>`select word from search_word`)) index.nearWords.add(word);
    const [{ last }] = await read(sql<{ last: number }>`select coalesce(max(id), 0) as last from search_listing`);
    // Ids in ranges, each asked for before the one before it is indexed: PostgreSQL builds a
    // range while this process indexes the previous one.
    const range = (from: number) => {
      const rows = read(
        sql<{ rows: SearchRow[] }>`select coalesce(json_agg(r), '[]') as rows from (select ${rowColumns}
          from search_listing l where l.id > ${from} and l.id <= ${from + loadBatch}) r`,
      );
      rows.catch(() => undefined); // awaited below; a failure is thrown there, not left unhandled
      return rows;
    };
    let pending = last > 0 ? range(0) : undefined;
    for (let from = 0; pending; from += loadBatch) {
      const current = pending;
      pending = from + loadBatch < last ? range(from + loadBatch) : undefined;
      for (const row of (await current)[0].rows) index.put(row);
    }
    await client.query('commit');
    index.compact();
    return { index, categoriesVersion: version, ...watermarkOf(snapshot) };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
