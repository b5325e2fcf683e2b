import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { testOperations } from '../support/test-operations.js';

describe('Idempotency-Key', () => {
  let app: TestApp;
  const effects = async (label: string) => {
    const [{ count }] = await app.deps.orm.em
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from test_effect where label = ?', [label]);
    return Number(count);
  };
  const post = (key: string | undefined, body: object) =>
    request(`${app.api}/test/effects`, { method: 'POST', json: body, headers: key ? { 'idempotency-key': key } : {} });

  beforeAll(async () => {
    app = await startTestApp({ worker: false, extraOperations: testOperations, env: { RATE_LIMIT_POINTS: '10000' } });
    await app.deps.orm.em.getConnection().execute('create table test_effect (id serial primary key, label text not null)');
  });
  afterAll(() => app.close());

  it('runs 50 concurrent POSTs with one key once', async () => {
    const body = { label: 'concurrent', delay_ms: 300 };
    const responses = await Promise.all(Array.from({ length: 50 }, () => post('key-concurrent', body)));
    expect(await effects('concurrent')).toBe(1);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(
      1 + responses.filter((r) => r.headers.get('idempotent-replayed') === 'true').length,
    );
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const r of responses.filter((x) => x.status === 409)) {
      expect(r.body.code).toBe('conflict');
      expect(r.headers.get('retry-after')).toBe('1');
    }
  });

  it('replays the stored response with Idempotent-Replayed: true', async () => {
    const first = await post('key-replay', { label: 'replay' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post('key-replay', { label: 'replay' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await effects('replay')).toBe(1);
  });

  it('treats the same body in another key order as the same request', async () => {
    await post('key-order', { label: 'order', delay_ms: 0 });
    const reordered = await request(`${app.api}/test/effects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'key-order' },
      body: '{"delay_ms":0,"label":"order"}',
    });
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses another body with the same key with 422', async () => {
    await post('key-mismatch', { label: 'mismatch-a' });
    const other = await post('key-mismatch', { label: 'mismatch-b' });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    expect(await effects('mismatch-b')).toBe(0);
  });

  it('does not store failures, so a corrected retry runs', async () => {
    const bad = await post('key-fix', { label: '' });
    expect(bad.status).toBe(400);
    const fixed = await post('key-fix', { label: 'fixed' });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('lets the same request take over a key whose process died mid-request, and only after a minute', async () => {
    const body = { label: 'abandoned', delay_ms: 0 };
    expect((await post('key-abandoned', body)).status).toBe(201);
    // As a kill -9 leaves it: the claim still running, the request's own transaction rolled back.
    const abandon = (age: string) =>
      app.deps.orm.em
        .getConnection()
        .execute(
          `update idempotency_record set state = 'running', response_status = null, response_body = null, created_at = now() - interval '${age}' where key = 'key-abandoned'`,
        );
    await app.deps.orm.em.getConnection().execute(`delete from test_effect where label = 'abandoned'`);
    await abandon('5 seconds');
    expect((await post('key-abandoned', body)).status).toBe(409);
    await abandon('2 minutes');
    expect((await post('key-abandoned', { ...body, label: 'other' })).status).toBe(422);
    const retried = await post('key-abandoned', body);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await effects('abandoned')).toBe(1);
    expect((await post('key-abandoned', body)).headers.get('idempotent-replayed')).toBe('true');
  });

  it('frees the key of a failed request once PostgreSQL is back, when it could not at once', async () => {
    const sql = (text: string) => app.deps.orm.em.getConnection().execute(text);
    // The request fails, and so does its release, as they would with PostgreSQL gone.
    await sql(`alter table test_effect add constraint test_effect_refused check (label <> 'owed')`);
    await sql(`create function refuse_release() returns trigger language plpgsql as $$
      begin raise exception 'connection lost'; end $$`);
    await sql(`create trigger refuse_release before delete on idempotency_record for each row
      when (old.key = 'key-owed') execute function refuse_release()`);
    const body = { label: 'owed' };
    expect((await post('key-owed', body)).status).toBeGreaterThanOrEqual(500);
    const [held] = await app.deps.orm.em
      .getConnection()
      .execute<{ state: string }[]>(`select state from idempotency_record where key = 'key-owed'`);
    expect(held.state).toBe('running');

    await sql('drop trigger refuse_release on idempotency_record');
    await sql('drop function refuse_release');
    await sql('alter table test_effect drop constraint test_effect_refused');
    const retried = await post('key-owed', body);
    expect(retried.status).toBe(201);
    expect(await effects('owed')).toBe(1);
  });

  it('runs every request without a key', async () => {
    await post(undefined, { label: 'no-key' });
    await post(undefined, { label: 'no-key' });
    expect(await effects('no-key')).toBe(2);
  });

  it('refuses a malformed key', async () => {
    const res = await post('x'.repeat(256), { label: 'long-key' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('header.Idempotency-Key');
  });
});
