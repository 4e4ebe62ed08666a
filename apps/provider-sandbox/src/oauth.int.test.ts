/** The authorization server over HTTP: backend token, SMART sign-in pages, code exchange, refresh. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { PATIENT_IDS } from './seed/patients.ts';
import {
  CALLBACK,
  VERIFIER,
  authorizeUrl,
  backendToken,
  call,
  decodeJwtPayload,
  exchangeCode,
  post,
  requestIdIn,
  signIn,
  startTestSandbox,
  type TestSandbox,
} from './testing.ts';

let sandbox: TestSandbox;
let url: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  url = sandbox.url;
});

afterAll(async () => {
  await sandbox.close();
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('backend token (client_credentials)', () => {
  it('answers with a bearer token whose expires_in is a string', async () => {
    const response = await call(url, null, 'POST', '/oauth2/v1/token', { grant_type: 'client_credentials', scope: 'athena/service/Athenanet.MDP.*' }, {
      Authorization: basic('portal-sandbox-client', 'portal-sandbox-secret'),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      access_token: expect.any(String),
      expires_in: '3600',
      token_type: 'Bearer',
      scope: 'athena/service/Athenanet.MDP.*',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses wrong credentials with 401 invalid_client', async () => {
    const response = await call(url, null, 'POST', '/oauth2/v1/token', { grant_type: 'client_credentials' }, {
      Authorization: basic('portal-sandbox-client', 'wrong'),
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'invalid_client' });
  });

  it('opens the proprietary API; without a valid bearer it is 401 Developer Inactive', async () => {
    const token = await backendToken(url);
    expect((await call(url, token, 'GET', '/v1/29391/departments')).status).toBe(200);
    for (const auth of [null, 'not-a-token']) {
      const response = await call(url, auth, 'GET', '/v1/29391/departments');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Developer Inactive' });
    }
    const fhir = await call(url, null, 'GET', '/fhir/r4/RelatedPerson?email=carol.bennett%40example.com&ah-practice=Organization%2Fa-1.Practice-29391');
    expect(fhir.status).toBe(401);
    expect(fhir.body).toEqual({ error: 'Developer Inactive' });
  });

  it('rejects an unknown grant type', async () => {
    const response = await call(url, null, 'POST', '/oauth2/v1/token', { grant_type: 'password' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('unsupported_grant_type');
  });
});

describe('SMART authorize pages', () => {
  it('lists every portal account as a "Sign in as" button, and offers Cancel', async () => {
    const response = await fetch(authorizeUrl(url), { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:3000");
    const html = await response.text();
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);
    expect(buttons).toEqual([
      'Sign in as Margaret Sullivan',
      'Sign in as Jordan Reyes',
      'Sign in as Tyler Brooks',
      'Sign in as Carol Bennett',
      'Sign in as Paul Whitaker',
      'Sign in as Olivia Hart',
      'Sign in as Nora Quinn',
    ]);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<a href="\/oauth2\/v1\/authorize\/cancel\?request=[^"]+">Cancel<\/a>/);
    expect(html).toContain('No email on file');
  });

  it('a person without dependents goes straight back to the client with a code and the state', async () => {
    const callback = await signIn(url, PATIENT_IDS.margaret);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(callback.searchParams.get('state')).toBe('state-abc');
    expect(callback.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  });

  it('Carol sees "Continue as" herself and "Continue for" Harold and Emma', async () => {
    const page = await fetch(authorizeUrl(url), { redirect: 'manual' });
    const request = requestIdIn(await page.text());
    const signedIn = await post(url, '/oauth2/v1/authorize/signin', { request, patientid: PATIENT_IDS.carol });
    expect(signedIn.status).toBe(303);
    const choose = await fetch(new URL(signedIn.headers.get('location') as string, url), { redirect: 'manual' });
    expect(choose.status).toBe(200);
    const html = await choose.text();
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);
    expect(buttons).toEqual(['Continue as Carol Bennett', 'Continue for Harold Bennett', 'Continue for Emma Bennett']);
    expect(html).toContain('Your parent');
    expect(html).toContain('Your child');
    // Text is escaped: the apostrophe in Harold's note arrives as an entity.
    expect(html).toContain('Carol&#39;s father');
    expect(html).toMatch(/>Cancel<\/a>/);
  });

  it('Cancel sends access_denied with the state', async () => {
    const page = await fetch(authorizeUrl(url), { redirect: 'manual' });
    const html = await page.text();
    const cancel = /href="(\/oauth2\/v1\/authorize\/cancel\?request=[^"]+)"/.exec(html)?.[1] as string;
    const response = await fetch(`${url}${cancel.replaceAll('&amp;', '&')}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-abc');
  });

  it('refuses an unknown client or redirect URI with a 400 page, never a redirect', async () => {
    for (const params of [{ client_id: 'someone-else' }, { redirect_uri: 'https://evil.example/api/auth/callback' }, { redirect_uri: 'http://localhost:3000/other' }]) {
      const response = await fetch(authorizeUrl(url, params), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('<h1');
    }
    const otherPort = await fetch(authorizeUrl(url, { redirect_uri: 'http://127.0.0.1:5173/api/auth/callback' }), { redirect: 'manual' });
    expect(otherPort.status).toBe(200);
  });

  it.each([
    ['missing aud', { aud: null }, 'state-abc'],
    ['wrong aud', { aud: 'https://api.platform.athenahealth.com/fhir/r4' }, 'state-abc'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'state-abc'],
    ['missing state', { state: null }, null],
  ] as const)('%s → redirect with error=invalid_request', async (_name, params, state) => {
    const response = await fetch(authorizeUrl(url, params), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe(state);
  });

  it('an expired or unknown request id gets a 400 page', async () => {
    const response = await post(url, '/oauth2/v1/authorize/signin', { request: 'nope', patientid: PATIENT_IDS.margaret });
    expect(response.status).toBe(400);
  });

  it('a proxy cannot pick a record outside their links', async () => {
    const page = await fetch(authorizeUrl(url), { redirect: 'manual' });
    const request = requestIdIn(await page.text());
    await post(url, '/oauth2/v1/authorize/signin', { request, patientid: PATIENT_IDS.carol });
    const response = await post(url, '/oauth2/v1/authorize/choose', { request, patientid: PATIENT_IDS.margaret });
    expect(response.status).toBe(403);
  });

  it('Harold and Emma have no portal account of their own', async () => {
    const page = await fetch(authorizeUrl(url), { redirect: 'manual' });
    const request = requestIdIn(await page.text());
    const response = await post(url, '/oauth2/v1/authorize/signin', { request, patientid: PATIENT_IDS.harold });
    expect(response.status).toBe(400);
  });
});

describe('code exchange (authorization_code + PKCE S256)', () => {
  it('gives tokens, the patient in context and an id_token naming the person, signed with a key of the published JWKS', async () => {
    const callback = await signIn(url, PATIENT_IDS.margaret);
    const response = await exchangeCode(url, callback.searchParams.get('code') as string);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid fhirUser offline_access launch/patient patient/Patient.read',
      id_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      patient: '5101',
      ah_practice: 'a-1.Practice-29391',
      refresh_token: expect.any(String),
    });
    const { payload, protectedHeader } = await jwtVerify(response.body.id_token as string, await publishedKeys(), {
      issuer: `${url}/oauth2`,
      audience: 'portal-patient-app',
      algorithms: ['RS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'RS256', kid: expect.any(String), typ: 'JWT' });
    expect(payload).toEqual({
      iss: `${url}/oauth2`,
      aud: 'portal-patient-app',
      sub: 'a-29391.E-5101',
      nonce: 'nonce-123',
      iat: expect.any(Number),
      exp: (payload.iat as number) + 3600,
      fhirUser: `${url}/fhir/r4/Patient/a-29391.E-5101`,
    });
  });

  it('Carol picking Emma: patient is Emma, fhirUser names Carol', async () => {
    const callback = await signIn(url, PATIENT_IDS.carol, PATIENT_IDS.emma);
    const response = await exchangeCode(url, callback.searchParams.get('code') as string);
    expect(response.status).toBe(200);
    expect(response.body.patient).toBe(String(PATIENT_IDS.emma));
    expect(decodeJwtPayload(response.body.id_token).fhirUser).toBe(`${url}/fhir/r4/Patient/a-29391.E-${PATIENT_IDS.carol}`);
  });

  it('Carol continuing as herself: patient is Carol', async () => {
    const callback = await signIn(url, PATIENT_IDS.carol, PATIENT_IDS.carol);
    const response = await exchangeCode(url, callback.searchParams.get('code') as string);
    expect(response.body.patient).toBe(String(PATIENT_IDS.carol));
  });

  it('refuses a reused code, and revokes what the first exchange gave', async () => {
    const code = (await signIn(url, PATIENT_IDS.jordan)).searchParams.get('code') as string;
    const first = await exchangeCode(url, code);
    expect(first.status).toBe(200);
    const second = await exchangeCode(url, code);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    const fhir = await call(url, first.body.access_token, 'GET', '/fhir/r4/Patient/a-29391.E-5102?ah-practice=Organization%2Fa-1.Practice-29391');
    expect(fhir.status).toBe(401);
  });

  it('refuses a wrong verifier and a wrong redirect_uri', async () => {
    const code = (await signIn(url, PATIENT_IDS.tyler)).searchParams.get('code') as string;
    const wrongVerifier = await exchangeCode(url, code, { code_verifier: `${VERIFIER}-not` });
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body.error).toBe('invalid_grant');
    const wrongRedirect = await exchangeCode(url, code, { redirect_uri: 'http://localhost:3001/api/auth/callback' });
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.body.error).toBe('invalid_grant');
  });

  it('omits refresh_token without offline_access', async () => {
    const code = (await signIn(url, PATIENT_IDS.paul, PATIENT_IDS.paul, { scope: 'openid fhirUser launch/patient' })).searchParams.get('code') as string;
    const response = await exchangeCode(url, code);
    expect(response.status).toBe(200);
    expect(response.body.refresh_token).toBeUndefined();
  });

  it('refreshes with the same patient in context; the scope is required', async () => {
    const code = (await signIn(url, PATIENT_IDS.carol, PATIENT_IDS.harold)).searchParams.get('code') as string;
    const tokens = await exchangeCode(url, code);
    const refreshed = await call(url, null, 'POST', '/oauth2/v1/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token,
      client_id: 'portal-patient-app',
      scope: 'openid fhirUser offline_access launch/patient patient/Patient.read',
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, patient: String(PATIENT_IDS.harold), ah_practice: 'a-1.Practice-29391' });
    expect(refreshed.body.access_token).not.toBe(tokens.body.access_token);
    const noScope = await call(url, null, 'POST', '/oauth2/v1/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token,
      client_id: 'portal-patient-app',
    });
    expect(noScope.status).toBe(400);
    const bogus = await call(url, null, 'POST', '/oauth2/v1/token', {
      grant_type: 'refresh_token',
      refresh_token: 'bogus',
      client_id: 'portal-patient-app',
      scope: 'openid',
    });
    expect(bogus.body.error).toBe('invalid_grant');
  });

  it('a patient token reads FHIR but not the proprietary API', async () => {
    const code = (await signIn(url, PATIENT_IDS.olivia)).searchParams.get('code') as string;
    const { body } = await exchangeCode(url, code);
    const fhir = await call(url, body.access_token, 'GET', '/fhir/r4/Patient/a-29391.E-5108?ah-practice=Organization%2Fa-1.Practice-29391');
    expect(fhir.status).toBe(200);
    expect(fhir.body).toMatchObject({ resourceType: 'Patient', id: 'a-29391.E-5108', name: [{ family: 'Hart', given: ['Olivia'] }] });
    const proprietary = await call(url, body.access_token, 'GET', '/v1/29391/patients/5108');
    expect(proprietary.status).toBe(401);
  });
});

/** The JWKS the discovery document points to, as a verifier key set. */
const publishedKeys = async () => {
  const metadata = (await (await fetch(`${url}/fhir/r4/.well-known/smart-configuration`)).json()) as { jwks_uri: string };
  const jwksUri = new URL(metadata.jwks_uri);
  jwksUri.searchParams.set('client_id', 'portal-patient-app');
  return createRemoteJWKSet(jwksUri);
};

describe('discovery and signing keys', () => {
  it("publishes athena's SMART configuration under the FHIR base and OpenID discovery under the issuer", async () => {
    const smart = await fetch(`${url}/fhir/r4/.well-known/smart-configuration`);
    expect(smart.status).toBe(200);
    const endpoints = {
      issuer: `${url}/oauth2`,
      jwks_uri: `${url}/oauth2/v1/keys`,
      authorization_endpoint: `${url}/oauth2/v1/authorize`,
      token_endpoint: `${url}/oauth2/v1/token`,
      code_challenge_methods_supported: ['S256'],
    };
    expect(await smart.json()).toMatchObject({ ...endpoints, capabilities: expect.arrayContaining(['launch-standalone', 'client-public', 'sso-openid-connect']) });
    const openid = await fetch(`${url}/oauth2/.well-known/openid-configuration`);
    expect(openid.status).toBe(200);
    expect(await openid.json()).toMatchObject({ ...endpoints, id_token_signing_alg_values_supported: ['RS256'], subject_types_supported: ['public'] });
  });

  it('answers the public RSA key with kid, alg and use for a registered client_id, and nothing private', async () => {
    const response = await fetch(`${url}/oauth2/v1/keys?client_id=portal-patient-app`);
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as JSONWebKeySet;
    expect(jwks.keys).toEqual([{ kty: 'RSA', kid: expect.stringMatching(/^[\w-]{43}$/), alg: 'RS256', use: 'sig', n: expect.any(String), e: 'AQAB' }]);
    expect(Buffer.from(jwks.keys[0]?.n as string, 'base64url').length * 8).toBe(2048);
    for (const query of ['', '?client_id=someone-else']) {
      const refused = await fetch(`${url}/oauth2/v1/keys${query}`);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    }
  });
});

describe('id_token forgeries (test control)', () => {
  const forge = (kind: string | null) =>
    fetch(`${url}/_sandbox/id-token-forgery`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind }) });

  const forgedToken = async (kind: string): Promise<string> => {
    expect((await forge(kind)).status).toBe(200);
    try {
      const code = (await signIn(url, PATIENT_IDS.margaret)).searchParams.get('code') as string;
      return (await exchangeCode(url, code)).body.id_token as string;
    } finally {
      await forge(null);
    }
  };

  const verify = async (token: string) =>
    jwtVerify(token, await publishedKeys(), { issuer: `${url}/oauth2`, audience: 'portal-patient-app', algorithms: ['RS256'] });

  it.each([
    ['foreign-key', 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'],
    ['tampered-payload', 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'],
    ['alg-none', 'ERR_JOSE_ALG_NOT_ALLOWED'],
    ['wrong-audience', 'ERR_JWT_CLAIM_VALIDATION_FAILED'],
    ['wrong-issuer', 'ERR_JWT_CLAIM_VALIDATION_FAILED'],
    ['expired', 'ERR_JWT_EXPIRED'],
  ])('%s: a JWT verifier refuses the id_token (%s)', async (kind, code) => {
    const token = await forgedToken(kind);
    await expect(verify(token)).rejects.toMatchObject({ code });
  });

  it('wrong-nonce: a genuine signature over another nonce', async () => {
    const { payload } = await verify(await forgedToken('wrong-nonce'));
    expect(payload.nonce).not.toBe('nonce-123');
  });

  it('foreign-key claims the published kid; the next exchange after clearing is genuine again', async () => {
    const token = await forgedToken('foreign-key');
    const [published] = ((await (await fetch(`${url}/oauth2/v1/keys?client_id=portal-patient-app`)).json()) as JSONWebKeySet).keys;
    expect(decodeProtectedHeader(token).kid).toBe(published?.kid);
    expect(await (await fetch(`${url}/_sandbox/id-token-forgery`)).json()).toEqual({ kind: null });
    const code = (await signIn(url, PATIENT_IDS.margaret)).searchParams.get('code') as string;
    await expect(verify((await exchangeCode(url, code)).body.id_token as string)).resolves.toBeDefined();
  });

  it('refuses an unknown kind', async () => {
    const response = await forge('bogus');
    expect(response.status).toBe(400);
  });
});

describe('codes expire after 60 s on the sandbox clock', () => {
  let clocked: TestSandbox;
  let now = new Date('2026-03-10T15:00:00Z');

  beforeAll(async () => {
    clocked = await startTestSandbox({ now: () => now });
  });

  afterAll(async () => {
    await clocked.close();
  });

  it('refuses a code exchanged 61 s later', async () => {
    const code = (await signIn(clocked.url, PATIENT_IDS.margaret)).searchParams.get('code') as string;
    now = new Date(now.getTime() + 61_000);
    const response = await exchangeCode(clocked.url, code);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
  });
});
