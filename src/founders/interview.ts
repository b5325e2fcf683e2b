import type { EntityManager } from '@mikro-orm/postgresql';
import { founderUrl } from '../catalogue/founders.js';
import { InterviewAnswer } from '../entities/interview-answer.js';
import { AppError } from '../errors.js';
import { query, sql } from '../platform/sql.js';

export interface InterviewAnswers {
  founder: { slug: string; name: string; url: string } | null;
  answers: { question_id: number; question: string; answer: string; updated_at: string }[];
}

/**
 * answer_interview: saves the caller's answers (answering a question again replaces its answer) on
 * their founder profile, where the founder page shows them. A caller without a founder profile
 * yet becomes the first founder named on their newest listing that nobody has taken; until then
 * the answers are kept and shown once they have one.
 */
export async function answerInterview(
  em: EntityManager,
  site: { id: number },
  publicUrl: string,
  userId: number,
  answers: readonly { question_id: number; answer: string }[],
): Promise<InterviewAnswers> {
  await em.transactional(async (tx) => {
    const ids = [...new Set(answers.map((a) => a.question_id))];
    const known = await query(
      tx,
      sql<{ id: number }>`select id from interview_question where site_id = ${site.id} and active
       and id in (select jsonb_array_elements_text(${sql.json(ids)}::jsonb)::int)`,
    );
    const found = new Set(known.map((q) => q.id));
    const unknown = answers.flatMap((a, i) => (found.has(a.question_id) ? [] : [{ index: i, id: a.question_id }]));
    if (unknown.length) {
      throw new AppError(
        'invalid_input',
        `No interview question has the id ${unknown.map((u) => u.id).join(', ')}; list_interview_questions gives the ids.`,
        unknown.map((u) => ({
          path: `body.answers.${u.index}.question_id`,
          message: `no interview question has the id ${u.id}`,
        })),
      );
    }
    const now = new Date();
    for (const { question_id, answer } of answers) {
      await tx.upsert(InterviewAnswer, { userId, questionId: question_id, answer, updatedAt: now });
    }
    await linkFounderProfile(tx, site.id, userId);
  });
  return interviewOf(em, site.id, publicUrl, userId);
}

/** Gives a person without a founder profile the first untaken founder of their newest listing that has one. */
async function linkFounderProfile(tx: EntityManager, siteId: number, userId: number): Promise<void> {
  await query(
    tx,
    sql`update founder set user_id = ${userId} where id = (
      select f.id from listing l join listing_founder lf on lf.listing_id = l.id join founder f on f.id = lf.founder_id
      where l.owner_id = ${userId} and l.site_id = ${siteId} and f.user_id is null
      order by l.created_at desc, l.id desc, lf.position limit 1)
     and not exists (select 1 from founder where site_id = ${siteId} and user_id = ${userId})`,
  );
}

export async function interviewOf(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  userId: number,
): Promise<InterviewAnswers> {
  const [founder] = await query(
    em,
    sql<{
      slug: string;
      name: string;
    }>`select slug, name from founder where site_id = ${siteId} and user_id = ${userId} order by id limit 1`,
  );
  const answers = await query(
    em,
    sql<InterviewAnswers['answers'][number]>`select a.question_id, q.question, a.answer, iso_utc(a.updated_at) as updated_at
     from interview_answer a join interview_question q on q.id = a.question_id
     where a.user_id = ${userId} and q.site_id = ${siteId} order by q.position, q.id`,
  );
  return { founder: founder ? { ...founder, url: founderUrl(publicUrl, founder.slug) } : null, answers };
}
