/**
 * Attacks on the health record's id_token, end to end over HTTP: our API, the provider sandbox as
 * athenahealth (made to issue a forged id_token for the exchange), a real PostgreSQL. Each forgery
 * ends the sign-in on the login page with the sign-in error (`/login?auth=error`, which the login
 * page shows as 'Login failed. Please try again.'), with no session written.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const forge = async (kind: string | null): Promise<void> => {
  const response = await fetch(`${portal.sandbox.url}/_sandbox/id-token-forgery`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind }),
  });
  expect(response.status).toBe(200);
};

afterEach(async () => {
  await forge(null);
});

const sessions = async (): Promise<number> => Number((await portal.db.knex('auth_sessions').count<{ count: string }[]>('* as count'))[0]!.count);

const failureReasons = async (): Promise<string[]> =>
  (await portal.db.knex('audit_logs').where({ action: 'sign_in_failed' }).orderBy('id').select('metadata')).map(
    (row: { metadata: { reason?: string } | string }) => (typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as { reason: string }) : row.metadata).reason ?? '',
  );

describe('a genuine id_token', () => {
  it('signs the patient in (the sandbox signs RS256 and the adapter verifies it against the published keys)', async () => {
    const { landedAt, portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret, redirect: '/enrollment' });
    expect(landedAt).toBe('/enrollment');
    expect(browser.jar.get('portal_session')).toMatch(/^[\w-]{43}$/);
  });
});

describe('a forged id_token is refused', () => {
  it.each([
    ['foreign-key', 'signed by another key that claims the published key id'],
    ['alg-none', 'with alg none and no signature'],
    ['tampered-payload', 'whose payload was changed after signing'],
    ['wrong-nonce', 'for another sign-in (its nonce)'],
    ['wrong-audience', 'for another application'],
    ['wrong-issuer', 'from another issuer'],
    ['expired', 'that has expired'],
  ])('%s: an id_token %s ends on the sign-in error, with no session', async (kind) => {
    await forge(kind);
    const before = await sessions();
    const reasonsBefore = (await failureReasons()).length;

    const { landedAt, portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret, redirect: '/enrollment' });

    expect(landedAt).toBe('/login?auth=error&return=%2Fenrollment');
    expect(browser.jar.get('portal_session')).toBeUndefined();
    expect(await sessions()).toBe(before);
    // A refused login, not "the health record is unavailable".
    expect((await failureReasons()).slice(reasonsBefore)).toEqual(['login']);
  });
});
