import { describe, expect, it } from '@jest/globals';
import { PhoneAuthError, type PhoneAuth } from '../ports/phone-auth.port.ts';
import { GUEST_VERIFICATION_VALIDITY_MS } from '../policies/verification.policy.ts';
import { PlainSecrets, PlainSignedTokens } from '../testing/in-memory-verification.ts';
import { GUEST_TOKEN_PREFIX, GuestVerification } from './guest-verification.use-case.ts';

const T0 = new Date('2026-11-25T15:00:00.750Z');
const phoneAuth: PhoneAuth = {
  verifyIdToken: async (idToken) => {
    if (idToken !== 'phone-id-token') throw new PhoneAuthError('bad token');
    return { uid: 'uid-1', phoneNumber: '+14015550111', signInProvider: 'phone', authTime: new Date('2026-11-25T14:59:00Z') };
  },
};
const guests = () => new GuestVerification({ tokens: new PlainSignedTokens(), secrets: new PlainSecrets(), phoneAuth });

describe('GuestVerification (core rules for the guest path)', () => {
  it('issues the guest token only for the phone that was verified, valid 30 minutes from verification', async () => {
    const verification = guests();
    await expect(verification.issueGuestToken('pat@example.org', '+14015550199', 'phone-id-token', T0)).rejects.toThrow(PhoneAuthError);
    const { token, guest } = await verification.issueGuestToken('pat@example.org', '+14015550111', 'phone-id-token', T0);
    expect(token.startsWith(GUEST_TOKEN_PREFIX)).toBe(true);
    // Whole seconds, as the signed token holds them: what the browser is told is what the token says.
    expect(guest.verifiedAt).toEqual(new Date('2026-11-25T15:00:00Z'));
    expect(guest.expiresAt).toEqual(new Date(guest.verifiedAt.getTime() + GUEST_VERIFICATION_VALIDITY_MS));
    expect(await verification.identify(token, T0)).toEqual(guest);
    expect(await verification.identify(token, guest.expiresAt)).toBeNull();
  });

  it('never takes one kind of token for the other, nor a token without its prefix', async () => {
    const verification = guests();
    const { sessionToken } = await verification.emailSession('pat@example.org', T0);
    const { token } = await verification.issueGuestToken('pat@example.org', '+14015550111', 'phone-id-token', T0);
    expect(await verification.readEmailSession(sessionToken, T0)).toEqual({ email: 'pat@example.org', expiresAt: new Date('2026-11-25T15:30:00Z') });
    expect(await verification.identify(sessionToken, T0)).toBeNull();
    expect(await verification.readEmailSession(token, T0)).toBeNull();
    expect(await verification.identify(token.slice(GUEST_TOKEN_PREFIX.length), T0)).toBeNull();
  });

  it('keys a guest by a keyed hash of the address, the same for any spelling of it', () => {
    const verification = guests();
    expect(verification.guestHash(' Pat@Example.org')).toBe(verification.guestHash('pat@example.org'));
  });
});
