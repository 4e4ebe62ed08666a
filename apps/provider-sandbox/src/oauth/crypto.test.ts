import { describe, expect, it } from '@jest/globals';
import { isRegisteredRedirectUri } from '../http/oauth.router.ts';
import { s256, unsignedJwt, verifyPkce } from './crypto.ts';

describe('PKCE S256', () => {
  it('matches the RFC 7636 appendix B example', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(s256(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifyPkce(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(verifyPkce(`${verifier}x`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
  });

  it('refuses verifiers outside RFC 7636 length and alphabet', () => {
    expect(verifyPkce('short', s256('short'))).toBe(false);
    const spaced = 'a b'.repeat(20);
    expect(verifyPkce(spaced, s256(spaced))).toBe(false);
  });
});

describe('unsigned JWT (the Firebase emulator\'s ID tokens)', () => {
  it('is header.payload. with alg none', () => {
    const jwt = unsignedJwt({ iss: 'i', aud: 'a', sub: 's', iat: 1, exp: 2, fhirUser: 'f' });
    const [header, payload, signature] = jwt.split('.');
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toEqual({ alg: 'none', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload as string, 'base64url').toString())).toEqual({ iss: 'i', aud: 'a', sub: 's', iat: 1, exp: 2, fhirUser: 'f' });
    expect(signature).toBe('');
  });
});

describe('registered redirect URIs', () => {
  it('takes any local port on /api/auth/callback, plus the configured list', () => {
    expect(isRegisteredRedirectUri('http://localhost:3000/api/auth/callback', [])).toBe(true);
    expect(isRegisteredRedirectUri('http://127.0.0.1:49152/api/auth/callback', [])).toBe(true);
    expect(isRegisteredRedirectUri('https://localhost:3000/api/auth/callback', [])).toBe(false);
    expect(isRegisteredRedirectUri('http://localhost:3000/api/auth/callback?x=1', [])).toBe(false);
    expect(isRegisteredRedirectUri('http://localhost.evil.example/api/auth/callback', [])).toBe(false);
    expect(isRegisteredRedirectUri('http://user@localhost:3000/api/auth/callback', [])).toBe(false);
    expect(isRegisteredRedirectUri('https://portal.example/api/auth/callback', ['https://portal.example/api/auth/callback'])).toBe(true);
  });
});
