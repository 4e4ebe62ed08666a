/** What the dashboard's screens need (booking-dashboard-staff §2). */
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../../../../../tools/src/testing/enrollment-flow.ts';
import type { ProviderStates } from './types.ts';

export const dashboardStates: ProviderStates = {
  /** Margaret signed in with an Enhanced membership paid by card. */
  'a signed-in member with an active membership': async (portal) => {
    const browser = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
    const enrollmentId = await signedEnrollment(portal.url, browser, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
    await paidEnrollment(portal.url, portal.sandbox.url, browser, enrollmentId);
    const cookie = browser.jar.get('portal_session');
    if (!cookie) throw new Error('no session cookie');
    return { sessionCookie: `portal_session=${cookie}` };
  },
};
