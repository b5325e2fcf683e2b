import { countryCodes } from '../../src/domain/countries.js';

type JsonSchema = Record<string, unknown>;

/** The sentence that stands for the 249 country codes an enum would list (in either case). */
export const countryCodeSentence = 'An assigned ISO 3166-1 alpha-2 country code, in either case.';

/**
 * A tool schema without what costs an agent tokens and tells it nothing: zod's default integer
 * bounds (the safe-integer range), the country codes spelled out, and `anyOf` with null where a
 * type list says the same. Every value the original accepts is still accepted; only the country
 * codes are looser (any two letters), which execute() refuses with the field named.
 */
export function compactSchema(schema: JsonSchema): JsonSchema {
  const walked = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, compactValue(value)]));
  return withNullInType(countryPattern(withoutSafeIntegerBounds(withShortEscapes(walked))));
}

function compactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactValue);
  return isObject(value) ? compactSchema(value) : value;
}

/** `\u00XX` in a pattern is `\xXX` in every ECMA-262 regex: the same characters in fewer tokens. */
function withShortEscapes(schema: JsonSchema): JsonSchema {
  if (typeof schema.pattern !== 'string') return schema;
  return { ...schema, pattern: schema.pattern.replace(/(?<!\\)((?:\\\\)*)\\u00([0-9a-fA-F]{2})/g, '$1\\x$2') };
}

function withoutSafeIntegerBounds(schema: JsonSchema): JsonSchema {
  if (schema.type !== 'integer') return schema;
  const { minimum, maximum, ...rest } = schema;
  return {
    ...rest,
    ...(minimum !== Number.MIN_SAFE_INTEGER ? { minimum } : {}),
    ...(maximum !== Number.MAX_SAFE_INTEGER ? { maximum } : {}),
  };
}

const countries = new Set<string>(countryCodes);

function countryPattern(schema: JsonSchema): JsonSchema {
  const values = schema.enum;
  if (!Array.isArray(values) || !isCountryList(values)) return schema;
  const { enum: _codes, description, ...rest } = schema;
  return {
    ...rest,
    pattern: '^[A-Za-z]{2}$',
    description: typeof description === 'string' ? `${description} ${countryCodeSentence}` : countryCodeSentence,
  };
}

/** Every assigned code, in upper case or both cases, and nothing else. */
function isCountryList(values: unknown[]): boolean {
  const upper = new Set(values.map((value) => (typeof value === 'string' ? value.toUpperCase() : '')));
  return upper.size === countries.size && [...upper].every((code) => countries.has(code));
}

/** `anyOf: [{ type: T, ... }, { type: null }]` is `{ type: [T, null], ... }` when no keyword there restricts null. */
function withNullInType(schema: JsonSchema): JsonSchema {
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema;
  const nullAt = anyOf.findIndex((option) => isObject(option) && Object.keys(option).length === 1 && option.type === 'null');
  const other = anyOf[1 - nullAt] as unknown;
  if (nullAt < 0 || !isObject(other) || typeof other.type !== 'string') return schema;
  if (['enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref'].some((keyword) => keyword in other)) return schema;
  if (Object.keys(rest).some((key) => key in other)) return schema;
  return { ...other, ...rest, type: [other.type, 'null'] };
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
