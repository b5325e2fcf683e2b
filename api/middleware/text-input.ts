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

/** Every field of `value` (object keys included) that breaks the rule, named `where.a.0.b`. */
export function unsafeTextFields(value: unknown, where: string): FieldError[] {
  if (typeof value === 'string') return isSafeText(value) ? [] : [{ path: where, message: unsafeTextMessage }];
  if (Array.isArray(value)) return value.flatMap((item, index) => unsafeTextFields(item, `${where}.${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      isSafeText(key)
        ? unsafeTextFields(item, `${where}.${key}`)
        : [{ path: `${where}.${JSON.stringify(key).slice(1, -1)}`, message: unsafeTextMessage }],
    );
  }
  return [];
}

/**
 * Whether any text in `value` (object keys included) breaks the rule. Nearly all input is clean,
 * so this walk names no field: the fields are named only when something breaks the rule.
 */
function holdsUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return !isSafeText(value);
  if (Array.isArray(value)) return value.some(holdsUnsafeText);
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (!isSafeText(key) || holdsUnsafeText((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

/** Refuses input holding unsafe text, before any schema or query sees it. */
export function refuseUnsafeText(parts: Record<string, unknown>): void {
  if (!holdsUnsafeText(parts)) return;
  const errors = Object.entries(parts).flatMap(([where, value]) => unsafeTextFields(value, where));
  throw new AppError('invalid_input', `Invalid input: ${errors[0].path} ${unsafeTextMessage}.`, errors);
}
