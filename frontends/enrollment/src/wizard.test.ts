import { beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from './i18n.ts';
import { afterPayment, afterSignature, backFromPayment, progressOf, resumeTarget, signedSteps, stepTitle, wizardSteps } from './wizard.ts';

beforeAll(() => messages.load('en-US'));

describe('wizard steps', () => {
  it('lists the guest steps, with Privacy Practices only for new patients', () => {
    expect(wizardSteps('guest', false)).toEqual(['email', 'patient-info', 'signature', 'payment', 'confirmation']);
    expect(wizardSteps('guest', true)).toEqual(['email', 'patient-info', 'signature', 'privacy', 'payment', 'confirmation']);
    expect(wizardSteps('provider', true)).toEqual(['location', 'tier', 'signature', 'privacy', 'payment', 'confirmation']);
  });

  it('titles the steps in the spec words', () => {
    expect(stepTitle('guest', 'email')).toBe('Email Verification');
    expect(stepTitle('guest', 'patient-info')).toBe('Patient Info');
    expect(stepTitle('guest', 'signature')).toBe('E-Signature');
    expect(stepTitle('provider', 'signature')).toBe('Membership Agreement');
    expect(stepTitle('guest', 'privacy')).toBe('Privacy Practices');
    expect(stepTitle('provider', 'location')).toBe('Select Practice Location');
    expect(stepTitle('provider', 'tier')).toBe('Choose Membership Tier');
    expect(stepTitle('guest', 'payment')).toBe('Payment');
  });

  it('gives the progress bar its title and percentage', () => {
    expect(progressOf('guest', 'patient-info', false)).toEqual({ title: 'Patient Info', percent: 25, index: 1, total: 5 });
    expect(progressOf('guest', 'patient-info', true)).toEqual({ title: 'Patient Info', percent: 20, index: 1, total: 6 });
    expect(progressOf('guest', 'signature', false).percent).toBe(50);
    expect(progressOf('guest', 'privacy', true).percent).toBe(60);
    expect(progressOf('provider', 'signature', false)).toEqual({ title: 'Membership Agreement', percent: 50, index: 2, total: 5 });
    expect(progressOf('guest', 'payment', true).percent).toBe(80);
    expect(progressOf('guest', 'confirmation', true).percent).toBe(100);
  });

  it('gives the provider-login location and tier steps their titles and percentages (step 0 and 1 of 5)', () => {
    expect(progressOf('provider', 'location', false)).toEqual({ title: 'Select Practice Location', percent: 0, index: 0, total: 5 });
    expect(progressOf('provider', 'tier', false)).toEqual({ title: 'Choose Membership Tier', percent: 25, index: 1, total: 5 });
    // Were the path to include Privacy Practices, the tier step would move with it.
    expect(progressOf('provider', 'tier', true)).toEqual({ title: 'Choose Membership Tier', percent: 20, index: 1, total: 6 });
  });
});

describe('resumeTarget', () => {
  it('lands a pending enrollment on signing', () => {
    expect(resumeTarget({ status: 'pending', patientStatus: 'new' })).toEqual({ kind: 'step', step: 'signature' });
    expect(resumeTarget({ status: 'pending' })).toEqual({ kind: 'step', step: 'signature' });
  });

  it('lands a signed enrollment on privacy for new patients, else payment', () => {
    expect(resumeTarget({ status: 'signed', patientStatus: 'new' })).toEqual({ kind: 'step', step: 'privacy' });
    expect(resumeTarget({ status: 'signed', patientStatus: 'existing' })).toEqual({ kind: 'step', step: 'payment' });
    expect(resumeTarget({ status: 'signed', patientStatus: null })).toEqual({ kind: 'step', step: 'payment' });
    expect(resumeTarget({ status: 'privacy_signed', patientStatus: 'new' })).toEqual({ kind: 'step', step: 'payment' });
    expect(resumeTarget({ status: 'payment_pending' })).toEqual({ kind: 'step', step: 'payment' });
  });

  it('sends declined enrollments to the declination confirmation, and says when nothing is left', () => {
    expect(resumeTarget({ status: 'declined' })).toEqual({ kind: 'declined' });
    expect(resumeTarget({ status: 'active' })).toEqual({ kind: 'step', step: 'confirmation' });
    expect(resumeTarget({ status: 'past_due' })).toEqual({ kind: 'step', step: 'confirmation' });
    expect(resumeTarget({ status: 'cancelled' })).toEqual({ kind: 'cancelled' });
  });
});

describe('moving between the signing steps', () => {
  it('continues to Privacy Practices when required, else Payment', () => {
    expect(afterSignature(true)).toBe('privacy');
    expect(afterSignature(false)).toBe('payment');
  });

  it('goes back from Payment to Privacy Practices for new patients, else to signing', () => {
    expect(backFromPayment(true)).toBe('privacy');
    expect(backFromPayment(false)).toBe('signature');
  });

  it('goes from Payment to Confirmation, the last step', () => {
    expect(afterPayment()).toBe('confirmation');
    expect(progressOf('provider', afterPayment(), false)).toEqual({ title: 'Confirmation', percent: 100, index: 4, total: 5 });
  });

  it('knows which documents are already signed', () => {
    expect(signedSteps('pending')).toEqual({ agreement: false, privacy: false });
    expect(signedSteps('signed')).toEqual({ agreement: true, privacy: false });
    expect(signedSteps('privacy_signed')).toEqual({ agreement: true, privacy: true });
    expect(signedSteps('payment_pending')).toEqual({ agreement: true, privacy: true });
  });
});
