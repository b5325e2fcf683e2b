import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { Config } from '../../src/config.js';
import { flatInputFields, outputJsonSchema } from '../openapi.js';
import { hintsOf, type Operation } from '../operations/registry.js';
import { compactSchema } from './compact-schema.js';

type JsonSchema = Record<string, unknown>;

/** The optional argument that carries the Idempotency-Key header's value on IK tools. */
export const idempotencyKeyArgument = 'idempotency_key';

/** One MCP tool, derived from one registry operation and nothing else. */
export interface ToolDefinition {
  op: Operation;
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  /** Only with MCP_OUTPUT_SCHEMAS: exact result schemas would almost triple what every agent reads first. */
  outputSchema?: JsonSchema;
  annotations: ToolAnnotations;
}

export function toolsOf(operations: readonly Operation[], config: Config): ToolDefinition[] {
  return operations.map((op) => ({
    op,
    name: op.id,
    title: op.summary,
    description: toolDescription(op),
    inputSchema: compactSchema(toolInputSchema(op, config)),
    ...(config.mcpOutputSchemas ? { outputSchema: compactSchema(outputJsonSchema(op.output)) } : {}),
    annotations: annotationsOf(op),
  }));
}

/** The operation's own words, then who may call it; what all tools share is in the server's instructions. */
function toolDescription(op: Operation): string {
  return `${op.description}\n\n${op.scope ? `Needs sign-in with the scope ${op.scope}.` : 'Public: no sign-in needed.'}`;
}

function annotationsOf(op: Operation): ToolAnnotations {
  const hints = hintsOf(op);
  return {
    readOnlyHint: hints.readOnly,
    destructiveHint: hints.destructive,
    idempotentHint: hints.idempotent,
    openWorldHint: hints.openWorld,
  };
}

/**
 * Tool arguments are flat: the operation's path, query and body fields side by side (their names
 * never collide, which this checks), plus `idempotency_key` on IK operations.
 */
export function toolInputSchema(op: Operation, config: Config): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let closed = false;
  for (const part of inputParts(op)) {
    const json = flatInputFields(part);
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      if (name in properties) throw new Error(`Operation ${op.id}: argument ${name} appears in more than one input part.`);
      properties[name] = schema;
    }
    required.push(...(json.required ?? []));
    if (part === op.input.body && json.additionalProperties === false) closed = true;
  }
  if (op.idempotencyKey) {
    if (idempotencyKeyArgument in properties) throw new Error(`Operation ${op.id}: ${idempotencyKeyArgument} is reserved.`);
    properties[idempotencyKeyArgument] = {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: `Any unique string: a retry with the same key and arguments returns the first result (for ${config.idempotencyTtlHours} h) instead of repeating the change.`,
    };
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

function inputParts(op: Operation): z.ZodType[] {
  return [op.input.path, op.input.query, op.input.body].filter((part) => part !== undefined);
}
