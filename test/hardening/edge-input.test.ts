import http from 'node:http';
import { startTestApp, type TestApp } from '../support/app.js';
import { request, type JsonResponse } from '../support/http.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { ensureUser } from '../../src/accounts/users.js';

/** A raw request: fetch refuses methods such as TRACE, which any other client can send. */
function rawRequest(url: string, method: string): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers, text, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the edge refuses unsafe input and unknown methods with problems', () => {
  let app: TestApp;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    const em = app.deps.orm.em.fork();
    const user = await ensureUser(em, 'edge@example.test');
    bearer = { authorization: `Bearer ${(await createApiKey(em, user.id, 'edge')).key}` };
  });
  afterAll(() => app.close());

  const expectRefusedText = (res: JsonResponse, path: string) => {
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(res.body.errors).toContainEqual({ path, message: expect.stringContaining('control characters') });
  };

  it('refuses NUL in a query parameter, naming it', async () => {
    expectRefusedText(await request(`${app.api}/listings?domain=%00x`), 'query.domain');
    expectRefusedText(await request(`${app.api}/blog?q=%00a`), 'query.q');
    expectRefusedText(await request(`${app.api}/founders?q=%00`), 'query.q');
  });

  it('refuses other C0 control characters but keeps tab, LF and CR', async () => {
    expectRefusedText(await request(`${app.api}/listings?q=a%1Fb`), 'query.q');
    expect((await request(`${app.api}/listings?q=a%09b%0A%0Dc`)).status).toBe(200);
  });

  it('refuses NUL in a path parameter, naming it', async () => {
    expectRefusedText(await request(`${app.api}/listings/ab%00c`), 'path.slug');
  });

  it('refuses NUL in a nested JSON string, naming its place', async () => {
    const res = await request(`${app.api}/drafts/00000000-0000-4000-8000-000000000000`, {
      method: 'PATCH',
      headers: bearer,
      json: { faqs: [{ question: 'Why?', answer: 'Because\u0000' }] },
    });
    expectRefusedText(res, 'body.faqs.0.answer');
  });

  it('refuses a lone UTF-16 surrogate in a JSON string', async () => {
    const res = await request(`${app.api}/drafts`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: '{"url":"example.com\\ud800"}',
    });
    expectRefusedText(res, 'body.url');
  });

  it('answers a method no route has with 405, Allow and a problem', async () => {
    for (const method of ['TRACE', 'DELETE', 'PROPFIND']) {
      const res = await rawRequest(`${app.api}/blog`, method);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 405, code: 'method_not_allowed' });
    }
    const options = await rawRequest(`${app.api}/drafts`, 'OPTIONS');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('lets a route written out in full hide a parameter route: GET /orders/quote is no order lookup', async () => {
    const get = await rawRequest(`${app.api}/orders/quote`, 'GET');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(get.body).toMatchObject({ status: 405, code: 'method_not_allowed' });
    const options = await rawRequest(`${app.api}/orders/quote`, 'OPTIONS');
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
    const order = await rawRequest(`${app.api}/orders/LD-1`, 'OPTIONS');
    expect(order.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers an unknown path with 404 whatever the method', async () => {
    const res = await rawRequest(`${app.api}/no-such-thing`, 'TRACE');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers methods a page does not take with 405 too', async () => {
    const res = await rawRequest(`${app.url}/docs`, 'TRACE');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
  });
});
