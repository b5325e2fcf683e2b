import { readFileSync } from 'node:fs';

export interface ListedOperation {
  tool: string;
  method: string;
  path: string;
  scope: string | null;
  ik: boolean;
  status: number;
}

const read = (file: string): ListedOperation[] =>
  JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')).operations;

/** The specification's operation list (copied from the shared spec into our fixtures): the baseline. */
export const specOperations = read('operations.json');

/** What this service adds beyond the specification, each asked for by an issue and held to its own contract. */
export const beyondSpecOperations = read('operations-beyond-spec.json');
