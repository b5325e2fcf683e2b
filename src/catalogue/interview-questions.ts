import type { EntityManager } from '@mikro-orm/postgresql';
import type { InterviewQuestions } from './schemas.js';
import { query, sql } from '../platform/sql.js';

/** The founder interview: the active questions in order. */
export async function listInterviewQuestions(em: EntityManager, siteId: number): Promise<InterviewQuestions> {
  const items = await query(
    em,
    sql<{
      id: number;
      question: string;
      position: number;
    }>`select id, question, position from interview_question where site_id = ${siteId} and active order by position, id`,
  );
  return { items };
}

/** Appends questions after the existing ones; a question already asked is left as it is. */
export async function addInterviewQuestions(em: EntityManager, siteId: number, questions: string[]): Promise<number> {
  const rows = await query(
    em,
    sql<{ id: number }>`insert into interview_question (site_id, question, position)
     select ${siteId}, q.value, (select coalesce(max(position), 0) from interview_question where site_id = ${siteId}) + q.ordinality
     from json_array_elements_text(${sql.json(questions)}::json) with ordinality as q
     on conflict (site_id, question) do nothing returning id`,
  );
  return rows.length;
}
