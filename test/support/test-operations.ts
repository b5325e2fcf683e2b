import { z } from 'zod';
import { defineOperation } from '../../api/operations/registry.js';
import { paginationQuery } from '../../api/operations/common.js';
import { pageOf } from '../../src/domain/pagination.js';

/**
 * Operations that exist only in tests, to exercise the registry's contracts (body validation,
 * pagination, Idempotency-Key) before the real operations that use them arrive.
 */
export const recordEffect = defineOperation({
  id: 'test_record_effect',
  method: 'POST',
  path: '/test/effects',
  tag: 'Test',
  summary: 'Records one effect',
  description: 'Inserts a row into test_effect; slow on purpose so that concurrent retries overlap.',
  scope: null,
  idempotencyKey: true,
  successStatus: 201,
  input: { body: z.strictObject({ label: z.string().min(1).max(50), delay_ms: z.number().int().min(0).max(2000).optional() }) },
  output: z.object({ id: z.int(), label: z.string() }),
  async handler({ body }, { em }) {
    await new Promise((resolve) => setTimeout(resolve, body.delay_ms ?? 0));
    const [row] = await em
      .getConnection()
      .execute<{ id: number }[]>('insert into test_effect (label) values (?) returning id', [body.label]);
    return { id: row.id, label: body.label };
  },
});

export const listNumbers = defineOperation({
  id: 'test_list_numbers',
  method: 'GET',
  path: '/test/numbers',
  tag: 'Test',
  summary: 'Lists the numbers 1 to 45',
  description: 'A paginated list for testing the pagination contract.',
  scope: null,
  idempotencyKey: false,
  successStatus: 200,
  input: { query: paginationQuery },
  output: z.object({ items: z.array(z.int()), page: z.int(), per_page: z.int(), total: z.int(), total_pages: z.int() }),
  async handler({ query }) {
    const all = Array.from({ length: 45 }, (_, i) => i + 1);
    const start = (query.page - 1) * query.per_page;
    return pageOf(all.slice(start, start + query.per_page), all.length, query.page, query.per_page);
  },
});

export const needsScope = defineOperation({
  id: 'test_needs_scope',
  method: 'GET',
  path: '/test/private',
  tag: 'Test',
  summary: 'Needs account:read',
  description: 'An authenticated operation for testing the 401 contract.',
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: {},
  output: z.object({ ok: z.boolean() }),
  async handler() {
    return { ok: true };
  },
});

export const testOperations = [recordEffect, listNumbers, needsScope];
