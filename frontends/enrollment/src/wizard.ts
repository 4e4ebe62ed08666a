/**
 * The enrollment wizard's steps (enrollment-and-payment §2 'Enrollment wizard', §4 'Guest
 * enrollment path', 'Provider-login enrollment path', 'Declining'): the step list of each path,
 * the progress bar's title and percentage, where a resumed enrollment lands, and where Continue
 * and Back lead after signing.
 */
import type { EnrollmentRecord } from '@portal/contracts';
import { messages } from './i18n.ts';
import type { MessageId, Translate } from './i18n.ts';

export type WizardPath = 'provider' | 'guest';

export type StepId = 'email' | 'location' | 'tier' | 'patient-info' | 'signature' | 'privacy' | 'payment' | 'confirmation';

const TITLES: Readonly<Record<StepId, MessageId>> = {
  email: 'wizard.step.email',
  location: 'wizard.step.location',
  tier: 'wizard.step.tier',
  'patient-info': 'wizard.step.patientInfo',
  signature: 'wizard.step.signature',
  privacy: 'wizard.step.privacy',
  payment: 'wizard.step.payment',
  confirmation: 'wizard.step.confirmation',
};

/** The provider-login path calls its signing step 'Membership Agreement'. */
export const stepTitle = (path: WizardPath, step: StepId, t: Translate = messages.t): string =>
  t(path === 'provider' && step === 'signature' ? 'wizard.step.agreement' : TITLES[step]);

/** The steps of a path; Privacy Practices only for new patients. */
export const wizardSteps = (path: WizardPath, newPatient: boolean): readonly StepId[] => {
  const head: StepId[] = path === 'provider' ? ['location', 'tier', 'signature'] : ['email', 'patient-info', 'signature'];
  return [...head, ...(newPatient ? (['privacy'] as const) : []), 'payment', 'confirmation'];
};

export interface Progress {
  readonly title: string;
  /** 0 at the first step, 100 at Confirmation. */
  readonly percent: number;
  /** 0-based. */
  readonly index: number;
  readonly total: number;
}

export const progressOf = (path: WizardPath, step: StepId, newPatient: boolean, t: Translate = messages.t): Progress => {
  const steps = wizardSteps(path, newPatient);
  const index = Math.max(0, steps.indexOf(step));
  return {
    title: stepTitle(path, step, t),
    percent: Math.round((index / (steps.length - 1)) * 100),
    index,
    total: steps.length,
  };
};

export type ResumeTarget =
  /** Paid (active or past due): the confirmation, with the summary, INV- number and receipt. */
  | { readonly kind: 'step'; readonly step: 'signature' | 'privacy' | 'payment' | 'confirmation' }
  | { readonly kind: 'declined' }
  | { readonly kind: 'cancelled' };

/**
 * Where /enrollment?id={id}&step=signature lands for the enrollment as read: pending → signing;
 * signed → the privacy notice for new patients, else payment; privacy_signed and payment_pending
 * → payment; active or past due → the confirmation; declined → the declination confirmation.
 */
export const resumeTarget = (record: Pick<EnrollmentRecord, 'status' | 'patientStatus'>): ResumeTarget => {
  switch (record.status) {
    case 'pending':
      return { kind: 'step', step: 'signature' };
    case 'signed':
      return { kind: 'step', step: record.patientStatus === 'new' ? 'privacy' : 'payment' };
    case 'privacy_signed':
    case 'payment_pending':
      return { kind: 'step', step: 'payment' };
    case 'declined':
      return { kind: 'declined' };
    case 'active':
    case 'past_due':
      return { kind: 'step', step: 'confirmation' };
    case 'cancelled':
      return { kind: 'cancelled' };
  }
};

/** Continue after the agreement: the privacy notice when the server asks for it (new patients), else payment. */
export const afterSignature = (requiresPrivacyPractices: boolean): 'privacy' | 'payment' => (requiresPrivacyPractices ? 'privacy' : 'payment');

/** Back from Payment: Privacy Practices for new patients, otherwise the signing step (step 2). */
export const backFromPayment = (newPatient: boolean): 'privacy' | 'signature' => (newPatient ? 'privacy' : 'signature');

/** Which signing steps are already done for an enrollment in this status. */
export const signedSteps = (status: EnrollmentRecord['status']): { readonly agreement: boolean; readonly privacy: boolean } => ({
  agreement: status !== 'pending' && status !== 'declined',
  privacy: status === 'privacy_signed' || status === 'payment_pending' || status === 'active' || status === 'past_due',
});

/** Payment success goes to Confirmation (§4 'Guest enrollment path'). */
export const afterPayment = (): 'confirmation' => 'confirmation';
