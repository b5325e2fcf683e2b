import { defineEntity, p } from '@mikro-orm/core';

/** One site of the network the service runs; exactly one is the default. */
export const Site = defineEntity({
  name: 'Site',
  tableName: 'site',
  properties: {
    id: p.integer().primary(),
    key: p.string().length(40).unique(),
    name: p.string().length(120),
    domain: p.string().length(253).nullable(),
    isDefault: p.boolean().default(false),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
