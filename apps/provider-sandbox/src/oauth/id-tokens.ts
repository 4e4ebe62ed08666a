/**
 * The authorization server's id_tokens, signed RS256 with a key pair made when the sandbox starts
 * (athenahealth's Okta signs RS256 and publishes its keys at /oauth2/v1/keys). The public half is
 * the JWKS; the private half never leaves this process.
 *
 * Test control (sandbox-only, not athena): a forgery makes the code exchanges that follow issue a
 * bad id_token of that kind, so the portal's refusal can be tested end to end.
 */
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { unsignedJwt } from './crypto.ts';
import { badRequest } from '../http/errors.ts';

export const ID_TOKEN_ALG = 'RS256';

export interface IdTokenClaims {
  readonly iss: string;
  readonly aud: string;
  readonly sub: string;
  readonly nonce?: string;
  readonly iat: number;
  readonly exp: number;
  readonly fhirUser: string;
}

export const FORGERIES = ['foreign-key', 'alg-none', 'tampered-payload', 'wrong-nonce', 'wrong-audience', 'wrong-issuer', 'expired'] as const;
export type Forgery = (typeof FORGERIES)[number];

export interface IdTokenSigner {
  /** `{keys: [the public signing key]}` with kid, alg and use. */
  readonly jwks: { readonly keys: readonly JWK[] };
  /** A genuine id_token, or the forgery in force. */
  sign(claims: IdTokenClaims): Promise<string>;
  /** The forgery in force, if any. */
  forgery(): Forgery | null;
  /** Makes the following id_tokens forgeries of that kind (null: genuine again). */
  forge(input: unknown): Forgery | null;
}

const keyPair = async (): Promise<{ privateKey: CryptoKey; jwk: JWK }> => {
  const { publicKey, privateKey } = await generateKeyPair(ID_TOKEN_ALG, { modulusLength: 2048 });
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  return { privateKey, jwk: { ...exported, kid, alg: ID_TOKEN_ALG, use: 'sig' } };
};

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export const createIdTokenSigner = async (): Promise<IdTokenSigner> => {
  const own = await keyPair();
  let attacker: Promise<{ privateKey: CryptoKey }> | undefined;
  let forgery: Forgery | null = null;
  const kid = own.jwk.kid as string;

  const signWith = (privateKey: CryptoKey, claims: object): Promise<string> =>
    new SignJWT({ ...claims }).setProtectedHeader({ alg: ID_TOKEN_ALG, kid, typ: 'JWT' }).sign(privateKey);

  const forged = async (kind: Forgery, claims: IdTokenClaims): Promise<string> => {
    switch (kind) {
      case 'foreign-key':
        // Another key that claims the sandbox key's kid.
        attacker ??= keyPair();
        return signWith((await attacker).privateKey, claims);
      case 'alg-none':
        return unsignedJwt(claims);
      case 'tampered-payload': {
        // A genuine signature over the genuine claims, with the payload changed to live a day longer.
        const [header, , signature] = (await signWith(own.privateKey, claims)).split('.');
        return `${header}.${b64({ ...claims, exp: claims.exp + 86_400 })}.${signature}`;
      }
      case 'wrong-nonce':
        return signWith(own.privateKey, { ...claims, nonce: 'not-the-nonce-of-this-sign-in' });
      case 'wrong-audience':
        return signWith(own.privateKey, { ...claims, aud: 'another-app' });
      case 'wrong-issuer':
        return signWith(own.privateKey, { ...claims, iss: 'https://issuer.invalid/oauth2' });
      case 'expired':
        return signWith(own.privateKey, { ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 });
    }
  };

  return {
    jwks: { keys: [own.jwk] },
    sign: (claims) => (forgery === null ? signWith(own.privateKey, claims) : forged(forgery, claims)),
    forgery: () => forgery,
    forge: (input) => {
      const kind = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).kind : undefined;
      if (kind === null || kind === undefined || kind === '') {
        forgery = null;
        return forgery;
      }
      if (typeof kind !== 'string' || !(FORGERIES as readonly string[]).includes(kind)) {
        throw badRequest(`kind must be one of ${FORGERIES.join(', ')} (or null).`);
      }
      forgery = kind as Forgery;
      return forgery;
    },
  };
};
