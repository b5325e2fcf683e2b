import type { Client } from '@modelcontextprotocol/client';
import { request } from '../support/http.js';
import { connect, echoParts, eras, restRequestFor, startMcpTestApp, withoutInstance, type McpTestApp } from './support.js';

let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp();
});
afterAll(() => app.close());

async function runningKey(key: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const rows = await app.app.deps.orm.em
      .getConnection()
      .execute<unknown[]>(`select 1 from idempotency_record where key = ? and state = 'running'`, [key]);
    if (rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no call holds the key ${key}`);
}

const effects = async (label: string) =>
  Number(
    (
      await app.app.deps.orm.em
        .getConnection()
        .execute<{ n: string }[]>('select count(*) as n from test_effect where label = ?', [label])
    )[0].n,
  );

describe.each(eras)('mcp tool errors over %s', (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(app.mcp, era);
  });
  afterAll(() => client.close());

  it.each([
    ['a body field out of bounds', { slug: 'ok', note: 'far too long a note' }, 'body.note'],
    ['an unknown argument where the body allows no extras', { slug: 'ok', note: 'hi', colour: 'red' }, 'body.colour'],
    ['a missing required argument', { slug: 'ok' }, 'body.note'],
    ['a bad path argument', { slug: 'Not A Slug', note: 'hi' }, 'path.slug'],
    ['a bad query argument', { slug: 'ok', note: 'hi', limit: 9 }, 'query.limit'],
    ['a wrongly typed argument', { slug: 'ok', note: 42 }, 'body.note'],
  ])('answers %s with the problem details REST gives', async (_case, args, path) => {
    const result = await client.callTool({ name: echoParts.id, arguments: args });
    const { url, init } = restRequestFor(echoParts, args);
    const rest = await request(`${app.api}${url}`, init);
    expect(rest.status).toBe(400);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(withoutInstance(rest.body));
    expect(result.structuredContent).toMatchObject({
      status: 400,
      code: 'invalid_input',
      errors: expect.arrayContaining([expect.objectContaining({ path })]),
    });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toEqual(result.structuredContent);
  });

  it('refuses a call of a tool that does not exist', async () => {
    const outcome = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
      (result) => ({ isError: result.isError, text: JSON.stringify(result.content) }),
      (error: Error) => ({ isError: true, text: error.message }),
    );
    expect(outcome).toEqual({ isError: true, text: expect.stringContaining('no_such_tool') });
  });

  describe('idempotency_key', () => {
    it('replays the first result for the same key and arguments, without running again', async () => {
      const label = `replay-${era}`;
      const args = { label, idempotency_key: `key-${label}` };
      const first = await client.callTool({ name: 'test_record_effect', arguments: args });
      const second = await client.callTool({ name: 'test_record_effect', arguments: args });
      expect(first.isError).toBeFalsy();
      expect(first._meta?.idempotentReplayed).toBeUndefined();
      expect(second.structuredContent).toEqual(first.structuredContent);
      expect(second._meta?.idempotentReplayed).toBe(true);
      expect(await effects(label)).toBe(1);
    });

    it('is the same key as the Idempotency-Key header of the REST operation', async () => {
      const label = `shared-${era}`;
      const first = await client.callTool({ name: 'test_record_effect', arguments: { label, idempotency_key: `key-${label}` } });
      const rest = await request(`${app.api}/test/effects`, {
        method: 'POST',
        json: { label },
        headers: { 'idempotency-key': `key-${label}` },
      });
      expect(rest.status).toBe(201);
      expect(rest.headers.get('idempotent-replayed')).toBe('true');
      expect(rest.body).toEqual(first.structuredContent);
      expect(await effects(label)).toBe(1);
    });

    it('refuses the same key with other arguments (422 idempotency_key_reused)', async () => {
      const key = `key-reused-${era}`;
      await client.callTool({ name: 'test_record_effect', arguments: { label: `a-${era}`, idempotency_key: key } });
      const reused = await client.callTool({
        name: 'test_record_effect',
        arguments: { label: `b-${era}`, idempotency_key: key },
      });
      expect(reused.isError).toBe(true);
      expect(reused.structuredContent).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
      expect(await effects(`b-${era}`)).toBe(0);
    });

    it('answers 409 conflict while the first call with the key is still running', async () => {
      const args = { label: `slow-${era}`, delay_ms: 800, idempotency_key: `key-slow-${era}` };
      const first = client.callTool({ name: 'test_record_effect', arguments: args });
      // The second call goes once the first holds the key, however busy the machine.
      await runningKey(args.idempotency_key);
      const [a, b] = await Promise.all([first, client.callTool({ name: 'test_record_effect', arguments: args })]);
      expect(a.isError).toBeFalsy();
      expect(b.structuredContent).toMatchObject({ status: 409, code: 'conflict' });
      expect(await effects(`slow-${era}`)).toBe(1);
    });

    it('runs every call again without a key', async () => {
      const label = `nokey-${era}`;
      await client.callTool({ name: 'test_record_effect', arguments: { label } });
      await client.callTool({ name: 'test_record_effect', arguments: { label } });
      expect(await effects(label)).toBe(2);
    });

    it.each([
      ['an empty key', ''],
      ['a key that is not a string', 12345],
      ['a key with spaces', 'has spaces'],
    ])('refuses %s as invalid input', async (_case, key) => {
      const result = await client.callTool({
        name: 'test_record_effect',
        arguments: { label: `bad-key-${era}`, idempotency_key: key },
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ status: 400, code: 'invalid_input' });
      expect(await effects(`bad-key-${era}`)).toBe(0);
    });

    it('is not an argument of operations without Idempotency-Key', async () => {
      const result = await client.callTool({ name: echoParts.id, arguments: { slug: 'ok', note: 'hi', idempotency_key: 'k' } });
      expect(result.structuredContent).toMatchObject({
        code: 'invalid_input',
        errors: [{ path: 'body.idempotency_key', message: 'unknown property' }],
      });
    });
  });
});
