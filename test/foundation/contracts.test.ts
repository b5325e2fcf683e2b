import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { testOperations } from '../support/test-operations.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { ensureUser } from '../../src/accounts/users.js';

const problemType = 'application/problem+json';

describe('cross-cutting HTTP contracts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false, extraOperations: testOperations });
    await app.deps.orm.em.getConnection().execute('create table test_effect (id serial primary key, label text not null)');
  });
  afterAll(() => app.close());

  const expectProblem = (res: { status: number; headers: Headers; body: any }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain(problemType);
    expect(res.body).toMatchObject({
      type: expect.stringContaining(code),
      title: expect.any(String),
      status,
      detail: expect.any(String),
      code,
    });
    expect(Array.isArray(res.body.errors)).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  };

  describe('problem+json for malformed input', () => {
    it('refuses malformed JSON with 400', async () => {
      const res = await request(`${app.api}/test/effects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"label": ',
      });
      expectProblem(res, 400, 'invalid_input');
    });

    it('refuses a non-JSON content type with 415', async () => {
      const res = await request(`${app.api}/test/effects`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'label=x',
      });
      expectProblem(res, 415, 'unsupported_media_type');
    });

    it('refuses an oversized body with 413', async () => {
      const res = await request(`${app.api}/test/effects`, { method: 'POST', json: { label: 'x'.repeat(2 * 1024 * 1024) } });
      expectProblem(res, 413, 'payload_too_large');
    });

    it('refuses unknown properties, naming each', async () => {
      const res = await request(`${app.api}/test/effects`, { method: 'POST', json: { label: 'ok', colour: 'red' } });
      expectProblem(res, 400, 'invalid_input');
      expect(res.body.errors).toEqual([{ path: 'body.colour', message: 'unknown property' }]);
    });

    it('refuses a body that is not an object', async () => {
      expectProblem(await request(`${app.api}/test/effects`, { method: 'POST', json: [1, 2] }), 400, 'invalid_input');
      expectProblem(await request(`${app.api}/test/effects`, { method: 'POST', json: 'text' }), 400, 'invalid_input');
    });

    it('names the field that breaks a bound', async () => {
      const res = await request(`${app.api}/test/effects`, { method: 'POST', json: { label: '' } });
      expectProblem(res, 400, 'invalid_input');
      expect(res.body.errors[0].path).toBe('body.label');
    });

    it('answers unknown paths and methods with problems', async () => {
      expectProblem(await request(`${app.api}/no/such/thing`), 404, 'not_found');
      expectProblem(await request(`${app.api}/site`, { method: 'DELETE' }), 405, 'method_not_allowed');
    });

    it('answers 401 with a resource_metadata challenge for an authenticated operation', async () => {
      const res = await request(`${app.api}/test/private`);
      expectProblem(res, 401, 'unauthorized');
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`,
      );
    });
  });

  describe('pagination', () => {
    it('defaults to page 1 of 20 with the documented shape', async () => {
      const res = await request(`${app.api}/test/numbers`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: Array.from({ length: 20 }, (_, i) => i + 1),
        page: 1,
        per_page: 20,
        total: 45,
        total_pages: 3,
      });
    });

    it('pages through', async () => {
      const res = await request(`${app.api}/test/numbers?page=3&per_page=20`);
      expect(res.body.items).toEqual([41, 42, 43, 44, 45]);
      const past = await request(`${app.api}/test/numbers?page=4`);
      expect(past.body).toMatchObject({ items: [], page: 4, total: 45 });
    });

    it.each([
      ['page=0', 'query.page'],
      ['page=1001', 'query.page'],
      ['page=1.5', 'query.page'],
      ['page=abc', 'query.page'],
      ['per_page=0', 'query.per_page'],
      ['per_page=101', 'query.per_page'],
    ])('refuses %s with 400', async (qs, path) => {
      const res = await request(`${app.api}/test/numbers?${qs}`);
      expectProblem(res, 400, 'invalid_input');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    });

    it('accepts the bounds themselves', async () => {
      expect((await request(`${app.api}/test/numbers?page=1000&per_page=100`)).status).toBe(200);
      expect((await request(`${app.api}/test/numbers?per_page=1`)).body.total_pages).toBe(45);
    });
  });

  describe('request ids', () => {
    it('echoes a sane X-Request-Id and invents one otherwise', async () => {
      const mine = await request(`${app.api}/site`, { headers: { 'x-request-id': 'abc-123' } });
      expect(mine.headers.get('x-request-id')).toBe('abc-123');
      const invented = await request(`${app.api}/site`, { headers: { 'x-request-id': 'bad id with spaces' } });
      expect(invented.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});

describe('rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false, env: { RATE_LIMIT_POINTS: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  afterAll(() => app.close());

  it('counts down in RateLimit headers and answers 429 with Retry-After', async () => {
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await request(`${app.api}/site`));
    expect(seen.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(seen.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    for (const r of seen) {
      expect(r.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(r.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    const limited = seen[3];
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('gives each valid bearer credential its own budget, kept in PostgreSQL; invalid ones count per address', async () => {
    const em = app.deps.orm.em.fork();
    const { key } = await createApiKey(em, (await ensureUser(em, 'budget@example.com')).id, 'budget');
    const withKey = await request(`${app.api}/site`, { headers: { authorization: `Bearer ${key}` } });
    expect(withKey.headers.get('ratelimit-remaining')).toBe('2');
    // A made-up credential buys no fresh budget: this address used its budget up above.
    const forged = await request(`${app.api}/site`, { headers: { authorization: 'Bearer some-other-credential' } });
    expect(forged.status).toBe(429);
    const [{ count }] = await app.deps.orm.em.getConnection().execute<{ count: string }[]>('select count(*) from rate_limit');
    expect(Number(count)).toBeGreaterThanOrEqual(2);
  });

  it('leaves health checks unlimited', async () => {
    for (let i = 0; i < 5; i++) expect((await request(`${app.url}/healthz`)).status).toBe(200);
  });
});
