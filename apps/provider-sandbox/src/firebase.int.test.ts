/**
 * The Firebase Auth emulator stand-in over REST, as the JS SDK and firebase-admin call it: phone
 * sign-in, every error answer, the ID token's claims (accepted by firebase-admin's verifyIdToken
 * in emulator mode), refresh, lookup, the emulator's own endpoints, CORS, faults, reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FirebasePhoneAuth } from '@portal/firebase';
import { FIREBASE_PROJECT_ID } from './seed/providers.ts';
import {
  SEND_CODE,
  SIGN_IN_WITH_PHONE,
  decodeJwtPayload,
  firebaseCall,
  firebasePhoneSignIn,
  inboxMessages,
  startTestSandbox,
  type TestSandbox,
} from './testing.ts';

const LOOKUP = '/identitytoolkit.googleapis.com/v1/accounts:lookup';
const TOKEN = '/securetoken.googleapis.com/v1/token';
const EMULATOR = `/emulator/v1/projects/${FIREBASE_PROJECT_ID}`;

/** The sandbox clock runs with the real one, shifted by `offsetMs` (firebase-admin checks exp against the real clock). */
let offsetMs = 0;
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => new Date(Date.now() + offsetMs) });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  offsetMs = 0;
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
});

const googleError = (message: string) => ({ error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } });

const sendCode = async (phoneNumber: string): Promise<{ sessionInfo: string; code: string }> => {
  const sent = await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber, recaptchaToken: 'anything', clientType: 'CLIENT_TYPE_WEB' });
  expect(sent.status).toBe(200);
  const [sms] = await inboxMessages(sandbox.url, phoneNumber);
  return { sessionInfo: sent.body.sessionInfo as string, code: sms?.code as string };
};

describe('phone sign-in, happy path', () => {
  it('sends a code to the inbox and signs in with it: tokens, localId, isNewUser', async () => {
    const sent = await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber: '+14015550111' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sessionInfo: expect.stringMatching(/^[A-Za-z0-9_-]{200,}$/) });
    const [sms] = await inboxMessages(sandbox.url, '+14015550111');
    expect(sms).toMatchObject({ channel: 'sms', to: '+14015550111', subject: 'SMS', code: expect.stringMatching(/^\d{6}$/) });

    const codes = await fetch(`${sandbox.url}${EMULATOR}/verificationCodes`);
    expect(await codes.json()).toEqual({ verificationCodes: [{ phoneNumber: '+14015550111', sessionInfo: sent.body.sessionInfo, code: sms?.code }] });

    const signedIn = await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { sessionInfo: sent.body.sessionInfo, code: sms?.code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({
      kind: 'identitytoolkit#VerifyPhoneNumberResponse',
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: '3600',
      localId: expect.stringMatching(/^[A-Za-z0-9]{28}$/),
      isNewUser: true,
      phoneNumber: '+14015550111',
    });
    // Used codes leave the emulator's list.
    expect(await (await fetch(`${sandbox.url}${EMULATOR}/verificationCodes`)).json()).toEqual({ verificationCodes: [] });

    const again = await firebasePhoneSignIn(sandbox.url, '+14015550111');
    expect(again.body).toMatchObject({ isNewUser: false, localId: signedIn.body.localId });
  });

  it('issues the claims the emulator issues, unsigned', async () => {
    offsetMs = 0;
    const before = Math.floor(Date.now() / 1000);
    const { body } = await firebasePhoneSignIn(sandbox.url, '+14015550111');
    const [header, , signature] = (body.idToken as string).split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({ alg: 'none', typ: 'JWT' });
    expect(signature).toBe('');
    const claims = decodeJwtPayload(body.idToken as string);
    expect(claims).toEqual({
      iss: `https://securetoken.google.com/${FIREBASE_PROJECT_ID}`,
      aud: FIREBASE_PROJECT_ID,
      sub: body.localId,
      user_id: body.localId,
      phone_number: '+14015550111',
      auth_time: expect.any(Number),
      iat: expect.any(Number),
      exp: expect.any(Number),
      firebase: { identities: { phone: ['+14015550111'] }, sign_in_provider: 'phone' },
    });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp).toBe((claims.iat as number) + 3600);
    expect(claims.auth_time).toBe(claims.iat);
  });

  it('firebase-admin verifyIdToken accepts the token with FIREBASE_AUTH_EMULATOR_HOST set (and looks the user up)', async () => {
    const { body } = await firebasePhoneSignIn(sandbox.url, '+14015550111');
    const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(sandbox.url).host;
    const app: App = initializeApp({ projectId: FIREBASE_PROJECT_ID }, `sandbox-test-${Date.now()}`);
    try {
      const auth = getAuth(app);
      const decoded = await auth.verifyIdToken(body.idToken as string);
      expect(decoded).toMatchObject({ uid: body.localId, phone_number: '+14015550111', firebase: { sign_in_provider: 'phone' } });
      const user = await auth.getUser(body.localId as string);
      expect(user.phoneNumber).toBe('+14015550111');
      expect(user.providerData.map((info) => info.providerId)).toEqual(['phone']);

      // Emptying the emulator's accounts makes the token's user unknown, as with the emulator.
      expect((await fetch(`${sandbox.url}${EMULATOR}/accounts`, { method: 'DELETE' })).status).toBe(200);
      await expect(auth.verifyIdToken(body.idToken as string)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    } finally {
      await deleteApp(app);
      if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
    }
  });

  it("the portal's adapter takes the sandbox's token and refuses every claim Firebase documents as wrong", async () => {
    // https://firebase.google.com/docs/auth/admin/verify-id-tokens ("Verify ID tokens using a
    // third-party JWT library"): exp in the future, iat in the past, aud = the project id, iss =
    // https://securetoken.google.com/<projectId>, sub non-empty (the uid), auth_time in the past;
    // and our own rules (decision 0014): signed in with phone, with a phone number, recently.
    const { body } = await firebasePhoneSignIn(sandbox.url, '+14015550111');
    const claims = decodeJwtPayload(body.idToken as string);
    const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const auth = new FirebasePhoneAuth({ projectId: FIREBASE_PROJECT_ID, emulatorHost: new URL(sandbox.url).host });
    const unsigned = (payload: Record<string, unknown>): string =>
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    const now = Math.floor(Date.now() / 1000);
    try {
      await expect(auth.verifyIdToken(body.idToken as string)).resolves.toEqual({
        uid: body.localId,
        phoneNumber: '+14015550111',
        signInProvider: 'phone',
        authTime: new Date((claims.auth_time as number) * 1000),
      });
      const refused = async (change: Record<string, unknown>): Promise<boolean> =>
        auth.verifyIdToken(unsigned({ ...claims, ...change })).then(
          () => false,
          (error: unknown) => (error as Error).name === 'PhoneAuthError',
        );
      const wrong = {
        'aud: another project': { aud: 'demo-other-project' },
        'iss: another issuer': { iss: 'https://securetoken.google.com/demo-other-project' },
        'sub: empty': { sub: '' },
        'exp: past': { exp: now - 60, iat: now - 3660 },
        'iat: future': { iat: now + 600, exp: now + 4200 },
        'auth_time: future': { auth_time: now + 600 },
        'auth_time: too old': { auth_time: now - 3600 },
        'sign_in_provider: password': { firebase: { identities: { email: ['a@example.com'] }, sign_in_provider: 'password' } },
        'phone_number: missing': { phone_number: undefined },
      };
      const accepted = [];
      for (const [what, change] of Object.entries(wrong)) if (!(await refused(change))) accepted.push(what);
      expect(accepted).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
    }
  });

  it('accounts:lookup answers the user of an ID token', async () => {
    const { body } = await firebasePhoneSignIn(sandbox.url, '+14015550111');
    const lookup = await firebaseCall(sandbox.url, LOOKUP, { idToken: body.idToken });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [
        {
          localId: body.localId,
          phoneNumber: '+14015550111',
          providerUserInfo: [{ providerId: 'phone', rawId: '+14015550111', phoneNumber: '+14015550111' }],
          lastLoginAt: expect.stringMatching(/^\d{13}$/),
          createdAt: expect.stringMatching(/^\d{13}$/),
          lastRefreshAt: expect.any(String),
        },
      ],
    });
    expect((await firebaseCall(sandbox.url, LOOKUP, {})).body).toEqual(googleError('MISSING_ID_TOKEN'));
    expect((await firebaseCall(sandbox.url, LOOKUP, { idToken: 'not-a-jwt' })).body).toEqual(googleError('INVALID_ID_TOKEN'));
  });

  it('the securetoken endpoint refreshes (form-encoded, as the SDK sends it)', async () => {
    const { body } = await firebasePhoneSignIn(sandbox.url, '+14015550111');
    offsetMs = 120_000;
    const response = await fetch(`${sandbox.url}${TOKEN}?key=any`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: body.refreshToken as string }),
    });
    expect(response.status).toBe(200);
    const refreshed = (await response.json()) as Record<string, string>;
    expect(refreshed).toEqual({
      access_token: expect.any(String),
      id_token: refreshed.access_token,
      expires_in: '3600',
      token_type: 'Bearer',
      refresh_token: expect.any(String),
      user_id: body.localId,
      project_id: expect.any(String),
    });
    const claims = decodeJwtPayload(refreshed.id_token as string);
    const original = decodeJwtPayload(body.idToken as string);
    expect(claims.iat).toBeGreaterThanOrEqual((original.iat as number) + 119);
    expect(claims.auth_time).toBe(original.auth_time);

    const bad = (fields: Record<string, string>) =>
      fetch(`${sandbox.url}${TOKEN}?key=any`, { method: 'POST', body: new URLSearchParams(fields) }).then((r) => r.json());
    expect(await bad({ refresh_token: 'x' })).toEqual(googleError('MISSING_GRANT_TYPE'));
    expect(await bad({ grant_type: 'password' })).toEqual(googleError('INVALID_GRANT_TYPE'));
    expect(await bad({ grant_type: 'refresh_token' })).toEqual(googleError('MISSING_REFRESH_TOKEN'));
    expect(await bad({ grant_type: 'refresh_token', refresh_token: 'unknown' })).toEqual(googleError('INVALID_REFRESH_TOKEN'));
  });
});

describe('phone sign-in, errors (HTTP 400, Google error shape)', () => {
  it('MISSING_PHONE_NUMBER and INVALID_PHONE_NUMBER', async () => {
    const missing = await firebaseCall(sandbox.url, SEND_CODE, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(googleError('MISSING_PHONE_NUMBER'));
    for (const phoneNumber of ['4015550111', '+1401555011', '+140155501111', '+0123456789', '+1234567', '+1234567890123456', '+1 401 555 0111', 'abc']) {
      const invalid = await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber });
      expect([phoneNumber, invalid.status, invalid.body]).toEqual([phoneNumber, 400, googleError('INVALID_PHONE_NUMBER : Invalid format.')]);
    }
    // Other countries: E.164 lengths.
    expect((await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber: '+447700900123' })).status).toBe(200);
    expect(await inboxMessages(sandbox.url)).toHaveLength(1);
  });

  it('TOO_MANY_ATTEMPTS_TRY_LATER on the 6th code to one number within an hour (sandbox clock)', async () => {
    for (let i = 0; i < 5; i += 1) expect((await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber: '+14015550122' })).status).toBe(200);
    const sixth = await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber: '+14015550122' });
    expect(sixth.body).toEqual(googleError('TOO_MANY_ATTEMPTS_TRY_LATER'));
    expect((await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber: '+14015550123' })).status).toBe(200);
    offsetMs = 3_601_000;
    expect((await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber: '+14015550122' })).status).toBe(200);
  });

  it('MISSING_SESSION_INFO, MISSING_CODE, INVALID_SESSION_INFO, INVALID_CODE', async () => {
    const { sessionInfo, code } = await sendCode('+14015550111');
    expect((await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { code })).body).toEqual(googleError('MISSING_SESSION_INFO'));
    expect((await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { sessionInfo })).body).toEqual(googleError('MISSING_CODE'));
    expect((await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { sessionInfo: 'unknown', code })).body).toEqual(googleError('INVALID_SESSION_INFO'));
    const wrong = code === '000000' ? '111111' : '000000';
    const invalid = await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { sessionInfo, code: wrong });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(googleError('INVALID_CODE'));
    // A wrong try does not use the code up.
    expect((await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { sessionInfo, code })).status).toBe(200);
  });

  it('a code is single use: the second sign-in with it is INVALID_SESSION_INFO', async () => {
    const { sessionInfo, code } = await sendCode('+14015550111');
    expect((await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { sessionInfo, code })).status).toBe(200);
    expect((await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { sessionInfo, code })).body).toEqual(googleError('INVALID_SESSION_INFO'));
  });

  it('SESSION_EXPIRED for a code older than 10 minutes (sandbox clock)', async () => {
    const { sessionInfo, code } = await sendCode('+14015550111');
    offsetMs = 10 * 60_000 + 1_000;
    expect((await firebaseCall(sandbox.url, SIGN_IN_WITH_PHONE, { sessionInfo, code })).body).toEqual(googleError('SESSION_EXPIRED'));
  });

  it('a missing API key is 403 PERMISSION_DENIED; an unknown path 404 NOT_FOUND', async () => {
    const response = await fetch(`${sandbox.url}${SEND_CODE}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { status: string } }).error.status).toBe('PERMISSION_DENIED');
    const unknown = await fetch(`${sandbox.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: number } }).error.code).toBe(404);
    const malformed = await fetch(`${sandbox.url}${SEND_CODE}?key=k`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
  });
});

describe('what the SDK needs besides', () => {
  it('reCAPTCHA: fake params; getRecaptchaConfig is 501 as in the emulator', async () => {
    const params = await fetch(`${sandbox.url}/identitytoolkit.googleapis.com/v1/recaptchaParams?key=k`);
    expect(await params.json()).toMatchObject({ recaptchaSiteKey: expect.any(String) });
    const config = await fetch(`${sandbox.url}/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=k&clientType=CLIENT_TYPE_WEB&version=RECAPTCHA_ENTERPRISE`);
    expect(config.status).toBe(501);
    expect(((await config.json()) as { error: { status: string } }).error.status).toBe('NOT_IMPLEMENTED');
  });

  it('CORS: any origin, the SDK headers, preflights answered', async () => {
    const preflight = await fetch(`${sandbox.url}${SEND_CODE}?key=k`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-client-version' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    for (const header of ['content-type', 'x-client-version', 'x-firebase-gmpid', 'x-firebase-client', 'x-firebase-appcheck']) {
      expect(preflight.headers.get('access-control-allow-headers')).toContain(header);
    }
    const actual = await fetch(`${sandbox.url}${SEND_CODE}?key=k`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '+14015550111' }),
    });
    expect(actual.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('fault knobs apply (with CORS headers still on the 503)', async () => {
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'POST accounts:sendVerificationCode$', errorRate: 1 }),
    });
    const failed = await fetch(`${sandbox.url}${SEND_CODE}?key=k`, { method: 'POST', headers: { Origin: 'http://localhost:3000' }, body: '{}' });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
  });

  it('DELETE /emulator/v1/projects/{id}/accounts and POST /_sandbox/reset forget users; reset forgets codes too', async () => {
    const first = await firebasePhoneSignIn(sandbox.url, '+14015550111');
    await fetch(`${sandbox.url}${EMULATOR}/accounts`, { method: 'DELETE' });
    expect((await firebaseCall(sandbox.url, LOOKUP, { idToken: first.body.idToken })).body).toEqual(googleError('USER_NOT_FOUND'));
    expect((await firebasePhoneSignIn(sandbox.url, '+14015550111')).body.isNewUser).toBe(true);

    await sendCode('+14015550111');
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    expect(await (await fetch(`${sandbox.url}${EMULATOR}/verificationCodes`)).json()).toEqual({ verificationCodes: [] });
    expect(await inboxMessages(sandbox.url)).toEqual([]);
    expect((await firebasePhoneSignIn(sandbox.url, '+14015550111')).body.isNewUser).toBe(true);
  });
});
