import Router from '@koa/router';
import type { DecisionAction } from '../../../src/domain/moderation.js';
import { html, type Html } from '../../../src/platform/html.js';
import { listRules, type SiteRule } from '../../../src/moderation/rules.js';
import { transparencyReport } from '../../../src/moderation/transparency.js';
import type { AppDeps } from '../../deps.js';
import { page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { categoryWords } from './report-pages.js';
import { htmlErrors } from '../shared/error-pages.js';

const actionWords: Record<DecisionAction, string> = {
  dismiss: 'Left as it was',
  restrict: 'Kept but left out of lists and search',
  take_down: 'Taken down',
};

/** Why, in words: the title of the site rule it broke, linked, or the law it named. */
function groundWords(ground: string, rules: readonly SiteRule[]): Html {
  if (ground.startsWith('law:')) return html`under the law ${ground.slice('law:'.length)}`;
  const rule = rules.find((r) => r.key === ground);
  return html`under the rule <a href="/rules#rule-${ground}">${rule?.title ?? ground}</a>`;
}

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
    const rules = await listRules(ctx.state.em);
    const rows = months.map(
      (m) => html`<section aria-labelledby="m-${m.month}"><h2 id="m-${m.month}">${m.month}</h2>
<h3>What people reported</h3><ul>${Object.entries(m.reports).map(
        ([category, n]) => html`<li>${categoryWords[category as keyof typeof categoryWords] ?? category}: ${n}</li>`,
      )}</ul>
<h3>What the site team decided, and why</h3>${
        m.decisions.length
          ? html`<ul>${m.decisions.map((d) => html`<li>${actionWords[d.action as DecisionAction] ?? d.action} ${groundWords(d.ground, rules)}: ${d.count}</li>`)}</ul>`
          : html`<p>No decision yet.</p>`
      }
<p>${m.median_hours_to_decision === null ? 'No case was decided yet.' : `Half of the cases had a first decision within ${m.median_hours_to_decision} hours of their first report.`} Decisions appealed by the people concerned: ${m.appeals}. Decisions undone after a second look: ${m.reversals}. Accounts blocked: ${m.account_blocks}.</p></section>`,
    );
    sendHtml(
      ctx,
      page(
        'Transparency report',
        html`<p>What people reported to the site team and what the team decided, month by month (months in UTC). Every decision names the <a href="/rules">site rule</a> or the law it rests on, and the person concerned is told why and may appeal.</p>
${rows.length ? rows : html`<p>Nothing was reported yet.</p>`}
<p class="muted">For developers: the same numbers come as JSON from this address, to a request that accepts JSON.</p>`,
        { siteName: deps.config.site.name, canonical: `${deps.config.publicUrl}/transparency` },
      ),
    );
  });
  return router;
}
