/**
 * The booking screens in Spanish (issue 26): the week selector labels the server's weeks with
 * Spanish dates (Intl), the slots read their times as '9:00 a.m.', the provider step says
 * 'Sin preferencia', each through the Spanish catalog (messages/es.json).
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { pageHeading, stepTitle, initialBookingState } from './booking-flow.ts';
import { messages } from './i18n.ts';
import { groupProviders } from './providers.ts';
import { serverBookingWeeks, slotDayLabel, slotLabel, slotTime, slotsByDay, weeksToShow } from './schedule.ts';

const es = { t: messages.t, locale: 'es-US' as const };
beforeAll(() => messages.load('es-US'));

// The server's weeks: week 0 is Monday 03/02/2026 to Friday 03/06/2026.
const server = [
  { start: '2026-03-02', end: '2026-03-06' },
  { start: '2026-03-09', end: '2026-03-13' },
  { start: '2026-03-16', end: '2026-03-20' },
  { start: '2026-03-23', end: '2026-03-27' },
  { start: '2026-03-30', end: '2026-04-03' },
  { start: '2026-04-06', end: '2026-04-10' },
];

describe('the week selector in Spanish', () => {
  it("labels the server's weeks with Spanish dates, for the eye and for a screen reader", () => {
    const weeks = serverBookingWeeks(es, server);
    expect(weeks?.map((week) => week.label)).toEqual(['Esta semana', 'Próxima semana', 'Semana del 16 mar', 'Semana del 23 mar', 'Semana del 30 mar', 'Semana del 6 abr']);
    expect(weeks?.[4]?.range).toBe('30 mar – 3 abr');
    expect(weeks?.[0]?.accessibleLabel).toBe('Esta semana, del lunes 2 de marzo de 2026 al viernes 6 de marzo de 2026');
    // The dates the requests carry stay MM/DD/YYYY.
    expect(weeks?.[2]).toMatchObject({ monday: '03/16/2026', friday: '03/20/2026' });
  });

  it("dates them by the server's clock, not the browser's a day ahead", () => {
    expect(weeksToShow(es, server, new Date('2026-03-07T15:00:00Z'))[2]?.label).toBe('Semana del 16 mar');
  });
});

describe('slots in Spanish', () => {
  it('read their times and days through Intl', () => {
    expect(slotTime('09:00', 'es-US')).toBe('9:00 a.m.');
    expect(slotTime('13:30', 'es-US')).toBe('1:30 p.m.');
    expect(slotTime('13:30', 'en-US')).toBe('1:30 PM');
    const [day] = slotsByDay([{ appointmentId: 'a', date: '03/02/2026', time: '08:15' }]);
    expect(slotDayLabel(es, day!.date)).toBe('lunes, 2 de marzo de 2026');
    expect(slotLabel(es, '03/02/2026', '08:15')).toBe('lunes, 2 de marzo de 2026, 8:15 a.m.');
  });
});

describe('the wizard in Spanish', () => {
  it("says 'Sin preferencia' first, 'Proveedor' for no specialty, and the steps' titles", () => {
    const groups = groupProviders(es.t, [{ id: '2', name: 'Ben Bell', displayName: 'Ben Bell, NP', specialty: null }]);
    expect(groups.map((group) => group.specialty)).toEqual(['Sin preferencia', 'Proveedor']);
    expect(groups[0]?.noPreference).toBe(true);
    expect(stepTitle(es.t, 'member', 0)).toBe('Sede del consultorio');
    expect(pageHeading(es.t, initialBookingState, false)?.title).toBe('Reservar una cita');
  });
});

describe('the appointment type step in Spanish', () => {
  it("says 'with any provider' for No Preference, the provider's name otherwise", () => {
    expect(messages.t('types.with', { provider: 'Sin preferencia', any: 'yes' })).toBe('Con cualquier proveedor');
    expect(messages.t('types.with', { provider: 'Sarah Chen, MD', any: 'no' })).toBe('Con Sarah Chen, MD');
  });
});
