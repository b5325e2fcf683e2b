import { createHash } from 'node:crypto';

/** API keys start with this, so people and secret scanners recognise them. */
export const apiKeyPrefix = 'ldk_';

/** 32 random bytes (256 bits), base64url without padding. */
const apiKeyPattern = /^ldk_[A-Za-z0-9_-]{43}$/;

/** How a credential is stored and looked up: its SHA-256, never the value. */
export function hashCredential(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function looksLikeApiKey(value: string): boolean {
  return apiKeyPattern.test(value);
}

/** The part of a key shown in lists, enough to tell keys apart and nothing more. */
export function displayPrefix(key: string): string {
  return key.slice(0, apiKeyPrefix.length + 6);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A return address after sign-in must be a path on this site, never another origin. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
}
