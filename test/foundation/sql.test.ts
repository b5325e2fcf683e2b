import { sql } from '../../src/platform/sql.js';

describe('sql template', () => {
  it('binds each value where it stands, through nested fragments, numbering in order', () => {
    const where = sql`l.site_id = ${7} and l.slug = ${'notion'}`;
    const statement = sql`select ${sql.raw('l.id')} from listing l where ${where} limit ${20} offset ${sql`${40}`}`;
    expect(statement.toPostgres()).toEqual({
      text: 'select l.id from listing l where l.site_id = $1 and l.slug = $2 limit $3 offset $4',
      values: [7, 'notion', 20, 40],
    });
    expect(statement.toBuilder(false)).toEqual({
      text: 'select l.id from listing l where l.site_id = ? and l.slug = ? limit ? offset ?',
      values: [7, 'notion', 20, 40],
    });
  });

  it('never puts a value into the text, whatever it holds', () => {
    const hostile = "x'; drop table listing; --";
    expect(sql`select 1 where name = ${hostile}`.toPostgres()).toEqual({ text: 'select 1 where name = $1', values: [hostile] });
  });

  it('joins fragments and binds JSON whole', () => {
    const statement = sql`where ${sql.join([sql`a = ${1}`, sql`b = ${2}`], ' and ')} and c = any(${sql.json([3, 4])}::jsonb)`;
    expect(statement.toPostgres()).toEqual({ text: 'where a = $1 and b = $2 and c = any($3::jsonb)', values: [1, 2, '[3,4]'] });
    expect(sql`x${sql.join([])}y`.toPostgres()).toEqual({ text: 'xy', values: [] });
  });

  it('keeps a literal ? apart from the builder placeholders', () => {
    expect(sql`select data ? 'k', ${1}${2}`.toBuilder(false)).toEqual({ text: "select data \\? 'k', ? ?", values: [1, 2] });
    expect(sql`select data ? 'k'`.toBuilder(false)).toEqual({ text: "select data ? 'k'", values: [] });
    expect(sql`select data ? 'k'`.toBuilder(true)).toEqual({ text: "select data \\? 'k'", values: [] });
  });
});
