import Router from '@koa/router';
import type { Context } from 'koa';
import { explanationMaxLength } from '../../../src/domain/moderation.js';
import { AppError } from '../../../src/errors.js';
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
import { caseQueueBody, type CaseForm, type RefusedForm } from './case-queue-page.js';
import { currentUser } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';

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

  const showCases = async (ctx: Context, refused: RefusedForm | null) => {
    const { items } = await runAsOwner(ctx, deps, currentUser(ctx)!, listCasesOperation, { query: { all: 'true' } });
    // A case the list does not hold (an unknown number) has no form to show the refusal on.
    if (refused && !items.some((c) => c.number === refused.number)) throw refused.error;
    const body = caseQueueBody(items, csrfToken(ctx, deps.keys.cookieKeys), refused);
    sendHtml(ctx, page('Cases', body, { siteName, noindex: true }));
  };
  /** A decision or reversal the operation refuses for its input or the case's state goes back to its form. */
  const refuse = async (ctx: Context, error: unknown, sent: Omit<RefusedForm, 'error'>) => {
    if (!(error instanceof AppError) || (error.code !== 'invalid_input' && error.code !== 'conflict')) throw error;
    ctx.status = error.status;
    await showCases(ctx, { ...sent, error });
  };
  const sentForm = (ctx: Context): CaseForm => ({
    action: formField(ctx, 'action') ?? '',
    ground: formField(ctx, 'ground') ?? '',
    facts: formField(ctx, 'facts') ?? '',
    refund: formField(ctx, 'refund') === '1',
  });

  router.get('/cases', (ctx) => showCases(ctx, null));

  router.post('/cases/:number/decision', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    const number = String(ctx.params.number);
    try {
      await run(ctx, decideCase, {
        path: { number },
        body: {
          action: formField(ctx, 'action'),
          ground: formField(ctx, 'ground'),
          facts: formField(ctx, 'facts'),
          refund: formField(ctx, 'refund') === '1',
        },
      });
    } catch (error) {
      return refuse(ctx, error, { number, form: 'decision', filled: sentForm(ctx) });
    }
    done(ctx, `/admin/cases#case-${number}`);
  });

  router.post('/cases/:number/reversal', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    const number = String(ctx.params.number);
    try {
      await run(ctx, reverseCaseOperation, { path: { number }, body: { facts: formField(ctx, 'facts') } });
    } catch (error) {
      return refuse(ctx, error, { number, form: 'reversal', filled: sentForm(ctx) });
    }
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
