import Router from '@koa/router';
import { latestMail } from '../../src/mail/outbox.js';
import type { AppDeps } from '../deps.js';
import { escapeHtml } from './html.js';
import { page } from './layout.js';

/** /dev/mail: the outbox of the embedded mailer, for development and tests. Never in production. */
export function devMailRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/dev/mail', async (ctx) => {
    const to = typeof ctx.query.to === 'string' ? ctx.query.to : undefined;
    const mails = await latestMail(ctx.state.em, 50, to);
    const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page(
      deps.config.site.name,
      'Development mail outbox',
      `<p class="note">Mail is not sent in development (no SMTP_URL); it lands here. Newest first.</p>${
        mails
          .map(
            (
              m,
            ) => `<article class="mail"><h3>${escapeHtml(m.subject)}</h3><p>To <span class="to">${escapeHtml(m.recipient)}</span>, ${escapeHtml(new Date(m.created_at).toISOString())}</p>
<pre style="white-space:pre-wrap">${linkify(m.text_body)}</pre></article>`,
          )
          .join('<hr>') || '<p>No mail yet.</p>'
      }`,
    );
  });
  return router;
}
