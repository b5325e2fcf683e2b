import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../../src/errors.js';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from '../../../src/accounts/api-keys.js';
import { listConnectedApps, revokeConnectedApp, type ConnectedAppRow } from '../../../src/accounts/connected-apps.js';
import { clientIdentity } from '../../../src/domain/oauth-clients.js';
import { clientNameHtml } from '../../auth/client-identity.js';
import { resourcePaths, resourceUrl } from '../../auth/resources.js';
import type { UserRow } from '../../../src/accounts/users.js';
import type { AppDeps } from '../../deps.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import { form, page } from '../shared/layout.js';
import { followedListings } from '../../../src/community/follows.js';
import type { ListingSummary } from '../../../src/catalogue/schemas.js';
import { listingList } from '../catalogue/catalogue-html.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser, webSession } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

const keyName = z.string().trim().min(1).max(100);

/** The account area: who you are, your API keys (create, shown once; list; revoke) and connected apps (list; revoke). */
export function accountRouter(deps: AppDeps): Router {
  const router = new Router();
  const keys = deps.keys.cookieKeys;
  router.use(htmlErrors(deps), webSession());

  const requireUser = (ctx: Context): UserRow | undefined => {
    const user = currentUser(ctx);
    if (!user) {
      ctx.status = 303;
      ctx.redirect(`/sign-in?return_to=${encodeURIComponent('/account')}`);
    }
    return user ?? undefined;
  };

  const render = async (ctx: Context, user: UserRow, newKey?: { key: string; name: string }) => {
    const csrf = csrfToken(ctx, keys);
    const list = await listApiKeys(ctx.state.em, user.id);
    const followed = await followedListings(ctx.state.em, deps.site.id, deps.config.publicUrl, user.id);
    const apps = connectedAppsHtml(deps, await listConnectedApps(ctx.state.em, user.id), csrf);
    ctx.set('Cache-Control', 'no-store');
    sendHtml(
      ctx,
      page('Your account', accountBody(user, list, followed, apps, csrf, newKey), { siteName: deps.config.site.name }),
    );
  };

  router.get('/account', async (ctx) => {
    const user = requireUser(ctx);
    if (user) await render(ctx, user);
  });

  router.post('/account/api-keys', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const user = requireUser(ctx);
    if (!user) return;
    const name = keyName.safeParse(formField(ctx, 'name'));
    if (!name.success) throw new AppError('invalid_input', 'Give the key a name of 1 to 100 characters.');
    const { key } = await createApiKey(ctx.state.em, user.id, name.data);
    ctx.status = 201;
    await render(ctx, user, { key, name: name.data });
  });

  router.post('/account/api-keys/:id/revoke', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const user = requireUser(ctx);
    if (!user) return;
    const id = z.coerce.number().int().positive().max(2_147_483_647).safeParse(ctx.params.id);
    if (!id.success || !(await revokeApiKey(ctx.state.em, user.id, id.data)))
      throw new AppError('not_found', 'That API key was not found.');
    ctx.status = 303;
    ctx.redirect('/account');
  });

  router.post('/account/connected-apps/:key/revoke', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const user = requireUser(ctx);
    if (!user) return;
    const key = String(ctx.params.key);
    if (!(await revokeConnectedApp(ctx.state.em, user.id, key)))
      throw new AppError('not_found', 'That connected application was not found.');
    ctx.status = 303;
    ctx.redirect('/account');
  });
  return router;
}

/** The grants the person gave OAuth clients: who (labelled), what, when, and a revoke button. */
function connectedAppsHtml(deps: AppDeps, apps: ConnectedAppRow[], csrf: string): Html {
  const resourceNames = new Map(
    resourcePaths.map((p) => [resourceUrl(deps.config, p), p === '/mcp' ? 'MCP server' : 'REST API']),
  );
  const rows = apps.length
    ? joinHtml(
        apps.map((app) => {
          const client = clientIdentity(app.client_id, app.client_name ?? undefined, deps.config.auth.trustedClients);
          const scopes = Object.entries(app.resources).map(
            ([resource, granted]) =>
              html`<li>${resourceNames.get(resource) ?? resource}: ${joinHtml(
                granted.split(' ').map((s) => html`<code>${s}</code>`),
                ', ',
              )}</li>`,
          );
          return html`<tr data-client-id="${app.client_id}"><td>${clientNameHtml(client)}<br><code class="muted">${app.client_id}</code></td>
<td><ul>${scopes}</ul></td><td>${date(app.granted_at)}</td><td>${app.last_used_at ? date(app.last_used_at) : 'not yet'}</td>
<td>${form(`/account/connected-apps/${app.key}/revoke`, csrf, null, 'Revoke', 'inline')}</td></tr>`;
        }),
        '\n',
      )
    : html`<tr><td colspan="5">No application is connected to your account.</td></tr>`;
  return html`<h2 id="connected-apps">Connected apps</h2>
<p class="muted">Applications you allowed to act for you over OAuth. Revoking one ends its tokens at once; it has to ask you again.</p>
<table><thead><tr><th>Application</th><th>Access</th><th>Allowed</th><th>Last used</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

function accountBody(
  user: UserRow,
  list: ApiKeyRow[],
  followed: ListingSummary[],
  apps: Html,
  csrf: string,
  newKey?: { key: string; name: string },
): Html {
  const shown =
    newKey &&
    html`<div class="note warn" id="new-key"><p>Your new API key <strong>${newKey.name}</strong>. Copy it now: it is shown only once.</p>
<p><code class="key" id="new-api-key">${newKey.key}</code></p><p>Send it as <code>Authorization: Bearer &lt;key&gt;</code>. It has every scope of your account.</p></div>`;
  const rows = list.length
    ? joinHtml(
        list.map(
          (
            k,
          ) => html`<tr data-key-id="${k.id}"><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${date(k.created_at)}</td><td>${k.last_used_at ? date(k.last_used_at) : 'never'}</td>
<td>${form(`/account/api-keys/${k.id}/revoke`, csrf, null, 'Revoke', 'inline')}</td></tr>`,
        ),
        '\n',
      )
    : html`<tr><td colspan="5">No API keys yet.</td></tr>`;
  return html`<p>Signed in as <strong id="account-email">${user.email}</strong>.</p>
${form('/sign-out', csrf, null, 'Sign out', 'inline')}
<p id="owner-links"><a href="/me/listings">Your listings</a> · <a href="/me/orders">Your orders</a> · <a href="/me/claims">Your claims</a></p>
<h2 id="following">Listings you follow</h2>
<p class="muted">You get an email when one of them posts an update; unfollow on its page.</p>
${listingList(followed, 'You follow no listing yet: use the Follow button on a listing page.', 'other')}
<h2>API keys</h2>
${shown}
<table><thead><tr><th>Name</th><th>Key</th><th>Created</th><th>Last used</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<h3>Create a key</h3>
${form('/account/api-keys', csrf, html`<p><label>Name <input type="text" name="name" required maxlength="100" placeholder="e.g. my laptop"></label></p>`, 'Create API key')}
${apps}
<p>Agents can also connect over OAuth: see <a href="/docs">the API docs</a>.</p>`;
}

function date(value: Date): string {
  return new Date(value).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}
