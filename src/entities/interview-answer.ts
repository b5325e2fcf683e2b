import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A person's answer to one founder interview question; answering again replaces it. */
export const InterviewAnswer = defineEntity({
  name: 'InterviewAnswer',
  tableName: 'interview_answer',
  properties: {
    userId: p.integer().primary(),
    questionId: p.integer().primary(),
    answer: p.string().length(4000),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});

export type InterviewAnswerEntity = InferEntity<typeof InterviewAnswer>;
