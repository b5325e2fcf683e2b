import Router from '@koa/router';
import { isLoopbackAddress } from '../../../src/domain/address-policy.js';
import { latestMail } from '../../../src/mail/outbox.js';
import type { AppDeps } from '../../deps.js';
import { html, joinHtml } from '../../../src/platform/html.js';
import { page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';

/**
 * /dev/mail: the outbox of the embedded mailer, for development and tests. It holds everyone's
 * sign-in links, so it answers only a client on this machine, by the socket's own peer address
 * (never X-Forwarded-For, whatever TRUST_PROXY says); anyone else finds no such page. Never
 * mounted in production.
 */
export function devMailRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/dev/mail', async (ctx, next) => {
    if (!isLoopbackAddress(ctx.req.socket.remoteAddress)) return next() as Promise<void>;
    const to = typeof ctx.query.to === 'string' ? ctx.query.to : undefined;
    const mails = await latestMail(ctx.state.em, 50, to);
    // Splitting on a capturing group leaves the addresses at the odd places.
    const linkify = (text: string) =>
      text.split(/(https?:\/\/[^\s<]+)/).map((part, i) => (i % 2 ? html`<a href="${part}">${part}</a>` : part));
    const list = mails.map(
      (
        m,
      ) => html`<article class="mail"><h3>${m.subject}</h3><p>To <span class="to">${m.recipient}</span>, ${new Date(m.created_at).toISOString()}</p>
<pre>${linkify(m.text_body)}</pre></article>`,
    );
    ctx.set('Cache-Control', 'no-store');
    sendHtml(
      ctx,
      page(
        'Development mail outbox',
        html`<p class="note">Mail is not sent in development (no SMTP_URL); it lands here. Newest first.</p>${list.length ? joinHtml(list, html`<hr>`) : html`<p>No mail yet.</p>`}`,
        { siteName: deps.config.site.name },
      ),
    );
  });
  return router;
}
