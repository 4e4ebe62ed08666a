/**
 * The staff reschedule override in a real browser (issue 14; decision 0029): a member's
 * appointment starts in 5 hours (the patient cannot move it); staff open the patient view, choose
 * Reschedule, pick a week, any provider and an open time, are told the reason is required, give
 * it, and the patient view then shows the new time. Screenshots at 390 px are kept for review.
 */
import { describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { looksRight, openPatientRecord, staffSignInInBrowser } from '../../../tools/src/testing/staff-browser.ts';
import { signIn as patientSignIn } from '../../../tools/src/testing/sign-in.ts';
import { apiCall, bookBody, openOfficeVisitSlots } from '../../../tools/src/testing/booking-api.ts';
import { moveBookedAppointment } from '../../../tools/src/testing/booking-setup.ts';
import { activeMembership } from '../../../tools/src/testing/members.ts';

const setup = portalInBrowser({ worker: false });
const STAFF = 'front.desk@mdri-primarycare.example';

describe('/staff: the reschedule override', () => {
  it('moves an appointment inside 24 hours to an open time with a required reason; the patient view shows the new time', async () => {
    // Jordan: a member with an appointment that starts in 5 hours (the patient cannot reschedule it).
    await activeMembership(setup.portal.db.knex, PATIENT_IDS.jordan);
    const jordan = (await patientSignIn({ apiUrl: setup.portal.url, personId: PATIENT_IDS.jordan })).portal;
    const { typeId, slots } = await openOfficeVisitSlots(setup.portal.url, jordan, 1, 30);
    const slot = slots[0]!;
    expect((await apiCall(setup.portal.url, jordan, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/book`, bookBody(slot, typeId))).status).toBe(200);
    const { at: soon } = await moveBookedAppointment(setup.portal, slot.appointmentId, new Date(Date.now() + 5 * 3600 * 1000));
    // Next week's open times at location 1, any provider: what the dialog offers.
    const nextWeek = (await apiCall(setup.portal.url, jordan, 'GET', `/api/appointments/availability?departmentId=1&providerId=any&appointmentTypeId=${typeId}&week=1`)).body.slots as Array<{ appointmentId: string; date: string; time: string }>;
    expect(nextWeek.length).toBeGreaterThan(0);

    const page = await setup.browser.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(15_000);
    await staffSignInInBrowser(setup.portal, page, STAFF, 'Front Desk');

    const record = await openPatientRecord(page, setup.portal, PATIENT_IDS.jordan);
    await record.getByText(`${soon.date} at ${soon.time}`).waitFor();
    await record.getByText('Within 24 hours').waitFor();
    await looksRight(page, 'patient record with Reschedule');

    await record.getByRole('button', { name: `Reschedule the appointment on ${soon.date} at ${soon.time}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    await dialog.getByText(/within 24 hours/).waitFor();
    await dialog.getByRole('combobox', { name: 'Week' }).selectOption({ label: 'Next week' });
    await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Any provider at this location' });
    const times = dialog.getByRole('combobox', { name: /Open time/ });
    await times.locator(`option[value="${nextWeek[0]!.appointmentId}"]`).waitFor({ state: 'attached' });
    const offered = await times.locator('option:not([disabled])').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toEqual(nextWeek.map((open) => open.appointmentId));

    // Neither a time nor a reason: both are asked for, nothing is sent.
    await dialog.getByRole('button', { name: 'Reschedule Appointment' }).click();
    await dialog.getByText('Choose an open time', { exact: true }).last().waitFor();
    await dialog.getByText('A reason is required to change an appointment inside 24 hours').waitFor();
    const target = nextWeek[nextWeek.length > 1 ? 1 : 0]!;
    await times.selectOption(target.appointmentId);
    await dialog.getByRole('button', { name: 'Reschedule Appointment' }).click();
    await dialog.getByText('A reason is required to change an appointment inside 24 hours').waitFor();
    expect(await setup.portal.db.knex('staff_audit_trail').where({ staffEmail: STAFF, action: 'reschedule_appointment_override' })).toEqual([]);
    await looksRight(page, 'reschedule dialog');
    await page.screenshot({ path: 'test-results/staff-reschedule-390.png' });

    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Patient phoned: car broke down');
    await dialog.getByRole('button', { name: 'Reschedule Appointment' }).click();
    await page.getByText('Appointment rescheduled', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await record.getByText(`${target.date} at ${target.time}`).waitFor();
    expect(await record.getByText(`${soon.date} at ${soon.time}`).count()).toBe(0);
    expect(await record.getByText('Within 24 hours').count()).toBe(0);
    expect(await setup.portal.db.knex('staff_audit_trail').where({ staffEmail: STAFF, action: 'reschedule_appointment_override' })).toEqual([
      expect.objectContaining({
        athenaPatientId: String(PATIENT_IDS.jordan),
        metadata: expect.objectContaining({ appointmentId: slot.appointmentId, newAppointmentId: target.appointmentId, insideCutoff: true, reason: 'Patient phoned: car broke down' }),
      }),
    ]);
    await looksRight(page, 'patient record after the reschedule');
    await page.screenshot({ path: 'test-results/staff-rescheduled-390.png', fullPage: true });
    await record.screenshot({ path: 'test-results/staff-rescheduled-record-390.png' });
    await page.close();
  }, 180_000);
});
