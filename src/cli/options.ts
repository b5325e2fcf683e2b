import { parseArgs } from 'node:util';

/** Parses `<action> [positionals] --name value ... [--flag]`; unknown flags and missing values are errors, not guesses. */
export function actionOptions(
  args: string[],
  names: readonly string[],
  flagNames: readonly string[] = [],
): { action?: string; rest: string[]; options: Record<string, string | undefined>; flags: Record<string, boolean> } {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      ...Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
      ...Object.fromEntries(flagNames.map((n) => [n, { type: 'boolean' as const }])),
    },
  });
  const options = Object.fromEntries(names.map((n) => [n, values[n] as string | undefined]));
  const flags = Object.fromEntries(flagNames.map((n) => [n, values[n] === true]));
  return { action: positionals[0], rest: positionals.slice(1), options, flags };
}
