import { z } from 'zod';
import type { Config } from '../src/config.js';
import { errorCodes } from '../src/errors.js';
import { idempotencyKeyPattern } from './middleware/idempotency.js';
import { safeTextPattern } from './middleware/text-input.js';
import { adminScope, scopeDescriptions, scopes, type Operation } from './operations/registry.js';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of what a caller sends. Free text also carries the
 * edge's text rule (no control characters), so a client that follows the schema is never refused.
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return withSafeText(rest);
}

function withSafeText(schema: JsonSchema): JsonSchema {
  const walked = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? value.map((item: unknown) => (isObject(item) ? withSafeText(item) : item))
        : isObject(value)
          ? withSafeText(value)
          : value,
    ]),
  );
  const freeText =
    walked.type === 'string' && !('pattern' in walked || 'format' in walked || 'enum' in walked || 'const' in walked);
  return freeText ? { ...walked, pattern: safeTextPattern } : walked;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON Schema of what an operation answers; shared definitions (recursive trees) sit in `$defs`. */
export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** An output schema inside the OpenAPI document: its `$defs` move to components, where `$ref` finds them. */
function responseSchema(op: Operation, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...schema } = outputJsonSchema(op.output);
  const toComponents = (json: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
    components[name] = toComponents(definition);
  return toComponents(schema);
}

const problemRef = { $ref: '#/components/schemas/Problem' };
const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemRef } },
});
const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Requests allowed in the current window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

/** The OpenAPI 3.1 document, derived from the operation registry and nothing else. */
export function openApiDocument(config: Config, operations: readonly Operation[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared: Record<string, JsonSchema> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = operationObject(op, responseSchema(op, shared));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${config.site.name} API`,
      version: '1.0.0',
      description: `${config.site.purpose}\n\nEvery operation is also an MCP tool of the same name at ${config.publicUrl}/mcp.`,
    },
    servers: [{ url: `${config.publicUrl}${config.apiBasePath}` }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Problem: problemSchema(), ...shared },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key from the account area, or an OAuth access token.' },
        oauth2: {
          type: 'oauth2',
          description: `OAuth 2.1 with PKCE (S256); metadata at ${config.publicUrl}/.well-known/oauth-authorization-server. Register at ${config.publicUrl}/oauth/reg or use a client ID metadata document.`,
          flows: {
            authorizationCode: {
              authorizationUrl: `${config.publicUrl}/oauth/auth`,
              tokenUrl: `${config.publicUrl}/oauth/token`,
              refreshUrl: `${config.publicUrl}/oauth/token`,
              scopes: Object.fromEntries(scopes.map((s) => [s, scopeDescriptions[s]])),
            },
          },
        },
      },
    },
  };
}

function operationObject(op: Operation, output: JsonSchema): Record<string, unknown> {
  const parameters = [
    ...parametersOf(op.input.path, 'path'),
    ...parametersOf(op.input.query, 'query'),
    ...(op.idempotencyKey
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Makes a retry safe: the first response is replayed for 24 h. 1 to 255 visible ASCII characters.',
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: idempotencyKeyPattern.source },
          },
        ]
      : []),
  ];
  const responses: Record<string, unknown> = {
    [op.successStatus]: {
      description: op.successStatus === 201 ? 'Created' : 'OK',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: output } },
    },
    ...(op.existingAnswer
      ? {
          200: { description: op.existingAnswer, headers: rateLimitHeaders, content: { 'application/json': { schema: output } } },
        }
      : {}),
  };
  for (const [status, description] of Object.entries(refusalsOf(op))) responses[status] = problemResponse(description);
  return {
    operationId: op.id,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(op.input.body
      ? {
          requestBody: {
            required: hasRequired(op.input.body),
            content: { 'application/json': { schema: inputJsonSchema(op.input.body) } },
          },
        }
      : {}),
    responses,
    security:
      op.scope === adminScope ? [{ bearer: [] }] : op.scope ? [{ bearer: [] }, { oauth2: [op.scope] }] : [{}, { bearer: [] }],
  };
}

/** Every refusal an operation can answer: derived from its shape, plus the ones it declares. */
export function refusalsOf(op: Operation): Record<number, string> {
  const refusals: Record<number, string> = { 400: 'Invalid input' };
  if (op.scope) Object.assign(refusals, { 401: 'Missing or invalid credentials', 403: 'The credentials lack the needed scope' });
  if (op.input.path) refusals[404] = 'Not found';
  if (op.idempotencyKey) {
    refusals[409] = 'A request with this Idempotency-Key is still running';
    refusals[422] = 'Idempotency-Key reused with another request';
  }
  if (op.input.body) Object.assign(refusals, { 413: 'The request body is too large', 415: 'The body is not application/json' });
  for (const [status, when] of Object.entries(op.refusals ?? {})) {
    const code = Number(status);
    refusals[code] = refusals[code] ? `${refusals[code]}; or ${when}` : when;
  }
  refusals[429] = 'Rate limited';
  return refusals;
}

function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query'): object[] {
  if (!schema) return [];
  const json = inputJsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: propertySchema,
    };
  });
}

function hasRequired(schema: z.ZodType): boolean {
  return (flatInputFields(schema).required ?? []).length > 0;
}

/**
 * An input's fields side by side, for a flat list of arguments: a body of several shapes (`oneOf`)
 * gives every field any shape allows (the discriminator with all its values), and requires what
 * every shape requires; the server checks the shape itself.
 */
export function flatInputFields(schema: z.ZodType): {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
} {
  const json = inputJsonSchema(schema);
  const shapes = json.oneOf as JsonSchema[] | undefined;
  if (!shapes) return json;
  const properties: Record<string, JsonSchema> = {};
  for (const shape of shapes) {
    for (const [name, property] of Object.entries((shape.properties ?? {}) as Record<string, JsonSchema>)) {
      if (isObject(property.not)) continue; // a field this shape forbids
      properties[name] = merged(properties[name], property);
    }
  }
  const required = shapes
    .map((shape) => (shape.required ?? []) as string[])
    .reduce((common, names) => common.filter((name) => names.includes(name)));
  const closed = shapes.every((shape) => shape.additionalProperties === false);
  return { properties, required, ...(closed ? { additionalProperties: false } : {}) };
}

/** One field as several shapes declare it: a discriminator takes every shape's values, once each. */
function merged(known: JsonSchema | undefined, property: JsonSchema): JsonSchema {
  if (!known) return property;
  const values = [...valuesOf(known), ...valuesOf(property)];
  if (values.length === 0) return known;
  const { const: _one, ...rest } = known;
  const distinct = [...new Set(values)];
  return distinct.length === 1 ? { ...rest, const: distinct[0] } : { ...rest, enum: distinct };
}

function valuesOf(property: JsonSchema): unknown[] {
  return (property.enum as unknown[] | undefined) ?? ('const' in property ? [property.const] : []);
}

function problemSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['type', 'title', 'status', 'detail', 'code', 'errors'],
    properties: {
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      code: { type: 'string', enum: Object.keys(errorCodes) },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: { path: { type: 'string' }, message: { type: 'string' } },
        },
      },
      instance: { type: 'string' },
      listing: {
        type: 'object',
        description: 'already_listed: the listing that holds the domain, and where to claim it.',
        required: ['slug', 'name', 'url', 'claim_url'],
        properties: {
          slug: { type: 'string' },
          name: { type: 'string' },
          url: { type: 'string', format: 'uri' },
          claim_url: { type: 'string', format: 'uri' },
        },
      },
    },
  };
}
