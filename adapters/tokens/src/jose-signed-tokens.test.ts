import { describe, expect, it } from '@jest/globals';
import { SignJWT, UnsecuredJWT, decodeProtectedHeader } from 'jose';
import { JoseSignedTokens, derivedSigningKey, parseSigningKeys } from './jose-signed-tokens.ts';

const T0 = new Date('2026-11-25T15:00:00Z');
const LATER = new Date('2026-11-25T15:30:00Z');
const KEY_A = 'a'.repeat(32) + '-current-key';
const KEY_B = 'b'.repeat(32) + '-next-key';

const tokens = (keys: string) => new JoseSignedTokens(parseSigningKeys(keys));
const part = (token: string, index: number) => token.split('.')[index]!;
const json = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('JoseSignedTokens', () => {
  it('round-trips claims with whole-second times, HS256 and a kid in the header', async () => {
    const signer = tokens(KEY_A);
    const token = await signer.sign('guest', { email: 'pat@example.org' }, T0, LATER);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', kid: parseSigningKeys(KEY_A)[0]!.kid, typ: 'portal-guest+jwt' });
    expect(await signer.verify('guest', token, T0)).toEqual({ claims: { email: 'pat@example.org' }, issuedAt: T0, expiresAt: LATER });
  });

  it('refuses another type, an expired token, and one issued in the future', async () => {
    const signer = tokens(KEY_A);
    const token = await signer.sign('guest', { email: 'pat@example.org' }, T0, LATER);
    expect(await signer.verify('email_session', token, T0)).toBeNull();
    expect(await signer.verify('guest', token, LATER)).toBeNull();
    expect(await signer.verify('guest', token, new Date(T0.getTime() - 1000))).toBeNull();
  });

  it('rotates: tokens of the previous key verify while it is listed second, and stop once it is removed', async () => {
    const before = await tokens(KEY_A).sign('guest', { uid: 'u1' }, T0, LATER);
    const during = tokens(`${KEY_B},${KEY_A}`);
    expect((await during.verify('guest', before, T0))?.claims).toEqual({ uid: 'u1' });
    const fresh = await during.sign('guest', { uid: 'u2' }, T0, LATER);
    expect(decodeProtectedHeader(fresh).kid).toBe(parseSigningKeys(KEY_B)[0]!.kid);
    const after = tokens(KEY_B);
    expect(await after.verify('guest', before, T0)).toBeNull();
    expect((await after.verify('guest', fresh, T0))?.claims).toEqual({ uid: 'u2' });
  });

  it("refuses what an attacker can make: alg 'none', another key, a changed payload, a changed kid, junk", async () => {
    const signer = tokens(KEY_A);
    const token = await signer.sign('guest', { email: 'pat@example.org' }, T0, LATER);
    const kid = decodeProtectedHeader(token).kid!;
    const unsecured = new UnsecuredJWT({ email: 'pat@example.org' }).setIssuer('member-portal').setAudience('member-portal').setIssuedAt(T0).setExpirationTime(LATER).encode();
    const noneWithKid = `${json({ alg: 'none', kid, typ: 'portal-guest+jwt' })}.${part(unsecured, 1)}.`;
    const otherKey = await new SignJWT({ email: 'pat@example.org' })
      .setProtectedHeader({ alg: 'HS256', kid, typ: 'portal-guest+jwt' })
      .setIssuer('member-portal')
      .setAudience('member-portal')
      .setIssuedAt(T0)
      .setExpirationTime(LATER)
      .sign(new TextEncoder().encode('z'.repeat(40)));
    const changedPayload = `${part(token, 0)}.${json({ email: 'someone-else@example.org', iss: 'member-portal', aud: 'member-portal', iat: T0.getTime() / 1000, exp: LATER.getTime() / 1000 })}.${part(token, 2)}`;
    const changedKid = `${json({ alg: 'HS256', kid: 'unknown1', typ: 'portal-guest+jwt' })}.${part(token, 1)}.${part(token, 2)}`;
    for (const forged of [noneWithKid, otherKey, changedPayload, changedKid, '', 'x'.repeat(5000), 42, null, `${token}x`]) {
      expect(await signer.verify('guest', forged, T0)).toBeNull();
    }
  });

  it('will not let a caller shadow registered claims', async () => {
    await expect(tokens(KEY_A).sign('guest', { exp: '9999999999' }, T0, LATER)).rejects.toThrow(/may not set exp/);
  });

  it('reads TOKEN_SIGNING_KEYS strictly, and derives a stable key from the server secret otherwise', () => {
    expect(() => parseSigningKeys('short')).toThrow(/at least 32/);
    expect(() => parseSigningKeys(` , `)).toThrow(/lists no key/);
    expect(() => parseSigningKeys(`${KEY_A},${KEY_A}`)).toThrow(/twice/);
    expect(parseSigningKeys(` ${KEY_B} , ${KEY_A} `).map((key) => key.kid)).toEqual([parseSigningKeys(KEY_B)[0]!.kid, parseSigningKeys(KEY_A)[0]!.kid]);
    expect(derivedSigningKey('server-secret').kid).toBe(derivedSigningKey('server-secret').kid);
    expect(derivedSigningKey('server-secret').kid).not.toBe(derivedSigningKey('another-secret').kid);
  });
});
