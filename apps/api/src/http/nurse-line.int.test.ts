/**
 * The nurse line, the practice configuration and the dashboard's membership cache over HTTP
 * (issue 14): our API, the provider sandbox (athenahealth, Stripe, SignWell), a real PostgreSQL.
 *
 * - GET /api/nurse-line: nobody → 401; a verified guest and a signed-in non-member → 403 without
 *   the number; an active member (paid by card through the API) → 200 with the configured number.
 * - GET /api/config/practice: the practice file's public part; never the nurse line number.
 * - subscription_cache: a second dashboard visit within 5 minutes sends no request to Stripe
 *   (counted in the sandbox's request log); Refresh does; Stripe's signed webhook for the member's
 *   customer drops the entry, so the next visit reads Stripe and shows the change.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { jsonCall, paidEnrollment, signedEnrollment, signedInForEnrollment, type PortalBrowser } from '../../../../tools/src/testing/enrollment-flow.ts';
import { verifiedGuest } from '../../../../tools/src/testing/guest.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';

const PRACTICE = JSON.parse(readFileSync(new URL('../../../../config/practice.json', import.meta.url), 'utf8')) as {
  nurseLine: { phone: string; hours: string };
  supportEmail: string;
  locations: Array<{ id: string; address1: string; phone: string }>;
};
const NURSE = PRACTICE.nurseLine.phone;
/** The number as digits, or formatted as a person would write it: none may appear in a refusal. */
const nurseSpellings = [NURSE, `(${NURSE.slice(0, 3)}) ${NURSE.slice(3, 6)}-${NURSE.slice(6)}`, `${NURSE.slice(0, 3)}-${NURSE.slice(3, 6)}-${NURSE.slice(6)}`, NURSE.slice(3)];
const WEBHOOK_SECRET = 'whsec_portal_sandbox';

const sandboxRequests: string[] = [];
let portal: TestPortal;
let member: PortalBrowser;

beforeAll(async () => {
  portal = await startTestPortal({ sandbox: { log: (line: string) => void sandboxRequests.push(line) } });
  member = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
  const enrollmentId = await signedEnrollment(portal.url, member, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
  await paidEnrollment(portal.url, portal.sandbox.url, member, enrollmentId);
  // Webhooks are sent by hand below (signed as Stripe signs them), so the test decides when one arrives.
  const off = await fetch(`${portal.sandbox.url}/_sandbox/stripe/webhook-endpoint`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: null }) });
  expect(off.status).toBeLessThan(300);
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const stripeRequestsDuring = async <T,>(action: () => Promise<T>): Promise<{ result: T; stripe: string[] }> => {
  const before = sandboxRequests.length;
  const result = await action();
  return { result, stripe: sandboxRequests.slice(before).filter((line) => / \/v1\//.test(line)) };
};

describe('GET /api/nurse-line', () => {
  it('refuses a caller with no session (401) and a verified guest (403), without the number', async () => {
    const nobody = await fetch(`${portal.url}/api/nurse-line`);
    expect(nobody.status).toBe(401);
    const guest = await verifiedGuest(portal, 'nurse.line.guest@example.com', '4015550184');
    const asGuest = await fetch(`${portal.url}/api/nurse-line`, { headers: guest.headers });
    const text = await asGuest.text();
    expect(asGuest.status).toBe(403);
    expect(JSON.parse(text)).toEqual({ error: 'Forbidden', message: 'Sign in with athenahealth credentials to access' });
    for (const spelling of nurseSpellings) expect(text).not.toContain(spelling);
  });

  it('refuses a signed-in patient without an active membership (403 Membership Required), without the number', async () => {
    const { portal: paul } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.paul });
    const answer = await paul.fetch(`${portal.url}/api/nurse-line`);
    const text = await answer.text();
    expect(answer.status).toBe(403);
    expect(JSON.parse(text)).toMatchObject({ error: 'Membership Required' });
    for (const spelling of nurseSpellings) expect(text).not.toContain(spelling);
    const rows = await portal.db.knex('audit_logs').where({ action: 'reveal_nurse_line_refused' });
    expect(rows.map((row: { metadata: { reason: string } }) => row.metadata.reason).sort()).toEqual(['guest', 'not_member']);
  });

  it('gives an active member the configured number and hours, not cached by the browser', async () => {
    const answer = await jsonCall(member, portal.url, 'GET', '/api/nurse-line');
    expect(answer).toEqual({ status: 200, body: { phone: NURSE, hours: PRACTICE.nurseLine.hours } });
    const raw = await member.fetch(`${portal.url}/api/nurse-line`);
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(await portal.db.knex('audit_logs').where({ action: 'reveal_nurse_line' }).count('* as n').first()).toEqual({ n: '2' });
  });
});

describe('GET /api/config/practice', () => {
  it("serves the practice file's support email and locations, and never the nurse line number", async () => {
    const answer = await fetch(`${portal.url}/api/config/practice`);
    const text = await answer.text();
    expect(answer.status).toBe(200);
    const body = JSON.parse(text);
    expect(body.supportEmail).toBe(PRACTICE.supportEmail);
    expect(body.locations.map((l: { id: string; address1: string; phone: string }) => [l.id, l.address1, l.phone])).toEqual(PRACTICE.locations.map((l) => [l.id, l.address1, l.phone]));
    for (const spelling of nurseSpellings) expect(text).not.toContain(spelling);
    expect(text).not.toMatch(/nurse/i);
  });
});

describe('the membership status cache (subscription_cache, 5 minutes)', () => {
  const status = () => jsonCall(member, portal.url, 'GET', '/api/dashboard/subscription-status');

  it('answers a second visit from the cache without asking Stripe; Refresh asks Stripe', async () => {
    await jsonCall(member, portal.url, 'POST', '/api/dashboard/subscription-status/refresh');
    const first = await stripeRequestsDuring(status);
    expect(first.result.status).toBe(200);
    expect(first.result.body.hasActiveSubscription).toBe(true);
    expect(first.stripe).toEqual([]);
    const second = await stripeRequestsDuring(status);
    expect(second.result.body).toEqual(first.result.body);
    expect(second.stripe).toEqual([]);
    const nurse = await stripeRequestsDuring(() => jsonCall(member, portal.url, 'GET', '/api/nurse-line'));
    expect(nurse.result.status).toBe(200);
    expect(nurse.stripe).toEqual([]);
    const refreshed = await stripeRequestsDuring(() => jsonCall(member, portal.url, 'POST', '/api/dashboard/subscription-status/refresh'));
    expect(refreshed.result.status).toBe(200);
    expect(refreshed.stripe.length).toBeGreaterThan(0);
    const row = await portal.db.knex('subscription_cache').where({ patientId: String(PATIENT_IDS.margaret) }).first();
    expect(row).toMatchObject({ patientId: String(PATIENT_IDS.margaret), email: null });
    expect(row.customerIds.length).toBeGreaterThan(0);
  });

  it("is dropped by Stripe's webhook for the member's customer, so the next visit shows the change", async () => {
    const before = (await status()).body;
    const subscription = before.subscriptions.tier1PatientMatches[0];
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const row = await portal.db.knex('subscription_cache').where({ patientId: String(PATIENT_IDS.margaret) }).first();
    const customerId = row.customerIds[0] as string;

    // The member cancels in Stripe's billing portal; until Stripe says so, the cached answer stands.
    const cancel = await fetch(`${portal.sandbox.url}/v1/subscriptions/${subscription.id}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_portal_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cancel_at_period_end: 'true' }).toString(),
    });
    expect(cancel.status).toBe(200);
    const stale = await stripeRequestsDuring(status);
    expect(stale.stripe).toEqual([]);
    expect(stale.result.body.subscriptions.tier1PatientMatches[0].cancelAtPeriodEnd).toBe(false);

    const event = JSON.stringify({
      id: `evt_nurse_cache_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscription.id, object: 'subscription', customer: customerId } },
    });
    const at = Math.floor(Date.now() / 1000);
    const signature = `t=${at},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${at}.${event}`).digest('hex')}`;
    const webhook = await fetch(`${portal.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: event });
    expect(webhook.status).toBe(200);
    expect(await portal.db.knex('subscription_cache').whereRaw('? = ANY("customerIds")', [customerId])).toEqual([]);

    const after = await stripeRequestsDuring(status);
    expect(after.stripe.length).toBeGreaterThan(0);
    expect(after.result.body.subscriptions.tier1PatientMatches[0]).toMatchObject({ id: subscription.id, cancelAtPeriodEnd: true });
  });
});
