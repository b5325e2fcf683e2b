import { parseArgs } from 'node:util';

/** Parses `<action> [positionals] --name value ...`; unknown flags and missing values are errors, not guesses. */
export function actionOptions(
  args: string[],
  names: readonly string[],
): { action?: string; rest: string[]; options: Record<string, string | undefined> } {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
  });
  return { action: positionals[0], rest: positionals.slice(1), options: values };
}
