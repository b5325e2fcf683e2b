import Router from '@koa/router';
import type { Context } from 'koa';
import { decisionActions, explanationMaxLength, factsMaxLength } from '../../../src/domain/moderation.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { listAudit } from '../../operations/audit.js';
import { decideCase, listCasesOperation, reverseCaseOperation } from '../../operations/moderation.js';
import { blockAccount, listBlockedPeople, unblockAccount } from '../../operations/people.js';
import { adminOnly } from '../admin/admin.js';
import { runAsOwner } from '../owner/run-operation.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { form, hidden, page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';

const actionLabels: Record<(typeof decisionActions)[number], string> = {
  dismiss: 'Dismiss: change nothing',
  restrict: 'Restrict: keep the page, with a notice, out of every list',
  take_down: 'Take down',
};

/** A labelled control whose id carries the form's own key, so that many forms share a page. */
function field(id: string, label: string, control: Html): Html {
  return html`<p class="control"><label for="${id}">${label}</label><br>${control}</p>`;
}

/**
 * The site team's moderation pages: the case queue with its decision forms, blocked accounts, and
 * the audit log. Each reads and acts through the admin operations as the signed-in admin.
 */
export function moderationAdminRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/admin' });
  router.use(...adminOnly(deps));
  const siteName = deps.config.site.name;
  const run = <O extends Parameters<typeof runAsOwner>[3]>(ctx: Context, op: O, input: Parameters<typeof runAsOwner>[4]) =>
    runAsOwner(ctx, deps, currentUser(ctx)!, op, input);
  const done = (ctx: Context, where: string) => {
    ctx.status = 303;
    ctx.redirect(where);
  };

  router.get('/cases', async (ctx) => {
    const { items } = await runAsOwner(ctx, deps, currentUser(ctx)!, listCasesOperation, { query: { all: 'true' } });
    const csrf = csrfToken(ctx, deps.keys.cookieKeys);
    const waiting = items.filter((c) => c.state === 'open' || c.state === 'appealed');
    const decided = items.filter((c) => c.state === 'decided').reverse();
    const caseHeading = (c: (typeof items)[number]) => {
      const what = c.listing_slug
        ? html`${c.kind === 'listing' ? 'Listing' : `A ${c.kind} of`} <a href="/listings/${c.listing_slug}">${c.listing_slug}</a>`
        : html`A ${c.kind} (#${String(c.item_id)})`;
      return html`<h3>Case ${c.number}${c.appeal ? ' (appeal)' : ''}</h3>
<p>${what}; ${c.category.replaceAll('_', ' ')}; opened ${c.opened_at}.${c.listing_slug ? html` <a href="/admin/revisions?listing=${c.listing_slug}">Its change history</a>.` : ''}</p>`;
    };
    const reversal = (c: (typeof items)[number]) =>
      form(
        `/admin/cases/${c.number}/reversal`,
        csrf,
        field(
          `reverse-facts-${c.number}`,
          'Why the decision is reversed',
          html`<textarea id="reverse-facts-${c.number}" name="facts" rows="2" required maxlength="${factsMaxLength}"></textarea>`,
        ),
        'Reverse the decision',
      );
    const queue = waiting.map((c) => {
      const id = (name: string) => `${name}-${c.number}`;
      return html`<li id="case-${c.number}">${caseHeading(c)}
<ul>${c.reports.map((r) => html`<li>${r.at}: ${r.category.replaceAll('_', ' ')}${r.law ? html` (${r.law})` : ''}: ${r.explanation}</li>`)}</ul>
${form(
  `/admin/cases/${c.number}/decision`,
  csrf,
  html`${field(id('action'), 'Decision', html`<select id="${id('action')}" name="action">${decisionActions.map((a) => html`<option value="${a}">${actionLabels[a]}</option>`)}</select>`)}
${field(id('ground'), 'Ground: a key of the site rules, or law:<name>', html`<input type="text" id="${id('ground')}" name="ground" required maxlength="240">`)}
${field(id('facts'), 'Facts and circumstances (the person affected reads them)', html`<textarea id="${id('facts')}" name="facts" rows="3" required maxlength="${factsMaxLength}"></textarea>`)}
<p class="control"><input type="checkbox" id="${id('refund')}" name="refund" value="1"> <label for="${id('refund')}">Refund the listing's paid orders (take-down only)</label></p>`,
  'Decide',
)}${c.appeal ? reversal(c) : null}</li>`;
    });
    const reversible = decided.map((c) => html`<li id="case-${c.number}">${caseHeading(c)}${reversal(c)}</li>`);
    sendHtml(
      ctx,
      page(
        'Cases',
        html`<p>Open cases and appeals, oldest first. Grounds are the keys of the <a href="/rules">site rules</a>. Every decision is in the <a href="/admin/audit">audit log</a>.</p>
<h2>Waiting for a decision</h2>${queue.length ? html`<ol class="cases">${queue}</ol>` : html`<p>No case waits.</p>`}
<h2>Decided, in their appeal window</h2>${reversible.length ? html`<ol class="cases">${reversible}</ol>` : html`<p>None.</p>`}`,
        { siteName, noindex: true },
      ),
    );
  });

  router.post('/cases/:number/decision', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    const number = String(ctx.params.number);
    await run(ctx, decideCase, {
      path: { number },
      body: {
        action: formField(ctx, 'action'),
        ground: formField(ctx, 'ground'),
        facts: formField(ctx, 'facts'),
        refund: formField(ctx, 'refund') === '1',
      },
    });
    done(ctx, `/admin/cases#case-${number}`);
  });

  router.post('/cases/:number/reversal', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    const number = String(ctx.params.number);
    await run(ctx, reverseCaseOperation, { path: { number }, body: { facts: formField(ctx, 'facts') } });
    done(ctx, `/admin/cases#case-${number}`);
  });

  router.get('/people', async (ctx) => {
    const { items } = await runAsOwner(ctx, deps, currentUser(ctx)!, listBlockedPeople);
    const csrf = csrfToken(ctx, deps.keys.cookieKeys);
    const rows = items.map(
      (
        p,
      ) => html`<tr><td>${p.email}</td><td>${p.name ?? ''}</td><td>${p.reason}</td><td>${p.blocked_at}</td><td>${p.blocked_by ?? ''}</td>
<td>${form('/admin/people/unblock', csrf, hidden('email', p.email), `Unblock ${p.email}`, 'inline')}</td></tr>`,
    );
    sendHtml(
      ctx,
      page(
        'People',
        html`<h2>Block an account</h2>
<p>Its API keys and connected applications stop at their next request and its sessions see a page saying it is blocked; its counted votes are discounted, its reviews hidden, and each of its public listings gets a case. Unblocking restores all of it.</p>
${form(
  '/admin/people/block',
  csrf,
  html`${field('block-email', 'Email of the account', html`<input type="email" id="block-email" name="email" required maxlength="254">`)}
${field('block-reason', 'Reason (the person is mailed it)', html`<textarea id="block-reason" name="reason" rows="3" required maxlength="${explanationMaxLength}"></textarea>`)}`,
  'Block the account',
)}
<h2>Blocked accounts</h2>${
          rows.length
            ? html`<div class="scroll" role="region" aria-label="Blocked accounts" tabindex="0"><table><thead><tr><th>Email</th><th>Name</th><th>Reason</th><th>Blocked</th><th>By</th><th>Action</th></tr></thead><tbody>${rows}</tbody></table></div>`
            : html`<p>No account is blocked.</p>`
        }`,
        { siteName, noindex: true },
      ),
    );
  });

  router.post('/people/block', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    await run(ctx, blockAccount, { body: { email: formField(ctx, 'email'), reason: formField(ctx, 'reason') } });
    done(ctx, '/admin/people');
  });

  router.post('/people/unblock', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    await run(ctx, unblockAccount, { body: { email: formField(ctx, 'email') } });
    done(ctx, '/admin/people');
  });

  router.get('/audit', async (ctx) => {
    const { items } = await runAsOwner(ctx, deps, currentUser(ctx)!, listAudit);
    const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
    const rows = items.map(
      (
        r,
      ) => html`<tr><td>${r.at}</td><td>${r.actor_email}</td><td>${r.via}</td><td>${r.action}</td><td>${r.item_kind} ${r.item_id}</td>
<td>${r.ground ?? ''}</td><td><code>${json(r.before)}</code></td><td><code>${json(r.after)}</code></td></tr>`,
    );
    sendHtml(
      ctx,
      page(
        'Audit log',
        rows.length
          ? html`<p>Every operator action, newest first; the log cannot be changed.</p><div class="scroll" role="region" aria-label="Audit log" tabindex="0"><table><thead><tr><th>When</th><th>Who</th><th>Through</th><th>What</th><th>Item</th><th>Ground</th><th>Before</th><th>After</th></tr></thead><tbody>${joinHtml(rows, '')}</tbody></table></div>`
          : html`<p>No operator action yet.</p>`,
        { siteName, noindex: true },
      ),
    );
  });
  return router;
}
