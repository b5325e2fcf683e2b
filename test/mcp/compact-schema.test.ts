import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compactSchema, withSharedDefs } from '../../api/mcp/compact-schema.js';
import { toolInputSchema } from '../../api/mcp/tools.js';
import { outputJsonSchema } from '../../api/openapi.js';
import { operations } from '../../api/operations/index.js';
import { loadConfig } from '../../src/config.js';
import { inlined } from './schema-equivalence.js';

type JsonSchema = Record<string, unknown>;

const config = loadConfig();
const schemas = operations.flatMap((op) => [
  [`${op.id} input`, toolInputSchema(op, config)] as const,
  [`${op.id} output`, outputJsonSchema(op.output)] as const,
]);

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' ? [inner as string] : refsIn(inner)));
}

describe.each(schemas)('the compact schema of %s', (_name, original: JsonSchema) => {
  it('is the original once the shared definitions are written back in place', () => {
    const shared = withSharedDefs(original);
    const added = Object.keys(shared.$defs ?? {}).filter((name) => !(name in ((original.$defs ?? {}) as JsonSchema)));
    expect(inlined(shared, added)).toEqual(original);
  });

  it('refers only to its own definitions, and compiles as JSON Schema 2020-12 and draft-07', () => {
    const compact = compactSchema(original);
    const defs = (compact.$defs ?? {}) as JsonSchema;
    for (const ref of refsIn(compact)) expect(ref.replace(/^#\/\$defs\//, '') in defs).toBe(true);
    expect(() => new Ajv2020({ strict: false, validateFormats: false }).compile(compact)).not.toThrow();
    expect(() => new Ajv({ strict: false, validateFormats: false }).compile(compact)).not.toThrow();
  });
});
