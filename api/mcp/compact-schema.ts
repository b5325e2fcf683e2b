import { countryCodes } from '../../src/domain/countries.js';

type JsonSchema = Record<string, unknown>;

/** The sentence that stands for the 249 country codes an enum would list (in either case). */
export const countryCodeSentence = 'An assigned ISO 3166-1 alpha-2 country code, in either case.';

/**
 * A tool schema without what costs an agent tokens and tells it nothing: zod's default integer
 * bounds (the safe-integer range), the country codes spelled out, `anyOf` with null where a type
 * list says the same, and every repeated subschema written once under `$defs`. Every value the
 * original accepts is still accepted; only the country codes are looser (any two letters), which
 * execute() refuses with the field named.
 */
export function compactSchema(schema: JsonSchema): JsonSchema {
  return withSharedDefs(withoutNoise(schema));
}

function withoutNoise(schema: JsonSchema): JsonSchema {
  const walked = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withoutNoiseIn(value)]));
  return withNullInType(withFlatAnyOf(countryPattern(withoutSafeIntegerBounds(withShortEscapes(walked)))));
}

function withoutNoiseIn(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNoiseIn);
  return isObject(value) ? withoutNoise(value) : value;
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

/** `anyOf: [{ anyOf: [A, B] }, C]` is `anyOf: [A, B, C]` when the inner schema says nothing else. */
function withFlatAnyOf(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.anyOf)) return schema;
  const options = schema.anyOf.flatMap((option: unknown): unknown[] =>
    isObject(option) && Object.keys(option).length === 1 && Array.isArray(option.anyOf) ? option.anyOf : [option],
  );
  return { ...schema, anyOf: options };
}

/** Keywords whose values are one subschema, a name-to-subschema map, or a list of subschemas. */
const subschemaKeywords = {
  one: ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'],
  map: ['properties', 'patternProperties', '$defs'],
  list: ['anyOf', 'oneOf', 'allOf', 'prefixItems'],
};

/** The schema with `change` applied to each direct subschema. */
function mapSubschemas(schema: JsonSchema, change: (sub: JsonSchema, name: string) => JsonSchema): JsonSchema {
  const changeIn = (value: unknown, name: string) => (isObject(value) ? change(value, name) : value);
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (subschemaKeywords.one.includes(key)) return [key, changeIn(value, key)];
      if (subschemaKeywords.map.includes(key) && isObject(value))
        return [key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, changeIn(sub, name)]))];
      if (subschemaKeywords.list.includes(key) && Array.isArray(value))
        return [key, value.map((sub: unknown) => changeIn(sub, key))];
      return [key, value];
    }),
  );
}

interface Place {
  sub: JsonSchema;
  /** The property it is the value of, or `<property>_<keyword>` (as in `tags_items`). */
  name: string;
  /** The schema whose `properties` (or other map) holds it, if any: siblings share it. */
  map?: JsonSchema;
  /** The name of that map's owner. */
  owner: string;
}

/** Every subschema below the root, where it sits. */
function subschemasOf(schema: JsonSchema, owner = ''): Place[] {
  const found: Place[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const at = (sub: unknown, name: string, map?: JsonSchema) => {
      if (!isObject(sub)) return;
      found.push({ sub, name, map, owner }, ...subschemasOf(sub, map ? name : owner));
    };
    if (subschemaKeywords.one.includes(key)) at(value, owner ? `${owner}_${key}` : key);
    if (subschemaKeywords.map.includes(key) && isObject(value))
      for (const [name, sub] of Object.entries(value)) at(sub, name, value);
    if (subschemaKeywords.list.includes(key) && Array.isArray(value))
      for (const sub of value) at(sub, owner ? `${owner}_${key}` : key);
  }
  return found;
}

/**
 * Writes each subschema that appears more than once in a tool's schema once, under `$defs`, and
 * points to it with a local `$ref` (as zod already does for recursive trees): the same schema once
 * the references are followed. Largest savings first; small ones are left inline, where a
 * reference would cost an agent as many tokens as it saves.
 */
export function withSharedDefs(schema: JsonSchema): JsonSchema {
  const defs = { ...((schema.$defs ?? {}) as Record<string, JsonSchema>) };
  let root = schema;
  for (let shared = mostRepeated(root, defs); shared; shared = mostRepeated(root, defs)) {
    const { json, name } = shared;
    const ref = { $ref: `#/$defs/${name}` };
    const replace = (sub: JsonSchema): JsonSchema => (JSON.stringify(sub) === json ? ref : mapSubschemas(sub, replace));
    for (const [key, definition] of Object.entries(defs)) defs[key] = mapSubschemas(definition, replace);
    defs[name] = JSON.parse(json) as JsonSchema;
    const { $defs: _old, ...rest } = mapSubschemas({ ...root, $defs: {} }, replace);
    root = { ...rest, $defs: { ...defs } };
  }
  return root;
}

/** Bytes a `$ref` and its share of the definition's name cost; a copy must save more to be shared. */
const referenceCost = 40;

function mostRepeated(root: JsonSchema, defs: Record<string, JsonSchema>): { json: string; name: string } | undefined {
  const places = new Map<string, Place[]>();
  for (const place of subschemasOf({ ...root, $defs: defs })) {
    if ('$ref' in place.sub) continue;
    const json = JSON.stringify(place.sub);
    places.set(json, [...(places.get(json) ?? []), place]);
  }
  const defined = new Set(Object.values(defs).map((definition) => JSON.stringify(definition)));
  const best = [...places.entries()]
    .filter(([json, found]) => found.length > 1 && !defined.has(json))
    .map(([json, found]) => ({ json, found, saving: (found.length - 1) * json.length - found.length * referenceCost }))
    .sort((a, b) => b.saving - a.saving)[0];
  if (!best || best.saving <= 0) return undefined;
  return { json: best.json, name: freeName(nameOf(best.found), defs) };
}

/** Named after where it first appears; when three or more fields of one object share it, after that object (`fields` -> `field`). */
function nameOf([first, ...others]: Place[]): string {
  const siblings = others.filter((place) => first.map !== undefined && place.map === first.map).length >= 2;
  return siblings && first.owner ? first.owner.replace(/s$/, '') : first.name;
}

function freeName(wanted: string, defs: Record<string, JsonSchema>): string {
  const base = wanted.replace(/[^A-Za-z0-9_]/g, '_');
  let name = base;
  for (let n = 2; name in defs; n++) name = `${base}_${n}`;
  return name;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
