import { createHash } from 'crypto';
import { DEFAULT_INVITATION_DAYS, invitationDays, validateEnvironment } from '../config';
import { entryTokenHash } from '../entries/entry-tokens';
import { INVITATION_TOKEN, invitationTokenHash, newInvitationToken } from './invitation-tokens';

describe("an invitation's link", () => {
  test('lasts 7 days unless INVITATION_DAYS says otherwise', () => {
    expect(DEFAULT_INVITATION_DAYS).toBe(7);
    expect(invitationDays(() => undefined)).toBe(7);
    expect(invitationDays((name) => (name === 'INVITATION_DAYS' ? '3' : undefined))).toBe(3);
    expect(() => validateEnvironment({ INVITATION_DAYS: '365' })).not.toThrow();
  });

  test.each(['0', '366', 'seven', '1.5', '-2'])('INVITATION_DAYS=%p stops the server', (v) => {
    expect(() => validateEnvironment({ INVITATION_DAYS: v })).toThrow(
      `INVITATION_DAYS must be the days an invitation's link lasts, a whole number from 1 to 365, not '${v}'`,
    );
  });

  test('a token is 192 random bits in URL-safe base 64; only its hash is stored', () => {
    const token = newInvitationToken();
    expect(token).toMatch(INVITATION_TOKEN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    expect(newInvitationToken()).not.toBe(token);
    expect(invitationTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(invitationTokenHash(token)).toBe(
      createHash('sha256').update(`invitation\n${token}`).digest('hex'),
    );
    // An entry's link of the same characters is not an invitation's.
    expect(invitationTokenHash(token)).not.toBe(entryTokenHash(token));
  });
});
