import type { EntityManager } from '@mikro-orm/postgresql';
import { ruleKeyPattern } from '../domain/moderation.js';
import { AppError } from '../errors.js';
import { query, sql } from '../platform/sql.js';

export interface SiteRule {
  key: string;
  title: string;
  body: string;
}

/** The site rules, in their order: what a decision may cite as its ground (`/rules`). */
export function listRules(em: EntityManager): Promise<SiteRule[]> {
  return query(em, sql<SiteRule>`select key, title, body from site_rule order by position, key`);
}

export async function ruleKeys(em: EntityManager): Promise<string[]> {
  return (await listRules(em)).map((rule) => rule.key);
}

/** Adds a rule at the end, or rewords the rule of that key. */
export async function saveRule(em: EntityManager, rule: SiteRule): Promise<void> {
  if (!ruleKeyPattern.test(rule.key))
    throw new AppError('invalid_input', 'A rule key is 2 to 40 lower-case letters, digits or underscores, a letter first.');
  if (!rule.title.trim() || rule.title.length > 200 || !rule.body.trim() || rule.body.length > 2000)
    throw new AppError('invalid_input', 'A rule needs a title (at most 200 characters) and a text (at most 2,000).');
  await query(
    em,
    sql`insert into site_rule (key, title, body, position)
      values (${rule.key}, ${rule.title}, ${rule.body}, (select coalesce(max(position), 0) + 1 from site_rule))
      on conflict (key) do update set title = excluded.title, body = excluded.body`,
  );
}
