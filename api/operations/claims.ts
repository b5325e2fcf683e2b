import { z } from 'zod';
import { claim, claimPage } from '../../src/claims/schemas.js';
import { claimListing as openClaim, claimStatusOf } from '../../src/claims/commands.js';
import { getMyClaim, listMyClaims as readMyClaims } from '../../src/claims/reads.js';
import { checkClaimNow, startClaimVerification } from '../../src/claims/lifecycle.js';
import { claimMethods } from '../../src/domain/claims.js';
import { emailAddress, paginationQuery, slug } from './common.js';
import { defineOperation, existingRecord } from './registry.js';

const claimSlug = slug.describe('The listing to claim (max 220).');
const methodHelp =
  'dns = a TXT record, meta = a tag on the homepage, file = a file on the website, email = a link sent to admin@, administrator@, webmaster@, hostmaster@ or postmaster@ the domain, or to the contact address its website publishes.';

/** The body's shape depends on the method: `email` comes with method email and with no other. */
const claimBody = z.discriminatedUnion(
  'method',
  [
    z.strictObject({
      slug: claimSlug,
      method: z.enum(claimMethods.filter((m) => m !== 'email')).describe(methodHelp),
      email: z.never({ error: 'is only for method email' }).optional().describe('Not sent with this method.'),
    }),
    z.strictObject({
      slug: claimSlug,
      method: z.literal('email').describe(methodHelp),
      email: emailAddress({
        error: (issue) => (issue.input === undefined ? 'is required for method email' : 'must be an email address'),
      }).describe(
        "Method email only, and then required: admin@, administrator@, webmaster@, hostmaster@ or postmaster@ the listing's registrable domain, or the listing's contact email when its website publishes it. Any other address is 400 naming the allowed ones.",
      ),
    }),
  ],
  { error: `must be one of ${claimMethods.join(', ')}` },
);

const claimPath = z.object({
  claim_id: z.coerce
    .number('must be a claim id (a positive integer)')
    .int('must be a claim id (a positive integer)')
    .min(1)
    .max(2_147_483_647),
});

export const claimListing = defineOperation({
  id: 'claim_listing',
  method: 'POST',
  path: '/claims',
  tag: 'Claims',
  summary: 'Claim an existing listing by proving you run its website',
  description:
    'Opens a claim on a public listing (slug) and answers 201 with the claim and its instructions: exactly what to publish and where, with the token. Methods: dns (a TXT record "launch-directory-verification=<token>" on the listing\'s domain), meta (<meta name="launch-directory-verification" content="<token>"> on the homepage), file (/.well-known/launch-directory-verification.txt on the website, containing the token), email (a one-time link mailed to `email`, which must speak for the domain: admin@, administrator@, webmaster@, hostmaster@ or postmaster@ the listing\'s registrable domain, or the contact address the listing\'s own website publishes; any other address is 400 naming the allowed ones; the link\'s page has a confirm button). Meta and file checks follow redirects only within the listing\'s registrable domain. The proof is checked automatically, 1 minute after, then at doubling intervals up to 6 hours, for 7 days; verify_claim checks at once. When proven, the caller owns the listing and its previous owner is told. If the caller already has an open claim on the listing, that claim is answered with 200 and nothing new starts. 400 for an email that does not speak for the domain; 404 when no public listing has the slug; 409 when the caller already owns it. Free.',
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 201,
  existingAnswer: "The caller's open claim on this listing, returned instead of a second one.",
  refusals: {
    404: 'No public listing has this slug',
    409: 'The caller already owns the listing, it has no website to prove, or a request with this Idempotency-Key is still running',
  },
  input: { body: claimBody },
  output: claim,
  reaches: ['web', 'dns', 'mail'],
  async handler({ body }, { deps, em, site, principal }) {
    const opened = await openClaim(em, site.id, principal!.userId, body);
    await startClaimVerification(deps.temporal, opened);
    const view = await getMyClaim(em, principal!.userId, opened.id);
    return opened.created ? view : existingRecord(view);
  },
});

export const verifyClaim = defineOperation({
  id: 'verify_claim',
  method: 'POST',
  path: '/claims/{claim_id}/verify',
  tag: 'Claims',
  summary: "Check a claim's proof now",
  description:
    "Runs a check of one of the caller's pending claims now and answers the claim with that check's result (status, checked_at, result in words, next_check_at): verified when the proof is in place, and then the caller owns the listing. The request has no body (an empty JSON object at most). It waits up to 15 seconds for the check; a slower check goes on, and the claim is answered as it stands (checked_at tells whether the check has landed). A claim that is no longer pending is answered as it is. 404 when the caller has no such claim.",
  scope: 'listings:write',
  idempotencyKey: false,
  successStatus: 200,
  input: { path: claimPath, body: z.strictObject({}).describe('Empty: no properties are taken.') },
  output: claim,
  reaches: ['web', 'dns', 'mail'],
  async handler({ path }, { deps, em, principal }) {
    const current = await claimStatusOf(em, principal!.userId, path.claim_id);
    if (current.open) await checkClaimNow(deps.temporal, current);
    return getMyClaim(em, principal!.userId, path.claim_id);
  },
});

export const listMyClaims = defineOperation({
  id: 'list_my_claims',
  method: 'GET',
  path: '/claims',
  tag: 'Claims',
  summary: "The caller's claims, newest first",
  description:
    "Lists the caller's claims, newest first, each with its status (pending, verified, failed, expired, canceled), the instructions and token, and the last check (checked_at, result in words, next_check_at). Free and read-only.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { query: paginationQuery },
  output: claimPage,
  async handler({ query }, { em, principal }) {
    return readMyClaims(em, principal!.userId, query.page, query.per_page);
  },
});

export const getClaim = defineOperation({
  id: 'get_claim',
  method: 'GET',
  path: '/claims/{claim_id}',
  tag: 'Claims',
  summary: "One of the caller's claims",
  description:
    "Returns one of the caller's claims: its status (pending, verified, failed, expired, canceled), the instructions with the exact DNS record, meta tag, file or address and the token, and the last check (checked_at, result in words, next_check_at). Poll it while the proof is being put in place; verify_claim checks at once. 404 when the caller has no such claim. Free and read-only.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { path: claimPath },
  output: claim,
  async handler({ path }, { em, principal }) {
    return getMyClaim(em, principal!.userId, path.claim_id);
  },
});

export const claimOperations = [claimListing, verifyClaim, listMyClaims, getClaim];
