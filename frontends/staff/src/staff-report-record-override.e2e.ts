/**
 * The staff portal beyond the spec in a real browser (issue 14; decision 0029): the practice
 * report's figures for a seeded set of members are on the page (and in the CSV it downloads),
 * the patient view shows a member's record, and staff cancel an appointment inside 24 hours with
 * a reason (the cutoff override). Screenshots at desktop and 390 px are kept for review.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { looksRight, openPatientRecord, staffSignInInBrowser } from '../../../tools/src/testing/staff-browser.ts';
import { signIn as patientSignIn } from '../../../tools/src/testing/sign-in.ts';
import { apiCall, bookBody, openOfficeVisitSlots } from '../../../tools/src/testing/booking-api.ts';
import { moveBookedAppointment } from '../../../tools/src/testing/booking-setup.ts';
import { activeMembership } from '../../../tools/src/testing/members.ts';

const setup = portalInBrowser({ worker: false });
const STAFF = 'practice.manager@mdri-primarycare.example';

const signIn = (page: Page, email = STAFF): Promise<void> => staffSignInInBrowser(setup.portal, page, email, 'Practice Manager');

const at = (iso: string) => new Date(iso);
let n = 0;
const member = (overrides: Record<string, unknown>) => ({
  athenaPatientId: String(910_000 + n++),
  status: 'active',
  membershipTier: '120_annual',
  department: '1',
  stripeCustomerId: `cus_e2e${n}`,
  stripeSubscriptionId: `sub_e2e${n}`,
  membershipStartDate: at('2025-10-01T15:00:00Z'),
  createdAt: at('2025-10-01T14:00:00Z'),
  updatedAt: at('2025-10-01T15:00:00Z'),
  ...overrides,
});
const unpaid = { stripeCustomerId: null, stripeSubscriptionId: null, membershipStartDate: null };

/** Known members: 3 active (2 Enhanced Annual at 1, 1 Concierge Annual at 2, new in March), 1 cancelled and 1 past due in March, 2 declines (1 hardship). */
const SEEDED = [
  member({}),
  member({}),
  member({ membershipTier: '500_concierge_annual', department: '2', membershipStartDate: at('2026-03-12T15:00:00Z') }),
  member({ status: 'cancelled', updatedAt: at('2026-03-18T15:00:00Z') }),
  member({ status: 'past_due', membershipTier: '70_biannual', updatedAt: at('2026-03-20T15:00:00Z') }),
  member({ status: 'declined', membershipTier: 'decline', ...unpaid, createdAt: at('2026-03-05T15:00:00Z') }),
  member({ status: 'declined', membershipTier: 'decline_hardship', ...unpaid, createdAt: at('2026-03-06T15:00:00Z') }),
];

const figure = (page: Page, term: string) => page.locator('.staff-figures div', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');

describe('/staff beyond the spec: practice report, patient view, cutoff override', () => {
  it('shows the report for seeded members and downloads its CSV; shows a patient record; cancels inside 24 hours with a reason', async () => {
    await setup.portal.db.knex('enrollments').insert(SEEDED);
    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(15_000);
    await signIn(page);

    // The practice report, March 2026.
    await page.getByRole('button', { name: 'Practice Report' }).click();
    await page.getByRole('heading', { name: 'Practice Report' }).waitFor();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-03-01');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-03-31');
    await page.getByRole('button', { name: 'Show Report' }).click();
    await page.getByRole('heading', { name: '2026-03-01 to 2026-03-31' }).waitFor();
    const figures = {
      active: await figure(page, 'Active members').textContent(),
      mrr: await figure(page, 'Monthly recurring revenue').textContent(),
      newMembers: await figure(page, 'New members').textContent(),
      cancelled: await figure(page, 'Cancelled members').textContent(),
      pastDue: await figure(page, 'Past due now').textContent(),
      declines: await figure(page, 'Declines').textContent(),
      hardship: await figure(page, 'Hardship declines').textContent(),
    };
    expect(figures).toEqual({ active: '3', mrr: '$61.67 / month', newMembers: '1', cancelled: '1', pastDue: '1 (1 in period)', declines: '1', hardship: '1' });
    // The chart is an image with the figures in its name, and the same figures are in a table.
    await page.getByRole('img', { name: /Active members by tier: Enhanced Annual: 2, Enhanced 6 Month: 0, Concierge 6 Month: 0, Concierge Annual: 1/ }).waitFor();
    const tierRows = await page.getByRole('region', { name: 'Active members by tier' }).locator('tbody tr').allTextContents();
    expect(tierRows).toEqual(['Enhanced Annual2$20', 'Enhanced 6 Month0$0', 'Concierge 6 Month0$0', 'Concierge Annual1$41.67']);
    await looksRight(page, 'report desktop');
    await page.screenshot({ path: 'test-results/staff-report-desktop.png', fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('practice-report-2026-03-01-to-2026-03-31.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Summary,Active members,3\r\n');
    expect(csv).toContain('Summary,Monthly recurring revenue (USD),61.67\r\n');
    expect(csv).toContain('Summary,Hardship declines in period,1\r\n');
    expect(csv).toContain('Active by tier,Concierge Annual,1\r\n');

    await page.setViewportSize({ width: 390, height: 844 });
    await looksRight(page, 'report phone');
    await page.screenshot({ path: 'test-results/staff-report-390.png', fullPage: true });

    // Margaret: a member with an appointment that starts in 5 hours (the patient cannot cancel it).
    await activeMembership(setup.portal.db.knex, PATIENT_IDS.margaret);
    const margaret = (await patientSignIn({ apiUrl: setup.portal.url, personId: PATIENT_IDS.margaret })).portal;
    const { typeId, slots } = await openOfficeVisitSlots(setup.portal.url, margaret, 1, 30);
    const slot = slots[0]!;
    expect((await apiCall(setup.portal.url, margaret, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(slot, typeId))).status).toBe(200);
    const { at: soon } = await moveBookedAppointment(setup.portal, slot.appointmentId, new Date(Date.now() + 5 * 3600 * 1000));
    expect((await apiCall(setup.portal.url, margaret, 'PUT', `/api/appointments/${slot.appointmentId}/cancel`)).status).toBe(409);

    // The patient view.
    await page.getByRole('button', { name: 'Patients' }).click();
    const record = await openPatientRecord(page, setup.portal, PATIENT_IDS.margaret);
    await record.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
    await record.getByText('Within 24 hours').waitFor();
    await record.getByRole('region', { name: 'Enrollments' }).getByText('Enhanced Annual').waitFor();
    await record.getByText('No Stripe subscription.').waitFor();
    await looksRight(page, 'patient record phone');
    await page.screenshot({ path: 'test-results/staff-patient-record-390.png', fullPage: true });

    // The override: a reason is required.
    await record.getByRole('button', { name: `Cancel the appointment on ${soon.date} at ${soon.time}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await dialog.getByText(/within 24 hours/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await dialog.getByText('A reason is required to change an appointment inside 24 hours').waitFor();
    await looksRight(page, 'override dialog');
    await page.screenshot({ path: 'test-results/staff-override-390.png' });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Patient phoned: fever, cannot come in');
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await page.getByText('Appointment cancelled', { exact: true }).waitFor();
    await record.getByText('No upcoming appointments.').waitFor();
    expect(await setup.portal.db.knex('staff_audit_trail').where({ staffEmail: STAFF, action: 'cancel_appointment_override' })).toEqual([
      expect.objectContaining({ athenaPatientId: String(PATIENT_IDS.margaret), metadata: expect.objectContaining({ appointmentId: slot.appointmentId, insideCutoff: true, reason: 'Patient phoned: fever, cannot come in' }) }),
    ]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/staff-patient-record-desktop.png', fullPage: true });
    await page.close();
  }, 180_000);
});
