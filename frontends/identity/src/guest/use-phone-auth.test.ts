import { describe, expect, it } from '@jest/globals';
import type { PhoneAuth } from './firebase-phone.ts';
import { phoneAuthReadiness } from './use-phone-auth.ts';

describe('Send Verification Code on the phone card while the phone-auth SDK loads', () => {
  it('waits while it loads, goes once it is there and fails when it cannot load', () => {
    expect(phoneAuthReadiness({ status: 'idle' })).toBe('waiting');
    expect(phoneAuthReadiness({ status: 'loading' })).toBe('waiting');
    expect(phoneAuthReadiness({ status: 'ready', phoneAuth: {} as PhoneAuth })).toBe('ready');
    expect(phoneAuthReadiness({ status: 'unavailable' })).toBe('failed');
  });
});
