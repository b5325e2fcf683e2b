import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The company behind a listing; a first submit creates it with the listing. */
export const Company = defineEntity({
  name: 'Company',
  tableName: 'company',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(500),
    domain: p.string().length(253).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type CompanyEntity = InferEntity<typeof Company>;
