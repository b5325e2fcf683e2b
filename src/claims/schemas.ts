import { z } from 'zod';
import { pageOf, timestamp } from '../catalogue/schemas.js';
import { claimMethods, claimStatuses } from '../domain/claims.js';

/** A claim as its claimant sees it (docs/architecture.md, Claims), with the last check in words. */
export const claim = z.object({
  id: z.int().describe('The claim id, for verify_claim.'),
  slug: z.string().describe('The claimed listing.'),
  listing_id: z.int(),
  method: z.enum(claimMethods),
  status: z
    .enum(claimStatuses)
    .describe(
      'pending until proven; verified (the caller owns the listing), failed (proof with another token), expired (7 days without proof) or canceled.',
    ),
  status_reason: z.string().nullable().describe('Why the claim ended as it did; null while pending or once verified.'),
  instructions: z.string().describe('Exactly what to publish and where, with the token, in words.'),
  token: z.string().describe('The verification token the instructions name.'),
  email: z.string().nullable().describe('The address the one-time link goes to (method email); null otherwise.'),
  checks: z.int().describe('How many checks have run.'),
  checked_at: timestamp.nullable().describe('When the last check ran; null before the first.'),
  result: z.string().nullable().describe('What the last check saw, in words ("TXT record not found on acme.com").'),
  next_check_at: timestamp.nullable().describe('When the next automatic check runs; null once the claim is closed.'),
  expires_at: timestamp.describe('Without proof by then, the claim expires.'),
  verified_at: timestamp.nullable(),
  created_at: timestamp,
});

export type ClaimView = z.infer<typeof claim>;

export const claimPage = pageOf(claim);
