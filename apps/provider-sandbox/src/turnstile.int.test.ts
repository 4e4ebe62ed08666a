/** The Turnstile look-alike over HTTP: siteverify for every secret, single use, expiry, the widget script. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_SECRET,
  TURNSTILE_SITEKEY,
  TURNSTILE_TEST_SECRETS,
  TURNSTILE_TEST_SITEKEYS,
} from './seed/providers.ts';
import { form, startTestSandbox, type TestSandbox } from './testing.ts';

let offsetMs = 0;
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => new Date(Date.now() + offsetMs) });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  offsetMs = 0;
});

const siteverify = async (fields: Record<string, string>, as: 'form' | 'json' = 'form'): Promise<Record<string, unknown>> => {
  const response = await fetch(`${sandbox.url}/turnstile/v0/siteverify`, {
    method: 'POST',
    ...(as === 'json' ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) } : { body: form(fields) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

/** What the widget does for the sandbox sitekey on a page at `origin`. */
const issue = async (fields: Record<string, string> = {}, origin = 'http://localhost:3000'): Promise<string> => {
  const response = await fetch(`${sandbox.url}/turnstile/v0/issue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ sitekey: TURNSTILE_SITEKEY, ...fields }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  const body = (await response.json()) as { token: string; expiresIn: number };
  expect(body.expiresIn).toBe(300);
  return body.token;
};

const failure = (...codes: string[]) => ({ success: false, 'error-codes': codes, messages: [] });

describe('siteverify with the test secrets', () => {
  it('1x…AA always succeeds, form or JSON', async () => {
    for (const as of ['form', 'json'] as const) {
      expect(await siteverify({ secret: TURNSTILE_TEST_SECRETS.pass, response: TURNSTILE_DUMMY_TOKEN }, as)).toEqual({
        success: true,
        'error-codes': [],
        challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        hostname: 'example.com',
        action: '',
        cdata: '',
      });
    }
  });

  it('2x…AA always invalid-input-response; 3x…AA always timeout-or-duplicate', async () => {
    expect(await siteverify({ secret: TURNSTILE_TEST_SECRETS.fail, response: TURNSTILE_DUMMY_TOKEN })).toEqual(failure('invalid-input-response'));
    expect(await siteverify({ secret: TURNSTILE_TEST_SECRETS.spent, response: TURNSTILE_DUMMY_TOKEN }, 'json')).toEqual(failure('timeout-or-duplicate'));
  });

  it('missing-input-secret / missing-input-response / invalid-input-secret / bad-request', async () => {
    expect(await siteverify({ response: 'x' })).toEqual(failure('missing-input-secret'));
    expect(await siteverify({ secret: TURNSTILE_TEST_SECRETS.pass })).toEqual(failure('missing-input-response'));
    expect(await siteverify({})).toEqual(failure('missing-input-secret', 'missing-input-response'));
    expect(await siteverify({ secret: 'wrong-secret', response: 'x' })).toEqual(failure('invalid-input-secret'));
    const malformed = await fetch(`${sandbox.url}/turnstile/v0/siteverify`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual(failure('bad-request'));
  });
});

describe('siteverify with the sandbox secret', () => {
  it('succeeds once per issued token, with its action, cData and the page hostname', async () => {
    const token = await issue({ action: 'login', cdata: 'session-42' }, 'http://localhost:3000');
    expect(token).toMatch(/^0\.sbx\.[A-Za-z0-9_-]{64}$/);
    expect(await siteverify({ secret: TURNSTILE_SECRET, response: token, remoteip: '127.0.0.1' })).toEqual({
      success: true,
      'error-codes': [],
      challenge_ts: expect.any(String),
      hostname: 'localhost',
      action: 'login',
      cdata: 'session-42',
    });
    expect(await siteverify({ secret: TURNSTILE_SECRET, response: token })).toEqual(failure('timeout-or-duplicate'));
  });

  it('tokens are unique per solve', async () => {
    const tokens = new Set([await issue(), await issue(), await issue()]);
    expect(tokens.size).toBe(3);
  });

  it('a retry with the same idempotency_key gets the same answer; another key does not', async () => {
    const token = await issue({ action: 'signup' });
    const key = '4d2a3b8e-6f1c-4b7a-9c55-0f7e1a2b3c4d';
    const first = await siteverify({ secret: TURNSTILE_SECRET, response: token, idempotency_key: key }, 'json');
    expect(first.success).toBe(true);
    expect(await siteverify({ secret: TURNSTILE_SECRET, response: token, idempotency_key: key }, 'json')).toEqual(first);
    expect(await siteverify({ secret: TURNSTILE_SECRET, response: token, idempotency_key: 'other' })).toEqual(failure('timeout-or-duplicate'));
  });

  it('an expired token (over 300 s, sandbox clock) is timeout-or-duplicate', async () => {
    const token = await issue();
    offsetMs = 301_000;
    expect(await siteverify({ secret: TURNSTILE_SECRET, response: token })).toEqual(failure('timeout-or-duplicate'));
  });

  it('an unknown token or a test sitekey dummy token is invalid-input-response', async () => {
    expect(await siteverify({ secret: TURNSTILE_SECRET, response: 'made-up' })).toEqual(failure('invalid-input-response'));
    expect(await siteverify({ secret: TURNSTILE_SECRET, response: TURNSTILE_DUMMY_TOKEN })).toEqual(failure('invalid-input-response'));
  });

  it('POST /_sandbox/reset forgets issued tokens', async () => {
    const token = await issue();
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    expect(await siteverify({ secret: TURNSTILE_SECRET, response: token })).toEqual(failure('invalid-input-response'));
  });

  it('the token endpoint refuses other sitekeys and malformed action/cData', async () => {
    const post = (body: Record<string, string>) =>
      fetch(`${sandbox.url}/turnstile/v0/issue`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ sitekey: TURNSTILE_TEST_SITEKEYS.passVisible })).status).toBe(400);
    expect((await post({ sitekey: TURNSTILE_SITEKEY, action: 'has space' })).status).toBe(400);
    expect((await post({ sitekey: TURNSTILE_SITEKEY, cdata: 'x'.repeat(256) })).status).toBe(400);
  });
});

describe('the widget script', () => {
  it('serves /turnstile/v0/api.js as JavaScript with the sandbox sitekey and the test sitekeys', async () => {
    const response = await fetch(`${sandbox.url}/turnstile/v0/api.js?onload=ready&render=explicit`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const script = await response.text();
    expect(script).not.toMatch(/__[A-Z_]+__/);
    expect(script).toContain(`'${TURNSTILE_SITEKEY}'`);
    expect(script).toContain(`${sandbox.url}/turnstile/v0/api.js`);
    for (const sitekey of Object.values(TURNSTILE_TEST_SITEKEYS)) expect(script).toContain(`'${sitekey}'`);
    for (const name of ['render:', 'reset:', 'remove:', 'getResponse:', 'isExpired:', 'cf-turnstile-response', 'Verify you are human', 'Success!']) {
      expect(script).toContain(name);
    }
    // It parses.
    expect(() => new Function(script)).not.toThrow();
  });

  it('fault knobs apply to the Turnstile routes', async () => {
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'POST ^/turnstile/v0/siteverify$', errorRate: 1 }),
    });
    const response = await fetch(`${sandbox.url}/turnstile/v0/siteverify`, { method: 'POST', body: form({ secret: 'x', response: 'y' }) });
    expect(response.status).toBe(503);
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
  });
});
