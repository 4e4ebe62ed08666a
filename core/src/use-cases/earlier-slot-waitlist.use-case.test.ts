import { beforeEach, describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type { OutgoingEmail } from '../ports/mailer.port.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { FakeSchedule, MemoryAppointments, MemoryWaitlist, appointment, noCache } from '../testing/in-memory-booking.ts';
import { PlainSignedTokens } from '../testing/in-memory-verification.ts';
import { InMemoryPatientLanguages } from '../testing/in-memory-patient-languages.ts';
import { cancelAppointment } from './cancel-appointment.use-case.ts';
import { ENHANCED_OFFER_DELAY_MS, OFFER_GONE_MESSAGE, offerFreedSlot, sendDueOffers, setWaitlist, takeOffer, viewOffer, type WaitlistDeps } from './earlier-slot-waitlist.use-case.ts';

// 12/08/2026 09:00 in New York is 14:00Z. Now: 12/01 12:00Z (a week before).
const NOW = '2026-12-01T12:00:00Z';
const EMAILS: Record<string, string> = { '1': 'early@example.test', '2': 'concierge@example.test', '3': 'enhanced@example.test', '4': 'other-doctor@example.test' };

let scheduling: FakeSchedule;
let waitlist: MemoryWaitlist;
let clock: FixedClock;
let sent: OutgoingEmail[];
let deps: WaitlistDeps;

const join = async (patientId: string, appointmentId: string, date: string, time: string, options: { concierge: boolean; scope?: 'same-provider' | 'any-provider'; providerId?: string }) => {
  scheduling.add({ ...appointment(appointmentId, date, time, 'f', patientId), providerId: options.providerId ?? '8' });
  const [month, day, year] = date.split('/');
  await setWaitlist(deps, {
    appointment: {
      athenaPatientId: patientId,
      athenaAppointmentId: appointmentId,
      appointmentTypeId: '2',
      departmentId: '1',
      providerId: options.providerId ?? '8',
      concierge: options.concierge,
      date,
      startTime: time,
      // EST (UTC-5) in December.
      startsAt: new Date(`${year}-${month}-${day}T${String(Number(time.slice(0, 2)) + 5).padStart(2, '0')}:${time.slice(3)}:00Z`),
    },
    scope: options.scope ?? 'same-provider',
  });
};

/** The links in the emails sent so far, by recipient. */
const linkFor = (to: string): string | null => {
  const email = sent.filter((message) => message.to === to).at(-1);
  const match = email?.text.match(/#token=(\S+)/);
  return match ? decodeURIComponent(match[1]!) : null;
};

beforeEach(() => {
  scheduling = new FakeSchedule();
  scheduling.reopens = true;
  waitlist = new MemoryWaitlist();
  clock = new FixedClock(NOW);
  sent = [];
  deps = {
    waitlist,
    booking: { scheduling, appointments: new MemoryAppointments(), upcoming: noCache, clock },
    tokens: new PlainSignedTokens(),
    mailer: { send: async (email) => void sent.push(email) },
    patients: { getPatient: async (patientId) => ({ patientId, email: EMAILS[patientId] ?? null }) as never },
    clock,
    publicOrigin: 'https://portal.example.test',
  };
});

/** Patient 1 cancels 12/08 09:00; the record reopens it as '5000'. */
const freeEarlySlot = async () => {
  scheduling.add(appointment('500', '12/08/2026', '09:00', 'f', '1'));
  const cancelled = await cancelAppointment(deps.booking, { appointmentId: '500', mayActFor: () => true });
  expect(E.isRight(cancelled)).toBe(true);
  return offerFreedSlot(deps, { departmentId: '1', providerId: '8', date: '12/08/2026', startTime: '09:00' });
};

describe('offering a freed slot', () => {
  it('emails Concierge members at once and Enhanced members 15 minutes later, each once', async () => {
    await join('2', '600', '12/15/2026', '10:00', { concierge: true });
    await join('3', '700', '12/16/2026', '10:00', { concierge: false });
    expect(await freeEarlySlot()).toEqual({ offered: 2 });
    expect(sent.map((email) => email.to)).toEqual(['concierge@example.test']);
    expect(sent[0]!.text).toContain('https://portal.example.test/appointments/earlier-slot#token=');

    clock.set(new Date(new Date(NOW).getTime() + ENHANCED_OFFER_DELAY_MS - 1000));
    expect(await sendDueOffers(deps)).toEqual({ sent: 0 });
    clock.set(new Date(new Date(NOW).getTime() + ENHANCED_OFFER_DELAY_MS));
    expect(await sendDueOffers(deps)).toEqual({ sent: 1 });
    expect(await sendDueOffers(deps)).toEqual({ sent: 0 });
    expect(sent.map((email) => email.to)).toEqual(['concierge@example.test', 'enhanced@example.test']);
  });

  it('offers it only to members whose appointment is later, movable (over 24 hours away) and with that provider or any', async () => {
    clock.set('2026-12-07T12:00:00Z');
    await join('2', '600', '12/08/2026', '08:00', { concierge: true }); // earlier than the slot
    await join('3', '700', '12/08/2026', '11:00', { concierge: true }); // later, but inside 24 hours
    await join('4', '800', '12/20/2026', '10:00', { concierge: true, providerId: '3' }); // another provider, same-provider only
    await join('5', '900', '12/21/2026', '10:00', { concierge: true, providerId: '3', scope: 'any-provider' });
    EMAILS['5'] = 'any@example.test';
    scheduling.add(appointment('500', '12/09/2026', '09:00', 'f', '1'));
    await cancelAppointment(deps.booking, { appointmentId: '500', mayActFor: () => true });
    expect(await offerFreedSlot(deps, { departmentId: '1', providerId: '8', date: '12/09/2026', startTime: '09:00' })).toEqual({ offered: 1 });
    expect(sent.map((email) => email.to)).toEqual(['any@example.test']);
  });

  it("writes each offer in its member's language (issue 26), English where none is known, word for word as before", async () => {
    const languages = new InMemoryPatientLanguages({ '2': 'es-US' });
    deps = { ...deps, languages };
    await join('2', '600', '12/15/2026', '10:00', { concierge: true });
    await join('3', '700', '12/16/2026', '10:00', { concierge: false });
    await freeEarlySlot();
    clock.set(new Date(new Date(NOW).getTime() + ENHANCED_OFFER_DELAY_MS));
    await sendDueOffers(deps);
    const [spanish, english] = sent;
    expect(spanish?.to).toBe('concierge@example.test');
    expect(spanish?.subject).toBe('Hay una cita más temprana disponible en MDRI Primary Care');
    expect(spanish?.text).toContain('Usted pidió que le avisáramos si hubiera una cita más temprana.');
    expect(spanish?.text).toContain('Disponible: martes, 8 de diciembre de 2026, 9:00 a.m. EST\nSu cita actual: martes, 15 de diciembre de 2026, 10:00 a.m. EST');
    expect(spanish?.text).toMatch(/abra este enlace: https:\/\/portal\.example\.test\/appointments\/earlier-slot#token=\S+\n/);
    expect(english?.to).toBe('enhanced@example.test');
    expect(english?.subject).toBe('An earlier appointment time is available at MDRI Primary Care');
    expect(english?.text.replace(/#token=\S+/, '#token=T')).toBe(
      [
        'You asked to hear of an earlier appointment time.',
        '',
        'Available: Tuesday, December 8, 2026 at 9:00 AM EST',
        'Your appointment now: Wednesday, December 16, 2026 at 10:00 AM EST',
        '',
        'To move your appointment to the earlier time in one step, open this link: https://portal.example.test/appointments/earlier-slot#token=T',
        '',
        'Other members on the waitlist may take this time first; the link works once and lapses when the time has passed. If you do nothing, your appointment stays as it is.',
      ].join('\n'),
    );
    expect(languages.asked).toEqual(['2', '3']);
  });

  it('offers nothing when the record has not reopened the slot, and a slot once only', async () => {
    await join('2', '600', '12/15/2026', '10:00', { concierge: true });
    expect(await offerFreedSlot(deps, { departmentId: '1', providerId: '8', date: '12/08/2026', startTime: '09:00' })).toEqual({ offered: 0 });
    await freeEarlySlot();
    expect(await offerFreedSlot(deps, { departmentId: '1', providerId: '8', date: '12/08/2026', startTime: '09:00' })).toEqual({ offered: 0 });
    expect(sent).toHaveLength(1);
  });
});

describe('taking an offer', () => {
  it('moves the appointment in one step; the link works once; the other member is told it is gone', async () => {
    await join('2', '600', '12/15/2026', '10:00', { concierge: true });
    await join('3', '700', '12/16/2026', '10:00', { concierge: false });
    await freeEarlySlot();
    clock.set(new Date(new Date(NOW).getTime() + ENHANCED_OFFER_DELAY_MS));
    await sendDueOffers(deps);
    const concierge = linkFor('concierge@example.test');
    const enhanced = linkFor('enhanced@example.test');

    expect((await viewOffer(deps, enhanced))?.state).toBe('open');
    const taken = await takeOffer(deps, enhanced);
    expect(E.isRight(taken) && taken.right.appointment.athenaAppointmentId).toBe('5000');
    expect(scheduling.rows.get('5000')).toMatchObject({ appointmentStatus: 'f', patientId: '3' });
    expect(scheduling.rows.get('700')?.appointmentStatus).toBe('x');
    expect(waitlist.entries.map((entry) => entry.athenaAppointmentId)).toEqual(['600']);

    expect(await takeOffer(deps, enhanced)).toEqual(E.left(expect.objectContaining({ code: 'WAITLIST.USED' })));
    expect((await viewOffer(deps, concierge))?.state).toBe('taken');
    expect(await takeOffer(deps, concierge)).toEqual(E.left({ code: 'WAITLIST.GONE', message: OFFER_GONE_MESSAGE }));
    expect(scheduling.rows.get('600')).toMatchObject({ appointmentStatus: 'f', patientId: '2' });
  });

  it('two members confirming at once: exactly one moves', async () => {
    await join('2', '600', '12/15/2026', '10:00', { concierge: true });
    await join('3', '700', '12/16/2026', '10:00', { concierge: true });
    await freeEarlySlot();
    const results = await Promise.all([takeOffer(deps, linkFor('concierge@example.test')), takeOffer(deps, linkFor('enhanced@example.test'))]);
    expect(results.filter(E.isRight)).toHaveLength(1);
    expect(results.filter(E.isLeft).map((result) => E.isLeft(result) && result.left.code)).toEqual(['WAITLIST.GONE']);
  });

  it('a slot booked outside the waitlist first is gone for everyone; the member keeps their appointment', async () => {
    await join('2', '600', '12/15/2026', '10:00', { concierge: true });
    await freeEarlySlot();
    scheduling.rows.set('5000', { ...scheduling.rows.get('5000')!, appointmentStatus: 'f', patientId: '9' });
    expect(await takeOffer(deps, linkFor('concierge@example.test'))).toEqual(E.left(expect.objectContaining({ code: 'WAITLIST.GONE' })));
    expect(scheduling.rows.get('600')).toMatchObject({ appointmentStatus: 'f', patientId: '2' });
  });

  it('refuses a forged, altered or expired link', async () => {
    await join('2', '600', '12/15/2026', '10:00', { concierge: true });
    await freeEarlySlot();
    const token = linkFor('concierge@example.test')!;
    expect(await viewOffer(deps, 'not a token')).toBeNull();
    expect(await viewOffer(deps, token.replace('"entry":"', '"entry":"9'))).toBeNull();
    clock.set('2026-12-08T14:00:00Z'); // the slot's start: the link lapses with it
    expect(await viewOffer(deps, token)).toBeNull();
    expect(await takeOffer(deps, token)).toEqual(E.left(expect.objectContaining({ code: 'WAITLIST.INVALID' })));
  });
});
