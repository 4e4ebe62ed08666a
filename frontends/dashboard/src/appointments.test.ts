import { beforeAll, describe, expect, it } from '@jest/globals';
import { UNKNOWN_PROVIDER, changeOffer, departmentName, formatAppointmentDate, formatAppointmentTime, providerFact, rescheduleHref } from './appointments.ts';
import { messages } from './i18n.ts';

// The screens' words come from the catalog: these read the English one.
const t = messages.t;
beforeAll(() => messages.load('en-US'));

describe('an upcoming appointment on the dashboard', () => {
  it('reads as MM/DD/YYYY, h:mm AM/PM and the location name', () => {
    expect(formatAppointmentDate('3/9/2026')).toBe('03/09/2026');
    expect(formatAppointmentDate('2026-03-09')).toBe('03/09/2026');
    expect(formatAppointmentTime('08:05')).toBe('8:05 AM');
    expect(formatAppointmentTime('13:30')).toBe('1:30 PM');
    expect(formatAppointmentTime('12:00')).toBe('12:00 PM');
    expect(departmentName(t, '1')).toBe('Valley Family Practice');
    expect(rescheduleHref('1234')).toBe('/appointments?reschedule=1234');
  });

  it("offers Cancel and Reschedule as the server decided, both when an older server sent no decision", () => {
    expect(changeOffer({ canCancel: true, canReschedule: true })).toEqual({ canCancel: true, canReschedule: true });
    expect(changeOffer({ canCancel: false, canReschedule: false })).toEqual({ canCancel: false, canReschedule: false });
    expect(changeOffer({})).toEqual({ canCancel: true, canReschedule: true });
  });
});

describe("an upcoming appointment's provider", () => {
  const providers = [
    { id: '15', name: 'Sarah Chen', displayName: 'Sarah Chen, MD' },
    { id: '8', name: 'Omar Haddad', displayName: '' },
  ];
  it('is the name the location\'s list gives, display name first', () => {
    expect(providerFact(t, '15', { isPending: false, providers })).toBe('Sarah Chen, MD');
    expect(providerFact(t, '8', { isPending: false, providers })).toBe('Omar Haddad');
  });
  it('is not drawn while the list loads (the row waits), nor before the list is asked for', () => {
    expect(providerFact(t, '15', { isPending: true })).toBeNull();
    expect(providerFact(t, '15', undefined)).toBeNull();
  });
  it("says 'Your provider' only once the list is settled without the name (not listed, or not readable)", () => {
    expect(providerFact(t, '99', { isPending: false, providers })).toBe(UNKNOWN_PROVIDER);
    expect(providerFact(t, '15', { isPending: false })).toBe(UNKNOWN_PROVIDER);
  });
});
