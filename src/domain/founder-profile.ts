/**
 * The founder-profile gate of the free plan (docs/architecture.md, Listings (owner side)): complete when every
 * founder on the listing has a name, a title and a bio of at least 80 characters, and at least one
 * of them has answered an interview question or has a social link.
 */

export const minBioChars = 80;

export interface FounderFacts {
  name: string;
  title: string | null;
  bio: string | null;
  hasSocialLink: boolean;
  hasInterviewAnswer: boolean;
}

export interface FounderProfileGate {
  complete: boolean;
  /** What is missing, each in words an owner or an agent can act on. */
  missing: string[];
}

export function founderProfileGate(founders: readonly FounderFacts[]): FounderProfileGate {
  if (founders.length === 0) {
    return { complete: false, missing: ['at least one founder (name, title and a bio of 80+ characters)'] };
  }
  const missing: string[] = [];
  for (const founder of founders) {
    const name = founder.name.trim() || 'a founder without a name';
    if (!founder.name.trim()) missing.push('a name for every founder');
    if (!founder.title?.trim()) missing.push(`${name}: a title`);
    const bio = founder.bio?.trim().length ?? 0;
    if (bio < minBioChars) missing.push(`${name}: a bio of at least ${minBioChars} characters (now ${bio})`);
  }
  if (!founders.some((f) => f.hasSocialLink || f.hasInterviewAnswer)) {
    missing.push('an interview answer or a social link from at least one founder');
  }
  return { complete: missing.length === 0, missing };
}
