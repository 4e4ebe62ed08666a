import { describe, expect, it } from '@jest/globals';
import { afterGuestVerificationPath, afterSignInPath } from './after-sign-in.ts';

describe('afterSignInPath', () => {
  it('goes to the return path when it is a page of this site', () => {
    expect(afterSignInPath('/enrollment')).toBe('/enrollment');
    expect(afterSignInPath('/appointments?verified=true')).toBe('/appointments?verified=true');
  });

  it('goes to /dashboard without one, for another origin, or for a sign-in page (no loops)', () => {
    expect(afterSignInPath(null)).toBe('/dashboard');
    expect(afterSignInPath('https://evil.example/')).toBe('/dashboard');
    expect(afterSignInPath('//evil.example/')).toBe('/dashboard');
    expect(afterSignInPath('/login?return=/login')).toBe('/dashboard');
    expect(afterSignInPath('/guest-login/')).toBe('/dashboard');
    expect(afterSignInPath('/logout-confirmation')).toBe('/dashboard');
  });
});

describe('afterGuestVerificationPath', () => {
  it('tells the enrollment wizard the guest has just verified (/enrollment?verified=true)', () => {
    expect(afterGuestVerificationPath('/enrollment')).toBe('/enrollment?verified=true');
    expect(afterGuestVerificationPath('/enrollment/')).toBe('/enrollment/?verified=true');
    expect(afterGuestVerificationPath('/enrollment?verified=true')).toBe('/enrollment?verified=true');
  });

  it('leaves every other destination as a signed-in visitor gets it', () => {
    expect(afterGuestVerificationPath(null)).toBe('/dashboard');
    expect(afterGuestVerificationPath('/appointments')).toBe('/appointments');
    expect(afterGuestVerificationPath('/enrollment/practice-location')).toBe('/enrollment/practice-location');
    expect(afterGuestVerificationPath('https://evil.example/enrollment')).toBe('/dashboard');
  });
});
