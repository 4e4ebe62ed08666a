/**
 * Appointment reminders with two workers on one database: each reminder goes once, none for a
 * cancelled booking or for a lead that had passed when the booking was made.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { capturingLogger } from '@portal/composition/testing.ts';
import { PATIENT_IDS } from '../../provider-sandbox/src/seed/patients.ts';
import { startTestPortal, type TestPortal } from '../../../tools/src/testing/portal.ts';
import { SEND_APPOINTMENT_REMINDERS, startWorker, type RunningWorker } from './worker.ts';

let portal: TestPortal;
let second: RunningWorker;

beforeAll(async () => {
  portal = await startTestPortal({ worker: { concurrency: 3, pollIntervalMs: 50 } });
  second = await startWorker({ databaseUrl: portal.db.url, env: portal.env, logger: capturingLogger().logger, migrate: false, concurrency: 3, pollIntervalMs: 50 });
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await portal?.close();
});

const HOUR = 3_600_000;
const booking = (patientId: number, startsInHours: number, bookedHoursAgo: number, status = 'booked', slot = String(9_000_000 + patientId)) => ({
  department: '1',
  athenaPatientId: String(patientId),
  athenaAppointmentId: slot,
  appointmentTypeId: '2',
  appointmentType: 'Office Visit',
  appointmentDate: '01/01/2027',
  appointmentTime: '09:00',
  startsAt: new Date(Date.now() + startsInHours * HOUR),
  bookedAt: new Date(Date.now() - bookedHoursAgo * HOUR),
  calendarUid: slot,
  status,
});

const inbox = async (to: string): Promise<string[]> =>
  ((await (await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as Array<{ subject: string }>).map((message) => message.subject);

const runs = async (count: number): Promise<void> => {
  await Promise.all(Array.from({ length: count }, () => portal.db.knex.raw('select graphile_worker.add_job(?)', [SEND_APPOINTMENT_REMINDERS])));
  for (let tries = 0; tries < 200; tries += 1) {
    const left = Number((await portal.db.knex.raw('select count(*)::int as n from graphile_worker.jobs where task_identifier = ?', [SEND_APPOINTMENT_REMINDERS])).rows[0].n);
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('reminder jobs did not finish');
};

it('sends each due reminder once across two workers and ten runs, and none that is not due', async () => {
  await portal.db.knex('appointments').insert([
    booking(PATIENT_IDS.margaret, 47, 120),
    booking(PATIENT_IDS.jordan, 1.5, 72),
    booking(PATIENT_IDS.emma, 40, 100, 'cancelled'),
    booking(PATIENT_IDS.olivia, 30, 1),
    booking(PATIENT_IDS.paul, 72, 100),
  ]);
  await runs(10);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await inbox('margaret.sullivan@example.com')).toEqual(['Reminder: your appointment at MDRI Primary Care in two days']);
  expect(await inbox('jordan.reyes@example.com')).toEqual(['Reminder: your appointment at MDRI Primary Care today']);
  expect(await inbox('emma.bennett@example.com')).toEqual([]);
  expect(await inbox('olivia.hart@example.com')).toEqual([]);
  expect(await inbox('paul.whitaker@example.com')).toEqual([]);
  const ledger = await portal.db.knex('appointment_reminders').select('kind').whereNotNull('sentAt').orderBy('kind');
  expect(ledger.map((row: { kind: string }) => row.kind)).toEqual(['2h', '48h']);

  // Later runs send nothing again.
  await runs(4);
  expect(await inbox('margaret.sullivan@example.com')).toHaveLength(1);
}, 60_000);

it("sends the reminder in the language kept with the patient (issue 26)", async () => {
  await portal.db.knex('patient_languages').insert({ athenaPatientId: String(PATIENT_IDS.tyler), locale: 'es-US', updatedAt: new Date() });
  await portal.db.knex('appointments').insert([booking(PATIENT_IDS.tyler, 47, 120)]);
  await runs(2);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await inbox('tyler.brooks@example.com')).toEqual(['Recordatorio: su cita en MDRI Primary Care es en dos días']);
}, 60_000);
