import { AppError, type FieldError } from '../../src/errors.js';

/**
 * The one rule for text a caller sends (query, path, header, body at any depth, names and values):
 * C0 control characters other than tab, line feed and carriage return, and lone UTF-16 surrogates,
 * are refused with 400 naming the field. PostgreSQL refuses NUL in text and jsonb, and neither has
 * a meaning in any field of this API, so refusing beats silently storing something else.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const unsafeText = /[\x00-\x08\x0B\x0C\x0E-\x1F]|\p{Cs}/u;

export const unsafeTextMessage = 'must not contain control characters (other than tab, LF, CR) or lone UTF-16 surrogates';

/** The same rule for OpenAPI's JSON Schema (ECMA-262 pattern): strings without those control characters. */
export const safeTextPattern = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$';

export function isSafeText(text: string): boolean {
  return !unsafeText.test(text);
}

/**
 * Adds to `errors` every field of `value` (object keys included) that breaks the rule, named by
 * `path` joined with dots (`body.a.0.b`). The path is a stack, joined only for a field that breaks
 * the rule: nearly all input is clean, and naming every field passed cost more than the check.
 */
function collectUnsafeText(value: unknown, path: string[], errors: FieldError[]): void {
  if (typeof value === 'string') {
    if (!isSafeText(value)) errors.push({ path: path.join('.'), message: unsafeTextMessage });
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(String(index));
      collectUnsafeText(value[index], path, errors);
      path.pop();
    }
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const named = isSafeText(key);
      path.push(named ? key : JSON.stringify(key).slice(1, -1));
      if (named) collectUnsafeText((value as Record<string, unknown>)[key], path, errors);
      else errors.push({ path: path.join('.'), message: unsafeTextMessage });
      path.pop();
    }
  }
}

/** Refuses input holding unsafe text, before any schema or query sees it. */
export function refuseUnsafeText(parts: Record<string, unknown>): void {
  const errors: FieldError[] = [];
  for (const where of Object.keys(parts)) collectUnsafeText(parts[where], [where], errors);
  if (errors.length) throw new AppError('invalid_input', `Invalid input: ${errors[0].path} ${unsafeTextMessage}.`, errors);
}
