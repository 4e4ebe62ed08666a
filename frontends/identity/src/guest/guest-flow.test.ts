import { describe, expect, it } from '@jest/globals';
import { guestFlow, initialGuestFlow, stepNumber } from './guest-flow.ts';
import type { GuestFlowAction, GuestFlowState } from './guest-flow.ts';

const T0 = 1_000_000;
const window = { expiresAt: T0 + 900_000, resendAt: T0 + 120_000 };
const run = (...actions: GuestFlowAction[]): GuestFlowState => actions.reduce(guestFlow, initialGuestFlow);
const codeSent: GuestFlowAction = { type: 'code-sent', email: 'guest@example.org', window, testMode: false, at: T0 };

describe('guest verification flow', () => {
  it('goes email, then otp, then phone (phone, then sms), then done', () => {
    expect(run().step).toBe('email');
    expect(run(codeSent)).toMatchObject({ step: 'otp', email: 'guest@example.org', code: window });
    const phone = run(codeSent, { type: 'email-verified', token: 'session-1', at: T0 + 1 });
    expect(phone).toMatchObject({ step: 'phone', phoneStep: 'phone', emailSession: { token: 'session-1', bypass: false } });
    const sms = guestFlow(phone, { type: 'sms-sent', phone: '+14015550101', at: T0 + 2 });
    expect(sms).toMatchObject({ phoneStep: 'sms', phone: '+14015550101', smsSentAt: T0 + 2 });
    expect(guestFlow(sms, { type: 'verified' }).step).toBe('done');
    expect([stepNumber('email'), stepNumber('otp'), stepNumber('phone'), stepNumber('done')]).toEqual([1, 1, 2, 2]);
  });

  it('skips the otp step in test mode and marks it bypass', () => {
    const state = run({ ...codeSent, testMode: true, sessionToken: 'test-session' });
    expect(state).toMatchObject({ step: 'phone', code: null, emailSession: { token: 'test-session', bypass: true } });
    // Back has no code step to return to: it goes to the address.
    expect(guestFlow(state, { type: 'phone-back' })).toMatchObject({ step: 'email', emailSession: null, email: 'guest@example.org' });
  });

  it('Change Email returns to email and resets, keeping the address to edit and Remember me', () => {
    const state = run({ type: 'remember', value: true }, codeSent, { type: 'email-verified', token: 's', at: T0 }, { type: 'change-email' });
    expect(state).toEqual({ ...initialGuestFlow, email: 'guest@example.org', remember: true });
  });

  it("the phone card's Back returns to the otp step; Continue goes forward again without a new code", () => {
    const back = run(codeSent, { type: 'email-verified', token: 's', at: T0 }, { type: 'sms-sent', phone: '+14015550101', at: T0 }, { type: 'phone-back' });
    expect(back).toMatchObject({ step: 'otp', phoneStep: 'phone', phone: null, emailSession: { token: 's' } });
    expect(guestFlow(back, { type: 'continue-to-phone' }).step).toBe('phone');
    expect(guestFlow(run(codeSent), { type: 'continue-to-phone' }).step).toBe('otp');
  });

  it('Change Number returns to phone', () => {
    const state = run(codeSent, { type: 'email-verified', token: 's', at: T0 }, { type: 'sms-sent', phone: '+14015550101', at: T0 }, { type: 'change-number' });
    expect(state).toMatchObject({ step: 'phone', phoneStep: 'phone', phone: null, smsSentAt: null });
  });

  it('never completes without a verified email, and resumes at the phone step after a reload', () => {
    expect(run({ type: 'verified' }).step).toBe('email');
    const resumed = run({ type: 'resume', email: 'guest@example.org', remember: true, session: { token: 's', verifiedAt: T0, bypass: false } });
    expect(resumed).toMatchObject({ step: 'phone', remember: true, email: 'guest@example.org' });
    expect(guestFlow(resumed, { type: 'restart' })).toEqual(initialGuestFlow);
  });
});
