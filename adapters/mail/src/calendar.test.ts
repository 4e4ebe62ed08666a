/**
 * The calendar file in the patient's language (issue 26): SUMMARY and DESCRIPTION as core's
 * appointment notice writes them, the PRODID's language with them; English unchanged.
 */
import { describe, expect, it } from '@jest/globals';
import { appointmentCalendarEvent, appointmentEmailFor } from '@portal/core';
import { icsOf } from './calendar.ts';

const visit = { uidSeed: '9001', appointmentType: 'Office Visit', departmentId: '1', start: new Date('2026-11-30T13:00:00Z'), durationMinutes: 30 };

/** The file's content lines, folded lines joined again (RFC 5545 §3.1). */
const contentLines = (ics: string): string[] => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const property = (ics: string, name: string): string | undefined => contentLines(ics).find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
/** A TEXT value read back: escaped commas, semicolons and backslashes as written. */
const text = (value: string | undefined): string | undefined => value?.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, '\n');

describe('icsOf', () => {
  it("writes SUMMARY and DESCRIPTION in Spanish for an 'es-US' booking, as the email carries it", () => {
    const { calendar } = appointmentEmailFor('ana@example.com', appointmentCalendarEvent(visit, { sequence: 0, method: 'REQUEST' }), 'booked', 'es-US');
    const ics = icsOf(calendar);
    expect(text(property(ics, 'SUMMARY'))).toBe('Office Visit en MDRI Primary Care');
    expect(text(property(ics, 'DESCRIPTION'))).toBe(
      'Por favor, llegue 15 minutos antes. Para reprogramar o cancelar su cita, use Administrar citas en el portal para miembros hasta el domingo, 29 de noviembre de 2026, 8:00 a.m. EST; después, por favor llame al consultorio.',
    );
    expect(property(ics, 'PRODID')).toMatch(/\/\/ES$/);
    expect(property(ics, 'METHOD')).toBe('REQUEST');
    expect(property(ics, 'UID')).toBe('appointment-9001@member-portal');
  });

  it('a cancelled Spanish booking says so in Spanish', () => {
    const { calendar } = appointmentEmailFor('ana@example.com', appointmentCalendarEvent(visit, { sequence: 1, method: 'CANCEL' }), 'cancelled', 'es-US');
    const ics = icsOf(calendar);
    expect(text(property(ics, 'DESCRIPTION'))).toBe('Esta cita fue cancelada.');
    expect(property(ics, 'METHOD')).toBe('CANCEL');
    expect(property(ics, 'STATUS')).toBe('CANCELLED');
  });

  it('English stays as it was', () => {
    const ics = icsOf(appointmentCalendarEvent(visit, { sequence: 0, method: 'REQUEST' }));
    expect(text(property(ics, 'SUMMARY'))).toBe('Office Visit at MDRI Primary Care');
    expect(text(property(ics, 'DESCRIPTION'))).toBe(
      'Please arrive 15 minutes early. To reschedule or cancel, use Manage Appointments in the member portal until Sunday, November 29, 2026 at 8:00 AM EST; after that, please call the office.',
    );
    expect(property(ics, 'PRODID')).toMatch(/\/\/EN$/);
  });
});
