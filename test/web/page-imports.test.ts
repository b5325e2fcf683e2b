import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Pages are views over the core (docs/architecture.md, Contracts at the edge): a page that does
 * what an API operation does runs that operation (`execute()`), and a page for what the API
 * deliberately lacks calls one intent function of `src/<resource>/`. So from src/ a page may load
 * at run time only the html template, the errors, the pure rules of src/domain/ and the intents
 * listed here, by name; types are erased at build and run nothing. The owner pages are views over
 * registry operations only: from src/ they load only the html template and the errors, and they
 * touch no database or workflow handle either.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pageFolder = 'api/web';
const ownerFolders = ['api/web/owner', 'api/web/shared/forms'];
const everything = '*';

/** Whole modules a page may use: they render, refuse or compute, and read or write nothing. */
const presentation = new Set(['src/platform/html.ts', 'src/platform/markdown.ts', 'src/errors.ts']);
const pureRules = 'src/domain/';

/** What pages do that the API lacks: one call per intent, by file and name. */
const intents: Record<string, string[]> = {
  // Signing in and the session (sign-in.ts, shared/session.ts).
  'src/accounts/sign-in-links.ts': ['peekSignInLink', 'signInByLink'],
  'src/accounts/sign-in-mail.ts': ['sendSignInLink'],
  'src/platform/rate-limits.ts': ['SharedRateLimiter'],
  'src/accounts/web-sessions.ts': ['startWebSession', 'webSessionUser', 'endWebSession', 'sessionOfBlockedAccount'],
  // The account page: API keys, connected apps, followed listings.
  'src/accounts/api-keys.ts': ['createApiKey', 'listApiKeys', 'revokeApiKey'],
  'src/accounts/connected-apps.ts': ['listConnectedApps', 'revokeConnectedApp'],
  'src/community/follows.ts': ['setFollow', 'followedListings'],
  // The site team's pages, and the outbox of the development mailer.
  'src/accounts/users.ts': ['userRole'],
  'src/listings/revisions.ts': ['listRevisions'],
  'src/orders/admin.ts': ['listSiteOrders'],
  'src/community/reviews.ts': ['saveReview', 'reportedReviews', 'flagReview'],
  'src/mail/outbox.ts': ['latestMail'],
  // Votes, confirming a mailed claim link, paying, and the payment provider's notices.
  'src/platform/hourly-limit.ts': ['HourlyLimit'],
  'src/community/votes.ts': ['castVote', 'withdrawVote'],
  'src/accounts/session-people.ts': ['SessionPeople'],
  'src/claims/link-mail.ts': ['claimConfirmPath', 'peekClaimLink', 'confirmClaimLink'],
  'src/orders/pay.ts': ['payOrder'],
  'src/orders/view.ts': ['orderForCheckout', 'checkoutUrl'],
  'src/payments/index.ts': ['createPaymentProvider', 'paymentMethods'],
  'src/orders/payment.ts': ['acceptProviderPayment'],
  'src/orders/refund.ts': ['reversePayment'],
  // Public pages the API has no operation for: home, feeds, sitemap, badges, the viewer's own marks.
  'src/catalogue/categories.ts': ['topCategories'],
  'src/catalogue/leaderboards.ts': ['leaderboardSummaries'],
  'src/catalogue/badges.ts': ['badgeSubject'],
  'src/listings/updates.ts': ['latestUpdates'],
  'src/community/sitemap.ts': ['sitemapEntries', 'sitemapLimit'],
  'src/community/viewer.ts': ['listingPageState'],
  // Moderation pages the API has no operation for: an appeal from /me/cases, the rules, the transparency report.
  'src/moderation/appeals.ts': ['appealCase'],
  'src/moderation/rules.ts': ['listRules'],
  'src/moderation/transparency.ts': ['transparencyReport'],
};
const anyPageReaches = /\bsql`|\bdeps\.temporal\b/;
const ownerPageReaches = /\bctx\.state\.em\b|\bdeps\.(orm|readPool|temporal|mailer|searchIndex|readCache)\b|\bsql`/;

interface RuntimeImport {
  /** A path from the repository root, a package as named, or `<computed import>`. */
  path: string;
  /** The names it binds, or everything (a default, a namespace, `export *`, a dynamic import). */
  names: string[] | typeof everything;
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Every module a source file loads at run time, with the names it takes from each. */
function runtimeImports(file: string, text: string): RuntimeImport[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: RuntimeImport[] = [];
  const pathOf = (specifier: string) =>
    specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '.ts') : specifier;
  const namesOf = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
    elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      if (!clause) found.push({ path: pathOf(node.moduleSpecifier.text), names: everything });
      else if (!clause.isTypeOnly) {
        const names = bindings && ts.isNamedImports(bindings) ? namesOf(bindings.elements) : [];
        if (clause.name || (bindings && ts.isNamespaceImport(bindings)))
          found.push({ path: pathOf(node.moduleSpecifier.text), names: everything });
        else if (names.length > 0) found.push({ path: pathOf(node.moduleSpecifier.text), names });
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (!node.isTypeOnly) {
        const names = clause && ts.isNamedExports(clause) ? namesOf(clause.elements) : everything;
        if (names.length > 0) found.push({ path: pathOf(node.moduleSpecifier.text), names });
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      found.push({
        path: argument && ts.isStringLiteral(argument) ? pathOf(argument.text) : '<computed import>',
        names: everything,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether a page may load this, by the lists above; an owner page only presentation. */
function allowed({ path, names }: RuntimeImport, owner: boolean): boolean {
  if (path === '<computed import>' || path.startsWith('..')) return false;
  if (!/^(src|workflows|activities)\//.test(path) || presentation.has(path)) return true;
  if (owner) return false;
  if (path.startsWith(pureRules)) return true;
  const listed = intents[path];
  return !!listed && names !== everything && names.every((name) => listed.includes(name));
}

/** What a page may not do: load data code beyond the lists, or use a database or workflow handle. */
function violations(file: string, text: string): string[] {
  const owner = ownerFolders.some((folder) => file.startsWith(`${folder}/`));
  const imports = runtimeImports(file, text)
    .filter((found) => !allowed(found, owner))
    .map(({ path, names }) => `${file} imports ${names === everything ? path : `${names.join(', ')} from ${path}`}`);
  const reached = (owner ? ownerPageReaches : anyPageReaches).exec(text);
  return [...imports, ...(reached ? [`${file} uses ${reached[0]}`] : [])];
}

describe('pages reach the core only through operations and listed intents', () => {
  const files = filesUnder(pageFolder);

  it('finds the pages of every area', () => {
    const areas = readdirSync(join(root, pageFolder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'assets')
      .map((entry) => `${pageFolder}/${entry.name}/`);
    expect(areas.length).toBeGreaterThanOrEqual(9);
    for (const area of areas) expect(files.some((file) => file.startsWith(area))).toBe(true);
    expect(files).toEqual(expect.arrayContaining(['api/web/owner/routes.ts', 'api/web/payments/checkout.ts']));
  });

  it('import from src/ at run time only presentation, pure rules and listed intents, and use no raw handle', () => {
    expect(files.flatMap((file) => violations(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it('lists only intents that exist', () => {
    const missing = Object.entries(intents).flatMap(([path, names]) => {
      const text = readFileSync(join(root, path), 'utf8');
      return names.filter((name) => !new RegExp(`^export (async )?(function|const|class) ${name}\\b`, 'm').test(text));
    });
    expect(missing).toEqual([]);
  });

  it('would catch a page that reads or writes around the operations and intents', () => {
    const file = 'api/web/catalogue/example.ts';
    expect(violations(file, `import { findOwnedDraft } from '../../../src/drafts/drafts.js';`)).toEqual([
      `${file} imports findOwnedDraft from src/drafts/drafts.ts`,
    ]);
    expect(violations(file, `import { ensureUser } from '../../../src/accounts/users.js';`)).toHaveLength(1);
    expect(violations(file, `import * as users from '../../../src/accounts/users.js';`)).toHaveLength(1);
    expect(violations(file, `import { type DraftEntity, Draft } from '../../../src/entities/draft.js';`)).toHaveLength(1);
    expect(violations(file, `export { startDraft } from '../../../src/drafts/start.js';`)).toHaveLength(1);
    expect(violations(file, `const m = await import('../../../src/drafts/submit.js');`)).toHaveLength(1);
    expect(violations(file, 'const rows = await query(em, sql`select 1`);')).toHaveLength(1);
    expect(violations(file, `await deps.temporal.client.workflow.start();`)).toHaveLength(1);
    expect(violations(file, `import type { DraftDetail } from '../../../src/drafts/schemas.js';`)).toEqual([]);
    expect(violations(file, `import { type UserRow, userRole } from '../../../src/accounts/users.js';`)).toEqual([]);
    expect(violations(file, `import { dollars } from '../../../src/domain/money.js';`)).toEqual([]);
    expect(violations(file, `import { getDraft } from '../../operations/drafts.js';`)).toEqual([]);
    const owner = 'api/web/owner/example.ts';
    expect(violations(owner, `await ctx.state.em.execute('update draft set status = 1');`)).toHaveLength(1);
    expect(violations(owner, `import { userRole } from '../../../src/accounts/users.js';`)).toHaveLength(1);
    expect(violations(owner, `import { dollars } from '../../../src/domain/money.js';`)).toHaveLength(1);
  });
});
