/** Booking over HTTP as a signed-in browser does it: shared by the API's booking and waitlist tests. */
import { expect } from '@jest/globals';
import type { signIn } from './sign-in.ts';

export type SignedInBrowser = Awaited<ReturnType<typeof signIn>>['portal'];
export interface OpenSlot {
  readonly appointmentId: string;
  readonly date: string;
  readonly time: string;
  readonly providerId: string;
}

export const apiCall = async (apiUrl: string, browser: SignedInBrowser, method: string, path: string, body?: unknown) => {
  const response = await browser.fetch(`${apiUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

/** Open Office Visit slots at location 1, from booking week `week` on, at least `minHoursAway` out, soonest first. */
export const openOfficeVisitSlots = async (apiUrl: string, browser: SignedInBrowser, week = 1, minHoursAway = 30) => {
  const types = await apiCall(apiUrl, browser, 'GET', '/api/appointment-types?providerId=any');
  const officeVisit = types.body.appointmentTypes.find((type: { name: string }) => type.name === 'Office Visit');
  const slots: OpenSlot[] = [];
  for (let w = week; w < 6 && slots.length < 12; w += 1) {
    const answer = await apiCall(apiUrl, browser, 'GET', `/api/appointments/availability?departmentId=1&providerId=any&appointmentTypeId=${officeVisit.id}&week=${w}`);
    expect(answer.status).toBe(200);
    slots.push(...answer.body.slots);
  }
  const startOf = (slot: { date: string; time: string }) => {
    const [m, d, y] = slot.date.split('/');
    return new Date(`${y}-${m}-${d}T${slot.time}:00-05:00`).getTime();
  };
  return { typeId: officeVisit.id as string, slots: slots.filter((slot) => startOf(slot) - Date.now() > minHoursAway * 3600_000) };
};

export const bookBody = (slot: OpenSlot, typeId: string) => ({
  providerId: slot.providerId,
  appointmentId: slot.appointmentId,
  appointmentDate: slot.date,
  appointmentTime: slot.time,
  appointmentTypeId: typeId,
});
