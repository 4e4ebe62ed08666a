import { describe, expect, it } from '@jest/globals';
import { UNKNOWN_PROVIDER, appointmentStart, canCancel, departmentName, formatAppointmentDate, formatAppointmentTime, providerFact, rescheduleHref } from './appointments.ts';

describe('an upcoming appointment on the dashboard', () => {
  it('reads as MM/DD/YYYY, h:mm AM/PM and the location name', () => {
    expect(formatAppointmentDate('3/9/2026')).toBe('03/09/2026');
    expect(formatAppointmentDate('2026-03-09')).toBe('03/09/2026');
    expect(formatAppointmentTime('08:05')).toBe('8:05 AM');
    expect(formatAppointmentTime('13:30')).toBe('1:30 PM');
    expect(formatAppointmentTime('12:00')).toBe('12:00 PM');
    expect(departmentName('1')).toBe('Valley Family Practice');
    expect(rescheduleHref('1234')).toBe('/appointments?reschedule=1234');
  });

  it("starts at the wall time on the practice's clock", () => {
    expect(new Date(appointmentStart('03/09/2026', '09:00') ?? 0).toISOString()).toBe('2026-03-09T13:00:00.000Z'); // EDT
    expect(new Date(appointmentStart('03/06/2026', '09:00') ?? 0).toISOString()).toBe('2026-03-06T14:00:00.000Z'); // EST
    expect(appointmentStart('soon', '09:00')).toBeNull();
  });

  it('cannot be cancelled from 24 hours before its start', () => {
    const start = Date.parse('2026-03-12T14:00:00Z'); // 10:00 EDT
    expect(canCancel('03/12/2026', '10:00', new Date(start - 24 * 3_600_000 - 1_000))).toBe(true);
    expect(canCancel('03/12/2026', '10:00', new Date(start - 24 * 3_600_000))).toBe(false);
    expect(canCancel('03/12/2026', '10:00', new Date(start - 3_600_000))).toBe(false);
  });

  it('counts elapsed hours across a DST change', () => {
    // Clocks go forward on Sunday 03/08/2026: Saturday 10:00 EST to Sunday 10:00 EDT is 23 hours.
    const start = appointmentStart('03/08/2026', '10:00') ?? 0;
    const saturdayTenEst = Date.parse('2026-03-07T15:00:00Z');
    expect((start - saturdayTenEst) / 3_600_000).toBe(23);
    expect(canCancel('03/08/2026', '10:00', new Date(saturdayTenEst))).toBe(false);
    expect(canCancel('03/08/2026', '10:00', new Date(saturdayTenEst - 3_600_000 - 1_000))).toBe(true);
  });
});

describe("an upcoming appointment's provider", () => {
  const providers = [
    { id: '15', name: 'Sarah Chen', displayName: 'Sarah Chen, MD' },
    { id: '8', name: 'Omar Haddad', displayName: '' },
  ];
  it('is the name the location\'s list gives, display name first', () => {
    expect(providerFact('15', { isPending: false, providers })).toBe('Sarah Chen, MD');
    expect(providerFact('8', { isPending: false, providers })).toBe('Omar Haddad');
  });
  it('is not drawn while the list loads (the row waits), nor before the list is asked for', () => {
    expect(providerFact('15', { isPending: true })).toBeNull();
    expect(providerFact('15', undefined)).toBeNull();
  });
  it("says 'Your provider' only once the list is settled without the name (not listed, or not readable)", () => {
    expect(providerFact('99', { isPending: false, providers })).toBe(UNKNOWN_PROVIDER);
    expect(providerFact('15', { isPending: false })).toBe(UNKNOWN_PROVIDER);
  });
});
