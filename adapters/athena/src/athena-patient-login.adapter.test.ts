import { describe, it, expect } from '@jest/globals';
import { FixedClock, HealthRecordUnavailableError, PatientLoginError } from '@portal/core';
import { AthenaPatientLogin, PATIENT_SCOPE, checkIdToken, proprietaryPatientId } from './athena-patient-login.adapter.ts';
import { ScriptedFetch, json } from './testing/scripted-fetch.ts';

const BASE = 'https://athena.test';
const NOW = new Date('2026-03-02T15:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const exchange = { code: 'code-1', codeVerifier: 'v'.repeat(43), redirectUri: 'http://localhost:3000/api/auth/callback', nonce: 'nonce-1' };

function idToken(claims: Record<string, unknown>, alg = 'none'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg, typ: 'JWT' })}.${part(claims)}.`;
}

const goodClaims = {
  iss: `${BASE}/oauth2`,
  aud: 'patient-app',
  sub: 'carol',
  nonce: 'nonce-1',
  iat: nowSeconds,
  exp: nowSeconds + 300,
  fhirUser: `${BASE}/fhir/r4/Patient/a-29391.E-1002`,
};

function tokenAnswer(overrides: Record<string, unknown> = {}) {
  return {
    access_token: 'patient-access',
    token_type: 'Bearer',
    expires_in: 3600,
    scope: PATIENT_SCOPE,
    id_token: idToken(goodClaims),
    patient: '1003',
    ah_practice: 'a-1.Practice-29391',
    refresh_token: 'patient-refresh',
    ...overrides,
  };
}

function setup(...answers: Parameters<ScriptedFetch['on']>[2][]) {
  const fake = new ScriptedFetch().on('POST', /^\/oauth2\/v1\/token$/, ...answers);
  const login = new AthenaPatientLogin({
    baseUrl: `${BASE}/`,
    practiceId: '29391',
    clientId: 'backend-client',
    clientSecret: 's3cret',
    patientClientId: 'patient-app',
    fetch: fake.fetch,
    clock: new FixedClock(NOW),
    sleep: async () => undefined,
  });
  return { fake, login };
}

describe('AthenaPatientLogin.authorizeUrl', () => {
  it('builds a SMART standalone launch with PKCE S256 and the FHIR base as aud', () => {
    const { login } = setup(json({}));
    const url = new URL(login.authorizeUrl({ state: 'st', nonce: 'no', codeChallenge: 'ch', redirectUri: exchange.redirectUri }));

    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/oauth2/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'patient-app',
      redirect_uri: exchange.redirectUri,
      scope: 'openid fhirUser offline_access launch/patient patient/Patient.read',
      state: 'st',
      nonce: 'no',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      aud: `${BASE}/fhir/r4`,
    });
    expect(login.clientId).toBe('patient-app');
  });
});

describe('AthenaPatientLogin.exchangeCode', () => {
  it('posts the code as a public client and returns the sign-in', async () => {
    const { fake, login } = setup(json(tokenAnswer()));

    await expect(login.exchangeCode(exchange)).resolves.toEqual({
      patientId: '1003',
      fhirUser: `${BASE}/fhir/r4/Patient/a-29391.E-1002`,
      accessToken: 'patient-access',
      refreshToken: 'patient-refresh',
      expiresInSeconds: 3600,
      scope: PATIENT_SCOPE,
    });
    const [request] = fake.requests;
    expect(request?.headers.get('authorization')).toBeNull();
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: exchange.redirectUri,
      client_id: 'patient-app',
      code_verifier: exchange.codeVerifier,
    });
  });

  it('accepts expires_in as a string, no refresh token, and a FHIR-style patient id', async () => {
    const { login } = setup(json(tokenAnswer({ expires_in: '1800', refresh_token: undefined, patient: 'a-29391.E-1003', id_token: idToken({ ...goodClaims, fhirUser: undefined }) })));

    await expect(login.exchangeCode(exchange)).resolves.toMatchObject({ patientId: '1003', expiresInSeconds: 1800, refreshToken: null, fhirUser: null });
  });

  it('turns invalid_grant into PatientLoginError and does not retry', async () => {
    const { fake, login } = setup(json({ error: 'invalid_grant' }, 400));

    await expect(login.exchangeCode(exchange)).rejects.toThrow(new PatientLoginError('athena refused the authorization code: invalid_grant'));
    expect(fake.requests).toHaveLength(1);
  });

  it('turns a token answer of the wrong shape into PatientLoginError', async () => {
    const { login } = setup(json(tokenAnswer({ id_token: undefined })));

    await expect(login.exchangeCode(exchange)).rejects.toBeInstanceOf(PatientLoginError);
  });

  it('reports an authorization server that is down as unavailable, not as a refused login', async () => {
    const { fake, login } = setup(json({}, 503));

    await expect(login.exchangeCode(exchange)).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['another issuer', { iss: 'https://evil.test/oauth2' }, 'issuer'],
    ['another audience', { aud: 'someone-else' }, 'audience'],
    ['another nonce', { nonce: 'nonce-2' }, 'nonce'],
    ['no nonce', { nonce: undefined }, 'nonce'],
    ['an expired token', { exp: nowSeconds }, 'expired'],
    ['no exp', { exp: undefined }, 'missing'],
  ])('refuses an id_token with %s', async (_, change, reason) => {
    const { login } = setup(json(tokenAnswer({ id_token: idToken({ ...goodClaims, ...change }) })));

    const failure = login.exchangeCode(exchange);
    await expect(failure).rejects.toBeInstanceOf(PatientLoginError);
    await expect(failure).rejects.toThrow(reason);
  });
});

describe('checkIdToken', () => {
  const expected = { issuer: `${BASE}/oauth2`, clientId: 'patient-app', nonce: 'nonce-1', now: NOW };

  it('accepts an audience list that holds our client, and a signed token (claims only are checked)', () => {
    expect(checkIdToken(idToken({ ...goodClaims, aud: ['other', 'patient-app'] }, 'RS256'), expected).sub).toBe('carol');
  });

  it.each([['not-a-jwt'], ['a.b'], ['a..c'], [`e30.${Buffer.from('{').toString('base64url')}.`]])('refuses the malformed token %s', (token) => {
    expect(() => checkIdToken(token, expected)).toThrow(PatientLoginError);
  });

  it('expires at exp exactly', () => {
    const token = idToken({ ...goodClaims, exp: nowSeconds + 1 });
    expect(() => checkIdToken(token, expected)).not.toThrow();
    expect(() => checkIdToken(token, { ...expected, now: new Date(NOW.getTime() + 1000) })).toThrow('expired');
  });
});

describe('proprietaryPatientId', () => {
  it.each([
    ['1003', '1003'],
    [1003, '1003'],
    ['a-29391.E-1003', '1003'],
    ['Patient/a-29391.E-1003', '1003'],
    ['', null],
    ['abc', null],
  ])('%s → %s', (input, output) => {
    expect(proprietaryPatientId(input)).toBe(output);
  });
});
