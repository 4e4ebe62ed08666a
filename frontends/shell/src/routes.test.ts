import { describe, expect, it } from '@jest/globals';
import { MICRO_FRONTENDS, headerFor, isActiveFor, isKnownRoute, redirectFor } from './routes.ts';

const ownerOf = (pathname: string): string | undefined => MICRO_FRONTENDS.find((route) => isActiveFor(route, pathname))?.name;

describe('route table', () => {
  it('gives the sign-in pages, the logout confirmation and the auth redirects to identity', () => {
    for (const path of ['/login', '/guest-login', '/logout-confirmation', '/enrollment-auth', '/appointment-auth']) {
      expect(ownerOf(path)).toBe('identity');
    }
  });

  it('gives / and /dashboard to the dashboard, without redirecting the root', () => {
    expect(ownerOf('/')).toBe('dashboard');
    expect(ownerOf('/dashboard')).toBe('dashboard');
    expect(redirectFor('/')).toBeNull();
  });

  it('gives /staff to the staff portal', () => {
    expect(ownerOf('/staff')).toBe('staff');
    expect(isKnownRoute('/staff')).toBe(true);
  });

  it('gives /enrollment, its provider-login screens and the declination confirmation to enrollment', () => {
    for (const path of [
      '/enrollment',
      '/enrollment/practice-location',
      '/enrollment/membership-tier',
      '/declination-confirmation',
      '/declination-confirmation/abc-123',
      '/pay/return',
      '/billing/return',
    ]) {
      expect(ownerOf(path)).toBe('enrollment');
      expect(isKnownRoute(path)).toBe(true);
    }
    expect(ownerOf('/enrollment-auth')).toBe('identity');
    expect(isKnownRoute('/enrollment/unknown')).toBe(false);
    expect(isKnownRoute('/pay/other')).toBe(false);
  });

  it('sends /enrollment/auth to the enrollment sign-in redirect', () => {
    expect(redirectFor('/enrollment/auth')).toBe('/enrollment-auth');
    expect(isKnownRoute('/enrollment/auth')).toBe(true);
    expect(redirectFor('/enrollment')).toBeNull();
  });

  it('leaves everything else to the 404 view', () => {
    expect(isKnownRoute('/nope')).toBe(false);
    expect(isKnownRoute('/login/extra')).toBe(false);
    expect(isKnownRoute('/dashboard/extra')).toBe(false);
  });

  it('picks the header variant by route', () => {
    expect(headerFor('/login')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(headerFor('/guest-login').title).toBe('Member Portal');
    expect(headerFor('/logout-confirmation')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(headerFor('/enrollment-auth')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(headerFor('/appointment-auth')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(headerFor('/')).toEqual({ title: 'Member Dashboard', showUserStatus: true });
    expect(headerFor('/dashboard')).toEqual({ title: 'Member Dashboard', showUserStatus: true });
    expect(headerFor('/appointments')).toEqual({ title: 'Book an Appointment', showUserStatus: true });
    expect(headerFor('/appointments/booking').title).toBe('Book an Appointment');
    expect(headerFor('/enrollment')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(headerFor('/enrollment/membership-tier').title).toBe('Member Enrollment');
    expect(headerFor('/enrollment/practice-location')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(headerFor('/declination-confirmation/abc')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(headerFor('/declination-confirmation')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(headerFor('/pay/return')).toEqual({ title: 'Member Enrollment', showUserStatus: true });
    expect(headerFor('/billing/return')).toEqual({ title: 'Member Dashboard', showUserStatus: true });
    expect(headerFor('/staff')).toEqual({ title: 'Staff Portal', showUserStatus: false });
    expect(headerFor('/no/such/page')).toEqual({ title: 'Member Portal', showUserStatus: false });
  });
});
