import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Config } from '../../../src/config.js';
import { describeProblemCode } from '../../middleware/problem.js';
import { html } from '../../../src/platform/html.js';
import { sendHtml } from '../shared/respond.js';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** /docs renders the OpenAPI document with Swagger UI served from the npm package (no CDN). */
export function docsRouter(config: Config): Router {
  const router = new Router();
  const openapiUrl = `${config.apiBasePath}/openapi.json`;

  router.get('/docs', (ctx) => {
    sendHtml(
      ctx,
      html`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${config.site.name} API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" href="/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="api"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`,
    );
  });

  router.get('/docs/init.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.body = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(openapiUrl)}, dom_id: '#api', deepLinking: true });`;
  });

  router.get('/docs/assets/:file', (ctx) => {
    const type = assets[ctx.params.file];
    if (!type) return;
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(join(swaggerDir, ctx.params.file));
  });

  router.get('/problems/:code', (ctx) => {
    const problem = describeProblemCode(ctx.params.code);
    if (!problem) return;
    sendHtml(
      ctx,
      html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${problem.title}</title></head>
<body><h1>${problem.title}</h1><p>Problem code <code>${ctx.params.code}</code>, HTTP status ${problem.status}.
The <code>detail</code> and <code>errors</code> members of the response say what to change. API reference: <a href="/docs">/docs</a>.</p></body></html>`,
    );
  });
  return router;
}
