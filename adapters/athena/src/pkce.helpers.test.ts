import { describe, it, expect } from '@jest/globals';
import { createPkcePair, pkceChallenge, randomToken } from './pkce.helpers.ts';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

describe('PKCE', () => {
  it('matches the S256 example of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('creates a 43-character base64url verifier and its challenge', () => {
    const pair = createPkcePair();
    expect(pair.codeVerifier).toHaveLength(43);
    expect(pair.codeVerifier).toMatch(BASE64URL);
    expect(pair.codeChallenge).toBe(pkceChallenge(pair.codeVerifier));
    expect(pair.codeChallenge).toMatch(BASE64URL);
    expect(createPkcePair().codeVerifier).not.toBe(pair.codeVerifier);
  });
});

describe('randomToken', () => {
  it('is base64url without padding, sized by the bytes asked for', () => {
    expect(randomToken()).toHaveLength(43);
    expect(randomToken(16)).toHaveLength(22);
    expect(randomToken(48)).toMatch(BASE64URL);
    expect(new Set(Array.from({ length: 50 }, () => randomToken())).size).toBe(50);
  });

  it('refuses fewer than 16 bytes', () => {
    expect(() => randomToken(8)).toThrow(RangeError);
    expect(() => randomToken(20.5)).toThrow(RangeError);
  });
});
