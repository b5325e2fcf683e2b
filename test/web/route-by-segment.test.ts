import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { allowedMethods } from '../../api/middleware/allowed-methods.js';
import { routeBySegment, routeSegment } from '../../api/middleware/route-by-segment.js';
import { AppError } from '../../src/errors.js';

describe('routeSegment', () => {
  it('is the first segment of a route, lower-cased, or null when any path may match it', () => {
    expect(routeSegment('/listings/:slug')).toBe('listings');
    expect(routeSegment('/Go/:slug')).toBe('go');
    expect(routeSegment('/')).toBe('');
    expect(routeSegment('/sitemap.xml')).toBe('sitemap.xml');
    expect(routeSegment('/:slug/vote')).toBeNull();
    expect(routeSegment('/{:page}')).toBeNull();
    expect(routeSegment(/^\/anything/)).toBeNull();
  });
});

describe('routeBySegment', () => {
  let server: Server;
  let origin: string;
  const answered = (name: string) => (ctx: Koa.Context) => {
    ctx.body = name;
  };

  beforeAll(async () => {
    const pages = new Router();
    pages.get('/', answered('home'));
    pages.get('/listings/:slug', answered('listing'));
    const votes = new Router();
    votes.post('/listings/:slug/vote', answered('vote'));
    const anywhere = new Router();
    anywhere.use(async (ctx, next) => {
      ctx.set('x-guarded', 'yes');
      await next();
    });
    anywhere.get('/:section/about', answered('about'));
    // A later router with the same path as an earlier one: the earlier answers, as before.
    const shadowed = new Router();
    shadowed.get('/listings/:slug', answered('shadowed'));
    const routers = [pages, votes, anywhere, shadowed];
    const app = new Koa();
    // The app's problem middleware, reduced to what a refusal sets.
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        ctx.status = error.status;
        ctx.set('Allow', error.meta.allow?.join(', ') ?? '');
      }
    });
    app.use(allowedMethods(routers));
    app.use(routeBySegment(routers));
    app.use((ctx) => {
      if (ctx.path === '/nothing/here') ctx.body = 'after the routers';
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const ask = async (path: string, method = 'GET') => {
    const res = await fetch(`${origin}${path}`, { method });
    return { status: res.status, body: await res.text(), allow: res.headers.get('allow'), guarded: res.headers.get('x-guarded') };
  };

  it('sends a path to the routers of its first segment, in their order, whatever its case', async () => {
    expect(await ask('/')).toMatchObject({ status: 200, body: 'home' });
    expect(await ask('/listings/rocket')).toMatchObject({ status: 200, body: 'listing' });
    expect(await ask('/LISTINGS/rocket')).toMatchObject({ status: 200, body: 'listing' });
    expect(await ask('/listings/rocket/vote', 'POST')).toMatchObject({ status: 200, body: 'vote' });
  });

  it('sends every path to a router whose route begins with a parameter', async () => {
    expect(await ask('/categories/about')).toMatchObject({ status: 200, body: 'about', guarded: 'yes' });
    expect(await ask('/elsewhere/about')).toMatchObject({ status: 200, body: 'about', guarded: 'yes' });
  });

  it('lets a path no router takes go on past them', async () => {
    expect(await ask('/nothing/here')).toMatchObject({ status: 200, body: 'after the routers' });
    expect(await ask('/listings/rocket/about')).toMatchObject({ status: 404 });
  });

  it('answers 405 with every method the routers take on the path', async () => {
    const refused = await ask('/listings/rocket/vote', 'GET');
    expect(refused).toMatchObject({ status: 405, allow: 'POST' });
    const options = await ask('/listings/rocket', 'OPTIONS');
    expect(options).toMatchObject({ status: 204, allow: 'GET, HEAD, OPTIONS' });
  });
});
