import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The owner pages are views over registry operations (docs/architecture.md, Contracts at
 * the edge): they may reach the core only through api/ (the operations, execute, the
 * web session), so no business rule or query can live in a page. From src/ they may import the
 * html template and the errors, and types (erased at build, they run nothing). They may not use
 * the database or the workflow client that the request or the app carries either.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ownerFolders = ['api/web/owner', 'api/web/shared/forms'];
const allowedFromSrc = new Set(['src/platform/html.ts', 'src/errors.ts']);
const reachesAround = /\bctx\.state\.em\b|\bdeps\.(orm|readPool|temporal|mailer|searchIndex|readCache)\b|\bsql`/;

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Every module a source file loads at run time, as a path from the repository root (packages as named). */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const add = (specifier: string) =>
    found.push(
      specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '.ts') : specifier,
    );
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly =
        !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      if (!typeOnly) add(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) add(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      found.push(argument && ts.isStringLiteral(argument) ? argument.text : '<computed import>');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What a file may not do: the run-time imports of src/ beyond html and errors, and direct use of the database or workflows. */
function violations(file: string, text: string): string[] {
  const imports = runtimeImports(file, text).filter(
    (path) => path === '<computed import>' || (path.startsWith('src/') && !allowedFromSrc.has(path)) || path.startsWith('..'),
  );
  const reached = reachesAround.exec(text);
  return [...imports.map((path) => `${file} imports ${path}`), ...(reached ? [`${file} uses ${reached[0]}`] : [])];
}

describe('owner pages reach the core only through the operations', () => {
  const files = ownerFolders.flatMap(filesUnder);

  it('finds the pages', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'api/web/owner/routes.ts',
        'api/web/owner/listing-pages.ts',
        'api/web/owner/order-pages.ts',
        'api/web/owner/launch-form.ts',
        'api/web/shared/forms/field-errors.ts',
      ]),
    );
  });

  it('import nothing from src/ at run time but the html template and the errors, and use no database handle', () => {
    expect(files.flatMap((file) => violations(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it('would catch a page that reads or writes around the registry', () => {
    const file = 'api/web/owner/example.ts';
    expect(violations(file, `import { findOwnedDraft } from '../../../src/drafts/drafts.js';`)).toEqual([
      `${file} imports src/drafts/drafts.ts`,
    ]);
    expect(violations(file, `import { type DraftEntity, Draft } from '../../../src/entities/draft.js';`)).toHaveLength(1);
    expect(violations(file, `export { startDraft } from '../../../src/drafts/start.js';`)).toHaveLength(1);
    expect(violations(file, `const m = await import('../../../src/drafts/submit.js');`)).toHaveLength(1);
    expect(violations(file, `await ctx.state.em.execute('update draft set status = 1');`)).toHaveLength(1);
    expect(violations(file, `await deps.temporal.client.workflow.start();`)).toHaveLength(1);
    expect(violations(file, `import type { DraftDetail } from '../../../src/drafts/schemas.js';`)).toEqual([]);
    expect(violations(file, `import { html } from '../../../src/platform/html.js';`)).toEqual([]);
    expect(violations(file, `import { getDraft } from '../../operations/drafts.js';`)).toEqual([]);
  });
});
