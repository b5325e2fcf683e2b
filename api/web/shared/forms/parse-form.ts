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
