import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Import direction (docs/architecture.md, Rules of the house): from the bottom src/domain,
 * src/platform, the resources of src/, the Temporal layer (src/temporal.ts, the worker, workflows/,
 * activities/), the edge (api/ and the operator's CLI). No file loads a value from a layer above its
 * own; types are erased at build, and the signal, update and query definitions a workflow shares
 * with its callers are the one value allowed upward.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const layers = ['domain', 'platform', 'resources', 'temporal', 'edge'] as const;
type Layer = (typeof layers)[number];
const scanned = ['src', 'workflows', 'activities', 'api'];

/** A file's layer, or undefined for what no layer holds (packages). */
export function layerOf(path: string): Layer | undefined {
  if (path.startsWith('src/domain/')) return 'domain';
  if (path.startsWith('src/platform/') || ['src/config.ts', 'src/errors.ts', 'src/logger.ts'].includes(path)) return 'platform';
  if (['src/temporal.ts', 'src/worker.ts', 'src/worker-main.ts'].includes(path)) return 'temporal';
  if (path.startsWith('workflows/') || path.startsWith('activities/')) return 'temporal';
  if (path.startsWith('api/') || path.startsWith('src/cli/') || path === 'src/cli.ts') return 'edge';
  if (path.startsWith('src/')) return 'resources';
  return undefined;
}

interface ValueImport {
  path: string;
  /** The names taken, or undefined for a whole module (default, namespace, side effect, `export *`). */
  names?: string[];
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The modules of this repository a file loads at run time, with the names it takes. */
function valueImports(file: string, text: string): ValueImport[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: ValueImport[] = [];
  const add = (specifier: string, names?: string[]) => {
    if (specifier.startsWith('.'))
      found.push({ path: relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '.ts'), names });
  };
  const namesOf = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
    elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      if (!clause || clause.name || (bindings && ts.isNamespaceImport(bindings))) {
        if (!clause?.isTypeOnly) add(node.moduleSpecifier.text);
      } else if (!clause.isTypeOnly && bindings && ts.isNamedImports(bindings)) {
        const names = namesOf(bindings.elements);
        if (names.length > 0) add(node.moduleSpecifier.text, names);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (!node.isTypeOnly) {
        const names = clause && ts.isNamedExports(clause) ? namesOf(clause.elements) : undefined;
        if (!names || names.length > 0) add(node.moduleSpecifier.text, names);
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) add(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The signal, update and query definitions a workflow file exports (`export const x = defineSignal(...)`). */
function messageDefinitions(file: string): Set<string> {
  const text = readFileSync(join(root, file), 'utf8');
  return new Set([...text.matchAll(/^export const (\w+) = define(?:Signal|Update|Query)\b/gm)].map((m) => m[1]));
}

/** Each value import that climbs: from a file to a module of a higher layer. */
function upwardImports(file: string, text: string): string[] {
  const own = layerOf(file);
  if (!own) return [];
  return valueImports(file, text).flatMap(({ path, names }) => {
    const target = layerOf(path);
    if (!target || layers.indexOf(target) <= layers.indexOf(own)) return [];
    const messages = path.startsWith('workflows/') ? messageDefinitions(path) : new Set<string>();
    if (names && names.every((name) => messages.has(name))) return [];
    return [`${file} (${own}) imports ${names ? `${names.join(', ')} from ` : ''}${path} (${target})`];
  });
}

describe('imports point down the layers', () => {
  const files = scanned.flatMap(filesUnder);

  it('places every file of src/, workflows/, activities/ and api/ in a layer', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => !layerOf(file))).toEqual([]);
  });

  it('loads no value from a layer above', () => {
    expect(files.flatMap((file) => upwardImports(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it('would catch an upward import, and lets types and workflow messages pass', () => {
    const file = 'src/platform/example.ts';
    expect(upwardImports(file, `import { purgeSignInLinks } from '../accounts/sign-in-links.js';`)).toEqual([
      `${file} (platform) imports purgeSignInLinks from src/accounts/sign-in-links.ts (resources)`,
    ]);
    expect(upwardImports('src/domain/example.ts', `import { html } from '../platform/html.js';`)).toHaveLength(1);
    expect(upwardImports('src/orders/example.ts', `import { connectTemporal } from '../temporal.js';`)).toHaveLength(1);
    expect(upwardImports('src/orders/example.ts', `import * as registry from '../../api/operations/index.js';`)).toHaveLength(1);
    expect(upwardImports('src/orders/example.ts', `export * from '../../workflows/order-fulfilment.js';`)).toHaveLength(1);
    expect(
      upwardImports('src/orders/example.ts', `import { orderFulfilment } from '../../workflows/order-fulfilment.js';`),
    ).toHaveLength(1);
    expect(upwardImports('workflows/example.ts', `import { payOrder } from '../api/web/payments/checkout.js';`)).toHaveLength(1);
    expect(upwardImports('src/orders/example.ts', `import type { TemporalHandle } from '../temporal.js';`)).toEqual([]);
    expect(upwardImports('src/orders/example.ts', `import { type TemporalHandle } from '../temporal.js';`)).toEqual([]);
    expect(
      upwardImports('src/orders/example.ts', `import { orderPaidSignal } from '../../workflows/order-fulfilment.js';`),
    ).toEqual([]);
    expect(upwardImports('api/example.ts', `import { payOrder } from '../src/orders/pay.js';`)).toEqual([]);
  });
});
