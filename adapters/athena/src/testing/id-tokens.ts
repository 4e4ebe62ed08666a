/**
 * id_tokens for the athena adapter's tests, signed RS256 with node:crypto as athena's Okta signs
 * them. TEST_SIGNING_KEY is a key made for these tests only (it signs nothing real); a fixed key
 * keeps the Pact contract's example id_token the same from run to run (RS256 is deterministic).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';

/** A private RSA JWK for tests only. */
const TEST_SIGNING_JWK: JsonWebKey = {
  kty: 'RSA',
  n: 'rEiKKFTjHPK4ibJDYvm88LMbUTRs3LZX0QtQr-0NdLs37I9AWBUFtoPzUd_NY9tq_ctWJcu5WTV97Gg4w7ubwURjEn3rILMKQ5zlb3kYqB3B8cpIsYFKnuxSBfXDQetKLBRx1LigJHSvigMSY7pI_T5jRb2DQVPXlu3o9NDIccAQ5wNaAdk8YE-UbLLm2OEBejaZHcFIr-fIcm8CQARFcI4eONsj1xGDEe4zM4LUbh7pUDj5R_RzPfKChV08kNhJIzQU50kmKkpQliUUELzTMXGKSjxZwRPSh-jbMby5ShiaWynUPSO80j3DuGhphcwrqs5NRIl-U_suTv7MeaJL2Q',
  e: 'AQAB',
  d: 'TgqCAukJBBjy_PTyT4hfTQ1lB3DfC0_SEdC1WSvhl4ojOBZgCEZlkxrMgr8FdAF1wsd0G6TgLgfsJcXESO3YDUEkO8EsXGCd-qi8ybUqNSVdsGB4c2fk3H6iXS7JpzelHriYI8sKR9lPlw3zK5e77nNvVq0VIueO1kCo8RUOZ2_gmPUAfT0SmD-tVALps0dCsXjzQL0CaKMNdcfbHKdP25BKrV-8qdokGWT7xLr2-1l1b6UlbP1GWZldarCHbhtacrTSPYyeTdes0DEBYTl68clg5nl4dZcjcHaiI9VN3BlK7RW1Wdj1iTsKwU0mS9U7gRVW8qsy_-hbNcG60lYOrQ',
  p: '7yRFzsYo9x6P1rmiiIa1FwD7-xV2xfv7m8s8r7V3TsUUu3SVtVCvf-ZrQf86VjQt7fYUA4R7iGuBSkCeGBshktdk-tJ5WNLiJ2TZ5YO-ua-lu2i0sQS4A2-ae1yyJ2uVVzyA3xRoy29VIfQrzQ9B4dxsMO2EWKmSXTQ1UzGcK6c',
  q: 'uG2xNW3hRQM6SlkljL0TMXIVVSAC8cqQOSq-CcGSgQGEJUbb5Av-dyPhEGxNbZbah1Met1Rl7QNxPKYR2PUSugDuNxhztN1RfkM5HHCY5STeXkDXECVZzt_J1DeGMjUZF4RgADEv4VY10bfAREFj5PrUP5vx5OdbGtDO5sVWvH8',
  dp: 'lcOeoD9DmneeVzhMjLnoIS7xn64ygw0q5seiCtxXipIsSLVbqICOWEgideN0UlY9SWCp6gYHI0lIYAsVtz0OipqwV9CGRFVVYpxrRax7Pmi9HyAUwSOWZjh3g7hqrftXPJncj1iFxJnFtAzpfXOHq_5SF1Y4YxpXWl1-48oW5tM',
  dq: 'mb_AisU2llzxfEfDOQfq9z6fMB8GtWHkR_QtB18bbnbAHn9rEzs4gUQk_Zb8GY84ULZnlfhDHIrRHPlpSZBNc0kRTlcRJseWh4ctFlt76xOIWdT-NVSeAQupa0R6mGKRr3xIuABJZTaEmXfxTjWhPKQqy3iK-QQyfDF1Owdqnqs',
  qi: 'v2FUTEqZ3HPTYcFI83Ihnwew7bnSS62An0rtncnpWl2Q86wJx4HEMVoy3e4rxt9wJE4yHiJYk9cvAdgLIB4lklhKZ0k0kTD1cMBn5lwR_uIY3O75y-xaqn0sMd0IHEjkZn7YVFxs9Tpad2-yMeyBBSGgWrGn4HN3yNLOAjGjrdc',
};

export const TEST_SIGNING_KEY: KeyObject = createPrivateKey({ key: TEST_SIGNING_JWK, format: 'jwk' });
export const TEST_KID = 'athena-test-key-1';

/** The JWKS an authorization server holding `key` publishes. */
export function publicJwks(key: KeyObject = TEST_SIGNING_KEY, kid = TEST_KID): { keys: JsonWebKey[] } {
  const { kty, n, e } = createPublicKey(key).export({ format: 'jwk' });
  return { keys: [{ kty, kid, use: 'sig', alg: 'RS256', n, e }] };
}

/** Another RSA key: an attacker's. */
export function otherSigningKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS: RS256 over header.payload with `key` (the test key unless told). */
export function signIdToken(claims: Record<string, unknown>, options: { key?: KeyObject; kid?: string } = {}): string {
  const input = `${part({ alg: 'RS256', kid: options.kid ?? TEST_KID, typ: 'JWT' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(input), options.key ?? TEST_SIGNING_KEY).toString('base64url');
  return `${input}.${signature}`;
}

/** header.payload. with alg none: no signature at all. */
export function unsignedIdToken(claims: Record<string, unknown>): string {
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** A genuine signature with the payload replaced afterwards. */
export function tamperedIdToken(claims: Record<string, unknown>, change: Record<string, unknown>): string {
  const [header, , signature] = signIdToken(claims).split('.');
  return `${header}.${part({ ...claims, ...change })}.${signature}`;
}
