/**
 * The practice report over HTTP (issue 14 'Beyond the spec'; decision 0029): a seeded set of
 * enrollments with known tiers, locations, statuses and dates, and the report's figures for a
 * period must match them exactly. Staff bearer only; one staff_audit_trail and one audit_logs row.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { send, staffSignIn, type Answer } from './security/actors.ts';

let portal: TestPortal;
let token: string;
const STAFF = 'report.staff@mdri-primarycare.example';

const at = (iso: string) => new Date(iso);
let next = 0;
const seed = (overrides: Record<string, unknown>) => ({
  athenaPatientId: String(900_100 + next++),
  status: 'active',
  membershipTier: '120_annual',
  department: '1',
  stripeCustomerId: `cus_seed${next}`,
  stripeSubscriptionId: `sub_seed${next}`,
  membershipStartDate: at('2025-11-10T15:00:00Z'),
  createdAt: at('2025-11-10T14:00:00Z'),
  updatedAt: at('2025-11-10T15:00:00Z'),
  ...overrides,
});
const unpaid = { stripeCustomerId: null, stripeSubscriptionId: null, membershipStartDate: null };

// The period asked: March 2026 (practice time, both ends included).
const SEEDED = [
  // Active now: 120 annual ×3 (two at location 1, one at 2), 70 six-month ×2 at 2, 500 annual ×1 at 3.
  seed({}),
  seed({}),
  seed({ department: '2' }),
  seed({ membershipTier: '70_biannual', department: '2', membershipStartDate: at('2026-03-02T15:00:00Z') }), // new in March
  seed({ membershipTier: '70_biannual', department: '2' }),
  seed({ membershipTier: '500_concierge_annual', department: '3', membershipStartDate: at('2026-04-01T03:30:00Z') }), // 11:30 pm on 31 March in RI: new
  // Past due now: one went past due in March, one in February.
  seed({ membershipTier: '300_concierge_biannual', status: 'past_due', updatedAt: at('2026-03-15T12:00:00Z') }),
  seed({ status: 'past_due', updatedAt: at('2026-02-15T12:00:00Z') }),
  // Cancelled: two paid memberships in March (one new in March too), one in April, one never paid.
  seed({ status: 'cancelled', updatedAt: at('2026-03-20T12:00:00Z') }),
  seed({ status: 'cancelled', membershipStartDate: at('2026-03-05T12:00:00Z'), updatedAt: at('2026-03-25T12:00:00Z') }),
  seed({ status: 'cancelled', updatedAt: at('2026-04-02T12:00:00Z') }),
  seed({ status: 'cancelled', ...unpaid, updatedAt: at('2026-03-20T12:00:00Z') }),
  // Declines: two plain and one hardship in March; one hardship in February.
  seed({ status: 'declined', membershipTier: 'decline', ...unpaid, createdAt: at('2026-03-03T12:00:00Z') }),
  seed({ status: 'declined', membershipTier: 'decline', ...unpaid, createdAt: at('2026-03-31T12:00:00Z') }),
  seed({ status: 'declined', membershipTier: 'decline_hardship', ...unpaid, createdAt: at('2026-03-04T12:00:00Z') }),
  seed({ status: 'declined', membershipTier: 'decline_hardship', ...unpaid, createdAt: at('2026-02-04T12:00:00Z') }),
  // Still in the checkout: not a member.
  seed({ status: 'payment_pending', membershipStartDate: null, createdAt: at('2026-03-10T12:00:00Z') }),
];

beforeAll(async () => {
  portal = await startTestPortal({ worker: false });
  token = await staffSignIn(portal, STAFF, 'Report Staff');
  await portal.db.knex('enrollments').insert(SEEDED);
}, 90_000);
afterAll(async () => {
  await portal?.close();
});

const report = (query: string, bearer: string | null = token): Promise<Answer> =>
  send(portal, null, { method: 'GET', path: `/api/staff/report${query}`, ...(bearer === null ? {} : { headers: { Authorization: `Bearer ${bearer}` } }) });
const lastId = async (table: string): Promise<number> => Number((await portal.db.knex(table).max('id as id').first())?.id ?? 0);

describe('GET /api/staff/report', () => {
  it("matches the seeded members for March 2026, with one audit row in each trail", async () => {
    const trailSince = await lastId('staff_audit_trail');
    const auditSince = await lastId('audit_logs');
    const answer = await report('?from=2026-03-01&to=2026-03-31');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      period: { from: '2026-03-01', to: '2026-03-31' },
      generatedAt: expect.any(String),
      activeMembers: 6,
      activeByTier: [
        { tier: '120_annual', count: 3, monthlyRevenueCents: 3000 },
        { tier: '70_biannual', count: 2, monthlyRevenueCents: 2333 },
        { tier: '300_concierge_biannual', count: 0, monthlyRevenueCents: 0 },
        { tier: '500_concierge_annual', count: 1, monthlyRevenueCents: 4167 },
      ],
      activeByLocation: [
        { location: '1', count: 2 },
        { location: '2', count: 3 },
        { location: '3', count: 1 },
      ],
      activeByTierAndLocation: [
        { tier: '120_annual', location: '1', count: 2 },
        { tier: '120_annual', location: '2', count: 1 },
        { tier: '70_biannual', location: '2', count: 2 },
        { tier: '500_concierge_annual', location: '3', count: 1 },
      ],
      // 3 × $10 + 2 × $11.666… + $41.666… = $95.00 a month.
      monthlyRecurringRevenueCents: 9500,
      newMembers: 3,
      cancelledMembers: 2,
      pastDueMembers: 2,
      pastDueInPeriod: 1,
      declines: 2,
      hardshipDeclines: 1,
    });
    expect(await portal.db.knex('staff_audit_trail').where('id', '>', trailSince)).toEqual([
      expect.objectContaining({ staffEmail: STAFF, action: 'practice_report', athenaPatientId: '', metadata: { from: '2026-03-01', to: '2026-03-31' } }),
    ]);
    expect(await portal.db.knex('audit_logs').where('id', '>', auditSince)).toEqual([
      expect.objectContaining({ eventType: 'staff_report', action: 'practice_report', userId: STAFF, statusCode: 200 }),
    ]);
    // Counts only: no patient id of the seed is in the answer.
    expect(answer.text).not.toContain('9001');
  });

  it('a February period counts February: the hardship decline and the past-due move', async () => {
    const answer = await report('?from=2026-02-01&to=2026-02-28');
    expect(answer.body).toMatchObject({ newMembers: 0, cancelledMembers: 0, pastDueMembers: 2, pastDueInPeriod: 1, declines: 0, hardshipDeclines: 1, activeMembers: 6 });
  });

  it('refuses a missing, malformed, reversed or too long period with 400, and audits nothing', async () => {
    const since = await lastId('staff_audit_trail');
    for (const query of ['', '?from=2026-03-01', '?from=03/01/2026&to=2026-03-31', '?from=2026-03-31&to=2026-03-01', '?from=2020-01-01&to=2026-03-01', '?from=2026-02-30&to=2026-03-01', `?from=${'9'.repeat(5000)}&to=2026-03-01`]) {
      expect({ query, status: (await report(query)).status }).toEqual({ query, status: 400 });
    }
    expect(await portal.db.knex('staff_audit_trail').where('id', '>', since)).toEqual([]);
  });

  it('refuses a missing, expired or forged bearer token (401), and audits nothing', async () => {
    const expired = await staffSignIn(portal, 'expired.report@mdri-primarycare.example', 'Expired');
    await portal.db.knex('staff_sessions').where({ email: 'expired.report@mdri-primarycare.example' }).update({ expiresAt: new Date(Date.now() - 1000) });
    const since = await lastId('staff_audit_trail');
    for (const bearer of [null, expired, 'Zm9yZ2VkLXRva2VuLWZvci1zdGFmZi1wb3J0YWw']) {
      expect((await report('?from=2026-03-01&to=2026-03-31', bearer)).status).toBe(401);
    }
    expect(await portal.db.knex('staff_audit_trail').where('id', '>', since)).toEqual([]);
  });
});
