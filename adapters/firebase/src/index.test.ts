import { afterEach, describe, expect, it } from '@jest/globals';
import { PhoneAuthError } from '@portal/core';
import { FirebasePhoneAuth } from './index.ts';

/** What the Auth emulator (the provider sandbox) issues: an unsigned JWT for any number asked. */
const emulatorToken = (projectId: string, phone = '+14015550199'): string => {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    phone_number: phone,
    auth_time: now,
    user_id: 'u1',
    sub: 'u1',
    firebase: { identities: { phone: [phone] }, sign_in_provider: 'phone' },
    iat: now,
    exp: now + 3600,
    aud: projectId,
    iss: `https://securetoken.google.com/${projectId}`,
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
};

const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
afterEach(() => {
  if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
});

describe('live mode (no emulator host)', () => {
  it('refuses the emulator’s unsigned token before firebase-admin sees it', async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const auth = new FirebasePhoneAuth({ projectId: 'mdri-portal' });
    await expect(auth.verifyIdToken(emulatorToken('mdri-portal'))).rejects.toThrow(new PhoneAuthError('ID token refused: not signed by Google'));
  });

  it('refuses every token while FIREBASE_AUTH_EMULATOR_HOST is set in the process (firebase-admin would skip the signature)', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:4010';
    const auth = new FirebasePhoneAuth({ projectId: 'mdri-portal' });
    await expect(auth.verifyIdToken(emulatorToken('mdri-portal'))).rejects.toThrow(/Auth emulator is configured in live mode/);
    // Even one that claims to be signed.
    const forged = emulatorToken('mdri-portal').replace(/^[^.]+/, Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'k1' })).toString('base64url'));
    await expect(auth.verifyIdToken(forged)).rejects.toThrow(PhoneAuthError);
  });

  it('refuses a demo- project, which exists on the emulator only', () => {
    expect(() => new FirebasePhoneAuth({ projectId: 'demo-member-portal' })).toThrow(/exists only on the Auth emulator/);
  });
});

describe('emulator mode', () => {
  it('takes a demo- project only, so the emulator can never stand in for a real project', () => {
    expect(() => new FirebasePhoneAuth({ projectId: 'mdri-portal', emulatorHost: '127.0.0.1:4010' })).toThrow(/only a 'demo-' project id/);
    expect(() => new FirebasePhoneAuth({ projectId: 'demo-member-portal', emulatorHost: '127.0.0.1:4010' })).not.toThrow();
  });
});
