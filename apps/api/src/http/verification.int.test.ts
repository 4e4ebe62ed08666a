/**
 * Guest verification and staff sign-in over HTTP against a real PostgreSQL and the provider
 * sandbox (SMTP catcher and inbox, Firebase Auth emulator subset, Turnstile look-alike).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { CookieJar } from '../../../../tools/src/testing/sign-in.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
}, 60_000);
afterAll(async () => {
  await portal.close();
});
/** The browser's cookies (the device cookie that send-otp sets); one browser per test unless a test makes more. */
let jar = new CookieJar();

beforeEach(async () => {
  // Each test starts with fresh counters: the limits are what is under test.
  await portal.db.knex('rate_limits').delete();
  jar = new CookieJar();
});

const post = async (path: string, body: unknown, headers: Record<string, string> = {}, cookies: CookieJar = jar) => {
  const cookie = cookies.header();
  const response = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: portal.url, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });
  cookies.store(response);
  return { status: response.status, headers: response.headers, body: await response.json() };
};

/** A fresh single-use human-check token, as the widget would get it. */
const humanToken = async (): Promise<string> => {
  const response = await fetch(`${portal.sandbox.url}/turnstile/v0/issue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sitekey: 'sandbox-turnstile-sitekey' }),
  });
  const body = (await response.json()) as { token: string };
  return body.token;
};

const inbox = async (to: string) => {
  const response = await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Array<{ channel: string; to: string; subject: string; text: string; code: string | null }>;
};

const sendCode = async (email: string, cookies: CookieJar = jar) =>
  post('/api/verify-email/send-otp', { email, 'cf-turnstile-response': await humanToken() }, {}, cookies);

const latestCode = async (email: string): Promise<string> => {
  const [message] = await inbox(email);
  if (!message?.code) throw new Error('no code in the inbox');
  return message.code;
};

/** Lets the next send through the two-minute resend lock, as if time had passed. */
const ageCodes = async (minutes: number) =>
  portal.db.knex('verification_codes').update({ createdAt: portal.db.knex.raw(`"createdAt" - interval '${minutes} minutes'`) });

describe('email codes for guests', () => {
  it('sends a six-digit code by email and exchanges it for an email session', async () => {
    const sent = await sendCode('ann.guest@example.com');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ testMode: false });
    const [message] = await inbox('ann.guest@example.com');
    expect(message?.channel).toBe('email');
    expect(message?.code).toMatch(/^\d{6}$/);

    const verified = await post('/api/verify-email/verify-otp', { email: 'Ann.Guest@example.com', code: message!.code });
    expect(verified.status).toBe(200);
    expect(verified.body.sessionToken).toEqual(expect.any(String));
    const check = await post('/api/verify-email/check-session', { email: 'ann.guest@example.com' }, { 'X-Email-Session': verified.body.sessionToken });
    expect(check.body).toEqual({ verified: true });
    const other = await post('/api/verify-email/check-session', { email: 'someone@example.com' }, { 'X-Email-Session': verified.body.sessionToken });
    expect(other.body).toEqual({ verified: false });

    // Stored hashed: neither the address nor the code is in the table.
    const rows = JSON.stringify(await portal.db.knex('verification_codes').select('*'));
    expect(rows).not.toContain('ann.guest');
    expect(rows).not.toContain(message!.code);
  });

  it("answers a wrong code with the spec's message, and refuses the sixth wrong try", async () => {
    await sendCode('wrong.tries@example.com');
    const right = await latestCode('wrong.tries@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await post('/api/verify-email/verify-otp', { email: 'wrong.tries@example.com', code: wrong });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'Invalid verification code. Please try again.', attemptsRemaining: 5 - attempt });
    }
    const sixth = await post('/api/verify-email/verify-otp', { email: 'wrong.tries@example.com', code: right });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('lets exactly one of twenty parallel tries of the right code succeed', async () => {
    await sendCode('race@example.com');
    const code = await latestCode('race@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/verify-email/verify-otp', { email: 'race@example.com', code })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });

  it('expires a code after 15 minutes', async () => {
    await sendCode('late@example.com');
    const code = await latestCode('late@example.com');
    await portal.db.knex('verification_codes').update({ expiresAt: new Date(Date.now() - 1000) });
    const answer = await post('/api/verify-email/verify-otp', { email: 'late@example.com', code });
    expect(answer).toMatchObject({ status: 410, body: { error: 'Verification code has expired. Please request a new one' } });
  });

  it('locks resending for two minutes and allows five sends per address per hour', async () => {
    expect((await sendCode('busy@example.com')).status).toBe(200);
    const tooSoon = await sendCode('busy@example.com');
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(100);
    for (let send = 2; send <= 5; send += 1) {
      await ageCodes(3);
      expect((await sendCode('busy@example.com')).status).toBe(200);
    }
    await ageCodes(3);
    const sixth = await sendCode('busy@example.com');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many attempts. Please try again later');
  });

  it('allows ten tries per address per 15 minutes', async () => {
    for (let round = 0; round < 2; round += 1) {
      await ageCodes(3);
      await sendCode('many.tries@example.com');
      for (let attempt = 0; attempt < 5; attempt += 1) await post('/api/verify-email/verify-otp', { email: 'many.tries@example.com', code: '999999' });
    }
    await ageCodes(3);
    await sendCode('many.tries@example.com');
    const code = await latestCode('many.tries@example.com');
    const eleventh = await post('/api/verify-email/verify-otp', { email: 'many.tries@example.com', code });
    expect(eleventh.status).toBe(429);
  });

  it('caps sends per IP address, whatever the device', async () => {
    const answers = [];
    for (let index = 0; index < 21; index += 1) answers.push((await sendCode(`ip.cap.${index}@example.com`, new CookieJar())).status);
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  }, 30_000);

  it('requires a passing, unused human check', async () => {
    const missing = await post('/api/verify-email/send-otp', { email: 'bot@example.com' });
    expect(missing).toMatchObject({ status: 403, body: { error: 'Please complete security verification to continue' } });
    const token = await humanToken();
    expect((await post('/api/verify-email/send-otp', { email: 'human@example.com', 'cf-turnstile-response': token })).status).toBe(200);
    const reused = await post('/api/verify-email/send-otp', { email: 'human2@example.com', 'cf-turnstile-response': token });
    expect(reused.status).toBe(403);
  });
});

/** The browser's Firebase calls, made over REST against the sandbox's Auth emulator subset. */
const firebaseIdToken = async (phoneNumber: string): Promise<string> => {
  const base = `${portal.sandbox.url}/identitytoolkit.googleapis.com/v1`;
  const sent = await fetch(`${base}/accounts:sendVerificationCode?key=sandbox-firebase-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phoneNumber, recaptchaToken: 'ignored' }),
  });
  const { sessionInfo } = (await sent.json()) as { sessionInfo: string };
  const [sms] = await inbox(phoneNumber);
  const signedIn = await fetch(`${base}/accounts:signInWithPhoneNumber?key=sandbox-firebase-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionInfo, code: sms!.code }),
  });
  return ((await signedIn.json()) as { idToken: string }).idToken;
};

const emailSession = async (email: string): Promise<string> => {
  await sendCode(email);
  const verified = await post('/api/verify-email/verify-otp', { email, code: await latestCode(email) });
  return verified.body.sessionToken;
};

describe('phone verification and the guest token', () => {
  it('issues a server-signed verified_ token bound to the email and phone', async () => {
    const sessionToken = await emailSession('phone.guest@example.com');
    const idToken = await firebaseIdToken('+14015550177');
    const answer = await post('/api/verify-phone', { emailSessionToken: sessionToken, firebaseIdToken: idToken, phone: '(401) 555-0177' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: 'phone.guest@example.com', phone: '+14015550177' });
    expect(answer.body.verificationToken).toMatch(/^verified_/);
    const expiresIn = Date.parse(answer.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);

    const session = await fetch(`${portal.url}/api/guest/session`, { headers: { 'X-Verification-Token': answer.body.verificationToken } });
    expect(await session.json()).toMatchObject({ verified: true, email: 'phone.guest@example.com', phone: '+14015550177' });
  });

  it('refuses an ID token for another phone than the one entered', async () => {
    const sessionToken = await emailSession('other.phone@example.com');
    const idToken = await firebaseIdToken('+14015550188');
    const answer = await post('/api/verify-phone', { emailSessionToken: sessionToken, firebaseIdToken: idToken, phone: '4015550199' });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Phone verification failed. Please try again');
  });

  it('refuses an ID token the phone-auth service did not issue', async () => {
    const sessionToken = await emailSession('forged.id@example.com');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ iss: 'https://securetoken.google.com/another-project', aud: 'another-project', sub: 'x', phone_number: '+14015550111' })).toString('base64url');
    const answer = await post('/api/verify-phone', { emailSessionToken: sessionToken, firebaseIdToken: `${header}.${payload}.`, phone: '4015550111' });
    expect(answer.status).toBe(401);
  });

  it('refuses a verified_ token the browser composed or altered', async () => {
    const composed = `verified_${Buffer.from('ann@example.com').toString('base64')}_${Buffer.from('+14015550111').toString('base64')}_uid_${Date.now()}`;
    const refused = await fetch(`${portal.url}/api/guest/session`, { headers: { 'X-Verification-Token': composed } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'Verification Expired' });

    const sessionToken = await emailSession('alter@example.com');
    const real = await post('/api/verify-phone', { emailSessionToken: sessionToken, firebaseIdToken: await firebaseIdToken('+14015550166'), phone: '4015550166' });
    const [prefixAndBody, signature] = (real.body.verificationToken as string).split('.');
    const payload = JSON.parse(Buffer.from(prefixAndBody!.slice('verified_'.length), 'base64url').toString());
    const altered = `verified_${Buffer.from(JSON.stringify({ ...payload, email: 'victim@example.com' })).toString('base64url')}.${signature}`;
    expect((await fetch(`${portal.url}/api/guest/session`, { headers: { 'X-Verification-Token': altered } })).status).toBe(401);
  });

  it('refuses a phone step without a valid email session', async () => {
    const answer = await post('/api/verify-phone', { emailSessionToken: 'es_forged.sig', firebaseIdToken: await firebaseIdToken('+14015550155'), phone: '4015550155' });
    expect(answer.status).toBe(401);
  });
});

const staffSend = async (email: string) => post('/api/staff/send-otp', { email, 'cf-turnstile-response': await humanToken() });

describe('staff sign-in', () => {
  it('requires a passing human check before any code is sent', async () => {
    const missing = await post('/api/staff/send-otp', { email: 'nurse.lee@mdri-primarycare.example' });
    expect(missing).toMatchObject({ status: 403, body: { error: 'Please complete security verification to continue' } });
  });

  beforeAll(async () => {
    await portal.db.knex('staff_emails').insert({ email: 'nurse.lee@mdri-primarycare.example', name: 'Nurse Lee' }).onConflict('email').ignore();
  });

  it('answers the same whether or not an address is on the staff list', async () => {
    const listed = await staffSend(' Nurse.Lee@MDRI-primarycare.example ');
    const unlisted = await staffSend('stranger@example.com');
    expect(listed.status).toBe(unlisted.status);
    expect(Object.keys(listed.body).sort()).toEqual(Object.keys(unlisted.body).sort());
    expect(listed.body.message).toBe(unlisted.body.message);
    expect(listed.body.sessionToken).toMatch(/^[\w-]{43}$/);
    expect(unlisted.body.sessionToken).toMatch(/^[\w-]{43}$/);
    // Only the listed address receives mail.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inbox('stranger@example.com')).toEqual([]);
    expect((await inbox('nurse.lee@mdri-primarycare.example'))[0]?.code).toMatch(/^\d{6}$/);
    // No code can open the unlisted address's session.
    const guess = await post('/api/staff/verify-otp', { sessionToken: unlisted.body.sessionToken, otpCode: '123456' });
    expect(guess.status).toBe(401);
  });

  it('signs staff in with the emailed code and keeps a bearer session', async () => {
    const sent = await staffSend('nurse.lee@mdri-primarycare.example');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const code = (await inbox('nurse.lee@mdri-primarycare.example'))[0]!.code!;
    const wrong = await post('/api/staff/verify-otp', { sessionToken: sent.body.sessionToken, otpCode: code === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid verification code' } });
    const ok = await post('/api/staff/verify-otp', { sessionToken: sent.body.sessionToken, otpCode: code });
    expect(ok).toMatchObject({ status: 200, body: { email: 'nurse.lee@mdri-primarycare.example' } });
    const again = await post('/api/staff/verify-otp', { sessionToken: sent.body.sessionToken, otpCode: code });
    expect(again.status).toBe(401);

    const bearer = { Authorization: `Bearer ${sent.body.sessionToken}` };
    const session = await post('/api/staff/verify-session', { email: 'nurse.lee@mdri-primarycare.example' }, bearer);
    expect(session).toMatchObject({ status: 200, body: { valid: true, email: 'nurse.lee@mdri-primarycare.example' } });

    await portal.db.knex('staff_sessions').update({ lastSeenAt: new Date(Date.now() - 16 * 60_000) });
    const idle = await post('/api/staff/verify-session', { email: 'nurse.lee@mdri-primarycare.example' }, bearer);
    expect(idle.status).toBe(401);
  });

  it('kills a staff code after five wrong tries', async () => {
    const sent = await staffSend('nurse.lee@mdri-primarycare.example');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const code = (await inbox('nurse.lee@mdri-primarycare.example'))[0]!.code!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) await post('/api/staff/verify-otp', { sessionToken: sent.body.sessionToken, otpCode: wrong });
    expect((await post('/api/staff/verify-otp', { sessionToken: sent.body.sessionToken, otpCode: code })).status).toBe(401);
  });
});

describe('logs', () => {
  it('carry no email address or code', () => {
    const logs = portal.logs().join('\n');
    expect(logs).not.toMatch(/@example\.com|@mdri-primarycare\.example/);
  });
});
