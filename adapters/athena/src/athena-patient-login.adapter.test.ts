import { createHmac } from 'node:crypto';
import { describe, it, expect } from '@jest/globals';
import { HealthRecordUnavailableError, PatientLoginError } from '@portal/core';
import { FixedClock } from '@portal/core/testing/index.ts';
import type { AthenaConfig } from './athena.config.ts';
import { AthenaPatientLogin, PATIENT_SCOPE, isLoopbackHttp, proprietaryPatientId } from './athena-patient-login.adapter.ts';
import { ScriptedFetch, json, type Scripted } from './testing/scripted-fetch.ts';
import { otherSigningKey, publicJwks, signIdToken, tamperedIdToken, unsignedIdToken, TEST_KID } from './testing/id-tokens.ts';

const BASE = 'https://athena.test';
// athena's issuer is its Okta authorization server, on another host than the API.
const ISSUER = 'https://athena-okta.test/oauth2/aus1';
const NOW = new Date('2026-03-02T15:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);
// RFC 7636 appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const exchange = { code: 'code-1', codeVerifier: VERIFIER, redirectUri: 'http://localhost:3000/api/auth/callback', nonce: 'nonce-1' };

const smartConfiguration = (base = BASE) => ({
  issuer: ISSUER,
  jwks_uri: `${base}/oauth2/v1/keys`,
  authorization_endpoint: `${base}/oauth2/v1/authorize`,
  token_endpoint: `${base}/oauth2/v1/token`,
  code_challenge_methods_supported: ['S256'],
  capabilities: ['launch-standalone', 'client-public', 'sso-openid-connect'],
});

const goodClaims = {
  iss: ISSUER,
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
    id_token: signIdToken(goodClaims),
    patient: '1003',
    ah_practice: 'a-1.Practice-29391',
    refresh_token: 'patient-refresh',
    ...overrides,
  };
}

interface Setup {
  readonly token?: Scripted[];
  readonly discovery?: Scripted[];
  readonly keys?: Scripted[];
  readonly config?: Partial<AthenaConfig>;
  readonly clock?: FixedClock;
}

function setup({ token = [json(tokenAnswer())], discovery = [json(smartConfiguration())], keys = [json(publicJwks())], config = {}, clock = new FixedClock(NOW) }: Setup = {}) {
  const fake = new ScriptedFetch()
    .on('GET', /^\/fhir\/r4\/\.well-known\/smart-configuration$/, ...discovery)
    .on('GET', /^\/oauth2\/v1\/keys$/, ...keys)
    .on('POST', /^\/oauth2\/v1\/token$/, ...token);
  const login = new AthenaPatientLogin({
    baseUrl: `${BASE}/`,
    practiceId: '29391',
    clientId: 'backend-client',
    clientSecret: 's3cret',
    patientClientId: 'patient-app',
    fetch: fake.fetch,
    clock,
    sleep: async () => undefined,
    ...config,
  });
  return { fake, login, clock };
}

const authorize = { state: 'st', nonce: 'no', codeVerifier: VERIFIER, redirectUri: exchange.redirectUri };

describe('AthenaPatientLogin.authorizeUrl', () => {
  it("sends the browser to the SMART configuration's authorize endpoint with PKCE S256 (the library's challenge) and the FHIR base as aud", async () => {
    const { login } = setup();
    const url = new URL(await login.authorizeUrl(authorize));

    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/oauth2/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'patient-app',
      redirect_uri: exchange.redirectUri,
      scope: 'openid fhirUser offline_access launch/patient patient/Patient.read',
      state: 'st',
      nonce: 'no',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      aud: `${BASE}/fhir/r4`,
    });
    expect(login.clientId).toBe('patient-app');
  });

  it('reads the SMART configuration once an hour, not per sign-in', async () => {
    const { fake, login, clock } = setup();
    await login.authorizeUrl(authorize);
    await login.authorizeUrl(authorize);
    await login.exchangeCode(exchange);
    expect(fake.to('GET', /smart-configuration$/)).toHaveLength(1);
    clock.advance(60 * 60 * 1000);
    await login.authorizeUrl(authorize);
    expect(fake.to('GET', /smart-configuration$/)).toHaveLength(2);
  });

  it('reports a SMART configuration it cannot read as unavailable, and reads it again next time', async () => {
    const { fake, login } = setup({ discovery: [json({}, 503), json({}, 503), json({}, 503), json(smartConfiguration())] });
    await expect(login.authorizeUrl(authorize)).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    await expect(login.authorizeUrl(authorize)).resolves.toMatch(/^https:\/\/athena\.test\/oauth2\/v1\/authorize\?/);
    expect(fake.to('GET', /smart-configuration$/)).toHaveLength(4);
  });

  it('reports a SMART configuration without the endpoints as unavailable', async () => {
    const { issuer: _, ...noIssuer } = smartConfiguration();
    const { login } = setup({ discovery: [json(noIssuer)] });
    await expect(login.authorizeUrl(authorize)).rejects.toBeInstanceOf(HealthRecordUnavailableError);
  });
});

describe('AthenaPatientLogin.exchangeCode', () => {
  it('posts the code as a public client, verifies the id_token with the issuer keys and returns the sign-in', async () => {
    const { fake, login } = setup();

    await expect(login.exchangeCode(exchange)).resolves.toEqual({
      patientId: '1003',
      fhirUser: `${BASE}/fhir/r4/Patient/a-29391.E-1002`,
      accessToken: 'patient-access',
      refreshToken: 'patient-refresh',
      expiresInSeconds: 3600,
      scope: PATIENT_SCOPE,
    });
    const [request] = fake.to('POST', /token$/);
    expect(request?.headers.get('authorization')).toBeNull();
    expect(request?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: exchange.redirectUri,
      client_id: 'patient-app',
      code_verifier: VERIFIER,
    });
    // athena documents client_id as required on its keys endpoint.
    const [keys] = fake.to('GET', /keys$/);
    expect(keys?.url.searchParams.get('client_id')).toBe('patient-app');
  });

  it('accepts expires_in as a string, no refresh token, a FHIR-style patient id, no fhirUser and a one-element audience list', async () => {
    const { fhirUser: _, ...noFhirUser } = goodClaims;
    const { login } = setup({
      token: [json(tokenAnswer({ expires_in: '1800', refresh_token: undefined, patient: 'a-29391.E-1003', id_token: signIdToken({ ...noFhirUser, aud: ['patient-app'] }) }))],
    });

    await expect(login.exchangeCode(exchange)).resolves.toMatchObject({ patientId: '1003', expiresInSeconds: 1800, refreshToken: null, fhirUser: null });
  });

  it('turns invalid_grant into PatientLoginError and does not retry', async () => {
    const { fake, login } = setup({ token: [json({ error: 'invalid_grant' }, 400)] });

    await expect(login.exchangeCode(exchange)).rejects.toThrow(new PatientLoginError('athena refused the authorization code: invalid_grant'));
    expect(fake.to('POST', /token$/)).toHaveLength(1);
  });

  it.each([
    ['no id_token', { id_token: undefined }],
    ['no patient', { patient: undefined }],
    ['a patient id of another form', { patient: 'someone' }],
    ['no access_token', { access_token: undefined }],
    ['an unknown token_type', { token_type: 'mac' }],
  ])('turns a token answer with %s into PatientLoginError', async (_, change) => {
    const { login } = setup({ token: [json(tokenAnswer(change))] });

    await expect(login.exchangeCode(exchange)).rejects.toBeInstanceOf(PatientLoginError);
  });

  it('reports an authorization server that is down as unavailable, not as a refused login, without sending the code twice', async () => {
    const { fake, login } = setup({ token: [json({}, 503)] });

    await expect(login.exchangeCode(exchange)).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    expect(fake.to('POST', /token$/)).toHaveLength(1);
  });

  it('reports keys it cannot read as unavailable (after retrying the read)', async () => {
    const { fake, login } = setup({ keys: [json({}, 503)] });

    await expect(login.exchangeCode(exchange)).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    expect(fake.to('GET', /keys$/)).toHaveLength(3);
  });

  it("checks expiry on the adapter's clock, not the machine's", async () => {
    // Valid on the machine's clock today, long expired on the injected one.
    const machine = Math.floor(Date.now() / 1000);
    const { login } = setup({ token: [json(tokenAnswer({ id_token: signIdToken({ ...goodClaims, iat: machine, exp: machine + 300 }) }))], clock: new FixedClock(new Date((machine + 3600) * 1000)) });

    await expect(login.exchangeCode(exchange)).rejects.toThrow('"exp"');
  });
});

describe('AthenaPatientLogin refuses forged or misdirected id_tokens', () => {
  it.each([
    ['signed by another key under the issuer key id', () => signIdToken(goodClaims, { key: otherSigningKey() }), 'signature'],
    ['signed by another key with a key id the issuer does not publish', () => signIdToken(goodClaims, { key: otherSigningKey(), kid: 'attacker' }), 'no applicable keys'],
    ['with alg none', () => unsignedIdToken(goodClaims), '"alg"'],
    ['with alg HS256 keyed with the public key', () => hs256WithPublicKey(goodClaims), '"alg"'],
    ['with a payload changed after signing', () => tamperedIdToken(goodClaims, { sub: 'margaret', fhirUser: `${BASE}/fhir/r4/Patient/a-29391.E-1001` }), 'signature'],
    ['for another nonce', () => signIdToken({ ...goodClaims, nonce: 'nonce-2' }), 'nonce'],
    ['without a nonce', () => signIdToken({ ...goodClaims, nonce: undefined }), 'nonce'],
    ['for another audience', () => signIdToken({ ...goodClaims, aud: 'someone-else' }), 'aud'],
    ['for several audiences with no authorized party', () => signIdToken({ ...goodClaims, aud: ['someone-else', 'patient-app'] }), 'aud'],
    ['from another issuer', () => signIdToken({ ...goodClaims, iss: 'https://evil.test/oauth2' }), 'iss'],
    ['that expired (beyond the 30 s tolerance)', () => signIdToken({ ...goodClaims, exp: nowSeconds - 31 }), '"exp"'],
    ['without exp', () => signIdToken({ ...goodClaims, exp: undefined }), '"exp"'],
    ['without iat', () => signIdToken({ ...goodClaims, iat: undefined }), '"iat"'],
    ['without sub', () => signIdToken({ ...goodClaims, sub: undefined }), '"sub"'],
    ['that is not a JWT', () => 'not-a-jwt', 'Invalid JWT'],
  ])('refuses an id_token %s', async (_, forge, reason) => {
    const { login } = setup({ token: [json(tokenAnswer({ id_token: forge() }))] });

    const failure = login.exchangeCode(exchange);
    await expect(failure).rejects.toBeInstanceOf(PatientLoginError);
    await expect(failure).rejects.toThrow(reason);
  });

  it('keeps the token answer out of the error (no cause, no token text)', async () => {
    const { login } = setup({ token: [json(tokenAnswer({ id_token: signIdToken({ ...goodClaims, nonce: 'nonce-2' }) }))] });

    const error = (await login.exchangeCode(exchange).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(PatientLoginError);
    expect(error.cause).toBeUndefined();
    expect(error.message).not.toContain('patient-access');
    expect(error.message).not.toContain('nonce-2');
  });
});

describe('plain http', () => {
  it('is allowed for a loopback sandbox', async () => {
    const sandbox = 'http://127.0.0.1:4010';
    const { login } = setup({ config: { baseUrl: sandbox }, discovery: [json(smartConfiguration(sandbox))] });
    await expect(login.authorizeUrl(authorize)).resolves.toMatch(/^http:\/\/127\.0\.0\.1:4010\/oauth2\/v1\/authorize\?/);
    await expect(login.exchangeCode(exchange)).resolves.toMatchObject({ patientId: '1003' });
  });

  it('is refused for any other host: no code is sent', async () => {
    const plain = 'http://athena.example';
    const { fake, login } = setup({ config: { baseUrl: plain }, discovery: [json(smartConfiguration(plain))] });
    await expect(login.authorizeUrl(authorize)).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    await expect(login.exchangeCode(exchange)).rejects.toBeInstanceOf(PatientLoginError);
    expect(fake.to('POST', /token$/)).toHaveLength(0);
  });

  it('is refused when an https configuration names http endpoints', async () => {
    const { fake, login } = setup({ discovery: [json(smartConfiguration('http://athena.test'))] });
    await expect(login.exchangeCode(exchange)).rejects.toBeInstanceOf(PatientLoginError);
    expect(fake.to('POST', /token$/)).toHaveLength(0);
  });

  it.each([
    ['http://127.0.0.1:4010', true],
    ['http://localhost:4010', true],
    ['http://[::1]:4010', true],
    ['https://127.0.0.1', false],
    ['http://127.0.0.1.evil.example', false],
    ['http://athena.example', false],
  ])('%s is loopback http: %s', (url, expected) => {
    expect(isLoopbackHttp(url)).toBe(expected);
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

/** The "key confusion" forgery: HMAC-SHA256 keyed with the issuer's public key. */
function hs256WithPublicKey(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'HS256', kid: TEST_KID, typ: 'JWT' })}.${part(claims)}`;
  const key = JSON.stringify(publicJwks().keys[0]);
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}
