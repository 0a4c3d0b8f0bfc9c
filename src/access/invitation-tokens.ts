import { createHash, randomBytes } from 'crypto';

/** A new invitation's token: 192 random bits, in URL-safe base 64 (32 characters). */
export function newInvitationToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What is stored of a token: its SHA-256 in hex (a token is random, so no salt is needed). */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(`invitation\n${token}`).digest('hex');
}

/** A token as links carry it: anything else is no invitation's, refused unlooked. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{32}$/;
