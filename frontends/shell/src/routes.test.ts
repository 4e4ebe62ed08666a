import { describe, expect, it } from '@jest/globals';
import { headerFor, isKnownRoute, redirectFor } from './routes.ts';

describe('route table', () => {
  it('gives /login and /guest-login to identity, redirects / and leaves the rest to the 404 view', () => {
    expect(isKnownRoute('/login')).toBe(true);
    expect(isKnownRoute('/guest-login')).toBe(true);
    expect(isKnownRoute('/')).toBe(true);
    expect(redirectFor('/')).toBe('/login');
    expect(isKnownRoute('/nope')).toBe(false);
    expect(isKnownRoute('/login/extra')).toBe(false);
  });

  it('picks the header variant by route', () => {
    expect(headerFor('/login')).toEqual({ title: 'Member Portal', showUserStatus: false });
    expect(headerFor('/guest-login').title).toBe('Member Portal');
    expect(headerFor('/dashboard').title).toBe('Member Dashboard');
    expect(headerFor('/appointments/booking').title).toBe('Book an Appointment');
    expect(headerFor('/enrollment/membership-tier').title).toBe('Member Enrollment');
  });
});
