import Router from '@koa/router';
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import { AppError } from '../../src/errors.js';
import type { AppDeps } from '../deps.js';
import { scopes as knownScopes, scopeDescriptions, type Scope } from '../operations/registry.js';
import { csrfToken, verifyCsrf } from '../web/shared/csrf.js';
import { html } from '../../src/platform/html.js';
import { form, page } from '../web/shared/layout.js';
import { sendHtml } from '../web/shared/respond.js';
import { currentUser, webSession } from '../web/shared/session.js';
import { formField, parseForm } from '../web/shared/forms/parse-form.js';
import { htmlErrors } from '../web/shared/error-pages.js';
import { signInForm } from '../web/accounts/sign-in.js';
import { clientIdentity, redirectTarget } from '../../src/domain/oauth-clients.js';
import { clientIdentityHtml, clientNameHtml } from './client-identity.js';
import { oauthMountPath } from './provider.js';

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The pages the OAuth server sends people to: sign-in (by email link, then "Continue as") and
 * the "Allow access" consent page: where the code will be sent, who the client says it is (its
 * name and how it identified itself, unverified unless the operator trusts it) and the scopes.
 */
export function interactionRouter(deps: AppDeps, provider: Provider): Router {
  const router = new Router({ prefix: `${oauthMountPath}/interaction/:uid` });
  const keys = deps.keys.cookieKeys;
  const siteName = deps.config.site.name;
  const { trustedClients } = deps.config.auth;
  router.use(htmlErrors(deps), webSession());

  const details = async (ctx: Context): Promise<Details> => {
    try {
      return await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      throw new AppError(
        'invalid_input',
        'This sign-in request has expired or was opened in another browser. Go back to the application and connect again.',
      );
    }
  };
  const finish = async (ctx: Context, result: Record<string, unknown>, merge: boolean) => {
    const to = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: merge });
    ctx.status = 303;
    ctx.redirect(to);
  };

  router.get('/', async (ctx) => {
    const d = await details(ctx);
    const user = currentUser(ctx);
    const csrf = csrfToken(ctx, keys);
    const clientId = String(d.params.client_id);
    const client = clientIdentity(clientId, (await provider.Client.find(clientId))?.clientName, trustedClients);
    const base = `${oauthMountPath}/interaction/${d.uid}`;
    ctx.set('Cache-Control', 'no-store');
    if (!user || d.prompt.name === 'login' || d.session?.accountId !== String(user.id)) {
      const body = user
        ? html`<p>${clientNameHtml(client)} wants to connect to your account.</p>${form(`${base}/login`, csrf, null, `Continue as ${user.email}`)}
<p><a href="/sign-in?switch=1&amp;return_to=${encodeURIComponent(base)}">Use another email</a></p>`
        : html`<p>Sign in to connect ${clientNameHtml(client)} to your account. We email you a link; open it in this browser.</p>${signInForm(csrf, base)}`;
      sendHtml(ctx, page('Sign in', body, { siteName }));
      return;
    }
    const target = redirectTarget(String(d.params.redirect_uri));
    const scopeItems = requestedScopes(d).map((s) => html`<li><code>${s}</code>: ${scopeDescriptions[s]}</li>`);
    const body = html`<p>An application asks to act for <strong>${user.email}</strong>.</p>
<div class="note warn" id="redirect-target"><p>If you allow, your browser goes to <strong id="redirect-host">${target.host}</strong> with a code that lets whoever runs it act for you.</p>
<p class="muted">Full address: <code>${target.address}</code></p></div>
${clientIdentityHtml(client)}
<p>It asks for:</p><ul id="scopes">${scopeItems.length ? scopeItems : html`<li>no access to your account data</li>`}</ul>
${form(`${base}/confirm`, csrf, null, 'Allow access', 'inline')} ${form(`${base}/abort`, csrf, null, 'Deny', 'inline')}`;
    sendHtml(ctx, page('Allow access', body, { siteName }));
  });

  router.post('/login', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const d = await details(ctx);
    const user = currentUser(ctx);
    if (!user) throw new AppError('unauthorized', 'Sign in first.');
    if (d.session?.accountId && d.session.accountId !== String(user.id)) {
      // The OAuth session belongs to someone else: end it and start the authorization afresh.
      await endProviderSession(ctx, provider);
      ctx.status = 303;
      ctx.redirect(`${oauthMountPath}/auth?${paramsQuery(d.params)}`);
      return;
    }
    await finish(ctx, { login: { accountId: String(user.id) } }, false);
  });

  router.post('/confirm', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const d = await details(ctx);
    const user = currentUser(ctx);
    if (d.prompt.name !== 'consent' || !d.session || d.session.accountId !== String(user?.id)) {
      throw new AppError(
        'forbidden',
        'This consent request does not belong to the signed-in person. Start again from the application.',
      );
    }
    const grant = d.grantId
      ? ((await provider.Grant.find(d.grantId)) ??
        new provider.Grant({ accountId: d.session.accountId, clientId: String(d.params.client_id) }))
      : new provider.Grant({ accountId: d.session.accountId, clientId: String(d.params.client_id) });
    const missing = d.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, granted] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(resource, granted.join(' '));
    await finish(ctx, { consent: { grantId: await grant.save() } }, true);
  });

  router.post('/abort', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    await details(ctx);
    await finish(ctx, { error: 'access_denied', error_description: 'The person denied access.' }, false);
  });
  return router;
}

function requestedScopes(d: Details): Scope[] {
  const asked = new Set((typeof d.params.scope === 'string' ? d.params.scope : '').split(' '));
  return knownScopes.filter((s) => asked.has(s));
}

function paramsQuery(params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const v of [value].flat())
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') query.append(name, String(v));
  }
  return query.toString();
}

async function endProviderSession(ctx: Context, provider: Provider): Promise<void> {
  const name = provider.cookieName('session');
  const id = ctx.cookies.get(name);
  if (id) await (await provider.Session.find(id))?.destroy();
  ctx.cookies.set(name, null, { path: '/', overwrite: true });
}
