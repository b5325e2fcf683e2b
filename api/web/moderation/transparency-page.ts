import Router from '@koa/router';
import { html } from '../../../src/platform/html.js';
import { transparencyReport } from '../../../src/moderation/transparency.js';
import type { AppDeps } from '../../deps.js';
import { page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { categoryWords } from './report-pages.js';
import { htmlErrors } from '../shared/error-pages.js';

/** /transparency: the moderation numbers per month (Art. 15, 24 DSA), as HTML, or JSON for Accept: application/json. */
export function transparencyRouter(deps: AppDeps): Router {
  const router = new Router();
  router.use(htmlErrors(deps, { href: '/', label: 'Back to the home page' }));
  router.get('/transparency', async (ctx) => {
    const months = await transparencyReport(ctx.state.em, deps.site.id);
    ctx.vary('Accept');
    ctx.set('Cache-Control', 'public, max-age=300');
    if (ctx.accepts('html', 'json') === 'json') {
      ctx.body = { months };
      return;
    }
    const rows = months.map(
      (m) => html`<section aria-labelledby="m-${m.month}"><h2 id="m-${m.month}">${m.month}</h2>
<h3>Reports by category</h3><ul>${Object.entries(m.reports).map(
        ([category, n]) => html`<li>${categoryWords[category as keyof typeof categoryWords] ?? category}: ${n}</li>`,
      )}</ul>
<h3>Decisions by kind and ground</h3><ul>${m.decisions.map((d) => html`<li>${d.action.replace('_', ' ')}, ${d.ground}: ${d.count}</li>`)}</ul>
<p>Median time to a first decision: ${m.median_hours_to_decision === null ? 'none decided' : `${m.median_hours_to_decision} hours`}. Appeals: ${m.appeals}. Reversals: ${m.reversals}. Accounts blocked: ${m.account_blocks}.</p></section>`,
    );
    sendHtml(
      ctx,
      page(
        'Transparency report',
        html`<p>What was reported to the site team and what it decided, month by month (UTC). Decisions name a <a href="/rules">site rule</a> or a law as their ground. The same numbers as JSON: ask for application/json.</p>
${rows.length ? rows : html`<p>Nothing was reported yet.</p>`}`,
        { siteName: deps.config.site.name, canonical: `${deps.config.publicUrl}/transparency` },
      ),
    );
  });
  return router;
}
