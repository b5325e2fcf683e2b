import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type JsonSchema = Record<string, unknown>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Values of every JSON type and of the edges a schema tends to draw (empty, negative, fraction).
 * Not beyond 2^53: integers lose zod's default safe-integer bounds on purpose (see compact-schema.ts).
 */
const replacements: Json[] = [null, true, 0, -1, 0.5, '', 'x', 'not-a-uuid', [], [null], {}, { extra: 1 }];

/**
 * The document, and the document with one change somewhere: each value swapped for each of
 * `replacements`, each key of an object removed, an unknown key added, each array item removed.
 * Most are invalid, in the ways a schema is there to catch.
 */
export function mutationsOf(document: Json): Json[] {
  const found: Json[] = [document, ...replacements.filter((value) => JSON.stringify(value) !== JSON.stringify(document))];
  if (Array.isArray(document)) {
    document.forEach((item, i) => {
      found.push(document.filter((_, j) => j !== i));
      for (const changed of mutationsOf(item).slice(1)) found.push(document.map((other, j) => (j === i ? changed : other)));
    });
  } else if (document !== null && typeof document === 'object') {
    found.push({ ...document, unexpected_extra: 'x' });
    for (const [key, value] of Object.entries(document)) {
      const { [key]: _removed, ...rest } = document;
      found.push(rest);
      for (const changed of mutationsOf(value).slice(1)) found.push({ ...document, [key]: changed });
    }
  }
  return found;
}

function validatorOf(schema: JsonSchema): (document: Json) => boolean {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);
  return (document) => validate(document);
}

/**
 * Each document's verdict (valid or not) under the original schema and under the compact one; the
 * test expects them equal, listing any document on which they differ.
 */
export function verdicts(
  original: JsonSchema,
  compact: JsonSchema,
  documents: Json[],
): { valid: number; invalid: number; differing: Json[] } {
  const [before, after] = [validatorOf(original), validatorOf(compact)];
  const differing = documents.filter((document) => before(document) !== after(document));
  const valid = documents.filter((document) => before(document)).length;
  return { valid, invalid: documents.length - valid, differing };
}

/** The schema with each `$ref` to one of `names` in its `$defs` replaced by the definition, and those definitions removed. */
export function inlined(schema: JsonSchema, names: string[]): JsonSchema {
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (value === null || typeof value !== 'object') return value;
    const ref = (value as JsonSchema).$ref;
    const name = typeof ref === 'string' && ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
    if (name !== undefined && names.includes(name) && Object.keys(value).length === 1) return inline(defs[name]);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inline(inner)]));
  };
  const { $defs: _defs, ...rest } = inline(schema) as JsonSchema;
  const kept = Object.fromEntries(Object.entries(defs).filter(([name]) => !names.includes(name)));
  return Object.keys(kept).length ? { ...rest, $defs: inline(kept) } : rest;
}
