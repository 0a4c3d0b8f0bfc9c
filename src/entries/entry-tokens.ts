import { createHash, randomBytes } from 'crypto';

/** A new private link's token: 192 random bits, in URL-safe base 64 (32 characters). */
export function newEntryToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What is stored of a token: its SHA-256 in hex (a token is random, so no salt is needed). */
export function entryTokenHash(token: string): string {
  return createHash('sha256').update(`entry\n${token}`).digest('hex');
}

/** A token as links carry it: anything else is no entry's, refused unlooked. */
export const ENTRY_TOKEN = /^[A-Za-z0-9_-]{32}$/;
