import type { z } from 'zod';
import type { Operation } from './operations/registry.js';

/**
 * Checks a success response against its operation's declared output, as a client will receive it
 * (JSON), and strictly: a key the schema does not declare is drift as much as a missing one.
 */
export function outputDrift(op: Operation, body: unknown): string[] {
  const json: unknown = JSON.parse(JSON.stringify(body));
  const parsed = (op.output as z.ZodType).safeParse(json);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return undeclaredKeys(json, parsed.data, '');
}

/** Keys present in what the handler sent but dropped by the schema (zod objects strip unknown keys). */
function undeclaredKeys(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => undeclaredKeys(item, kept[i], `${at}${i}.`));
  if (!isObject(sent) || !isObject(kept)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in kept ? undeclaredKeys(sent[key], kept[key], `${at}${key}.`) : [`${at}${key}: not declared in the output schema`],
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
