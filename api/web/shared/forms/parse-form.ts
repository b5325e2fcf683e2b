import type { Context } from 'koa';
import { koaBody } from 'koa-body';

/**
 * URL-encoded form bodies with their names kept as written: controls are named by body path
 * (`faqs.2.answer`), so dots and brackets must not build objects (nor sparse arrays be compacted,
 * which would move a message to another row). A repeated name (checkboxes) becomes a list.
 */
export const parseFlatForm = koaBody({
  urlencoded: true,
  json: false,
  multipart: false,
  text: false,
  formLimit: '64kb',
  queryString: { allowDots: false, depth: 0 },
});

/** URL-encoded form bodies for the web pages (never in front of the OAuth server itself). */
export const parseForm = koaBody({ urlencoded: true, json: false, multipart: false, text: false, formLimit: '16kb' });

export function formField(ctx: Context, name: string): string | undefined {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}
