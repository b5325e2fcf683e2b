import { offsetOf, pageOf, type Page } from '../domain/pagination.js';
import { sql, type Sql } from './sql.js';

export type Runner = <Row>(statement: Sql<Row>) => Promise<Row[]>;

/** What each row of a page carries besides its own columns: the count of all matches. */
export interface Counted {
  total: string | number;
}

export interface PageQuery<Row> {
  /** The rows of the page, each with `count(*) over () as total`; end it with `pageLimit`. */
  rows: Sql<Row & Counted>;
  /** All matches counted: asked only past the last page, where no row carries the window count. */
  count: Sql<Counted>;
}

/** `limit ... offset ...` of a page. */
export function pageLimit(page: number, perPage: number): Sql {
  return sql`limit ${perPage} offset ${offsetOf(page, perPage)}`;
}

/**
 * A page with the exact total: the window count rides on the page's rows; past the last page
 * (and only there) one more statement counts the matches.
 */
export async function readPage<Row, Item>(
  run: Runner,
  statements: PageQuery<Row>,
  page: number,
  perPage: number,
  item: (row: Row, index: number) => Item,
): Promise<Page<Item>> {
  const rows = await run(statements.rows);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page > 1) total = Number((await run(statements.count))[0].total);
  return pageOf(rows.map(item), total, page, perPage);
}

/**
 * A page of the rows `from` names (a `from ... where ...` fragment), newest first by `order`, with
 * the exact total: the shape of every "the caller's records" list.
 */
export function readNewestFirst<Row, Item>(
  run: Runner,
  query: { columns: Sql; from: Sql; order: Sql },
  page: number,
  perPage: number,
  item: (row: Row & Counted, index: number) => Item,
): Promise<Page<Item>> {
  return readPage(
    run,
    {
      rows: sql<Row & Counted>`select ${query.columns}, count(*) over () as total ${query.from}
        order by ${query.order} ${pageLimit(page, perPage)}`,
      count: sql<Counted>`select count(*) as total ${query.from}`,
    },
    page,
    perPage,
    item,
  );
}
