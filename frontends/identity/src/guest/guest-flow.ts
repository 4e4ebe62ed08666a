/**
 * The guest verification flow (enrollment-and-payment §4): email, then otp, then phone, then
 * done. In test mode the otp step is skipped and marked bypass. Change Email returns to email
 * and resets; the phone card's Back returns to the otp step. Inside the phone step: phone, then
 * sms; Change Number returns to phone. A pure reducer; the page runs the calls.
 */
import type { EmailCodeWindow } from './timers.ts';

export type GuestStep = 'email' | 'otp' | 'phone' | 'done';
export type PhoneStep = 'phone' | 'sms';

export interface EmailSession {
  readonly token: string;
  readonly verifiedAt: number;
  /** Test mode: the code step was skipped. */
  readonly bypass: boolean;
}

export interface GuestFlowState {
  readonly step: GuestStep;
  readonly phoneStep: PhoneStep;
  /** The address the code was sent to (and, once verified, the verified one). */
  readonly email: string;
  readonly remember: boolean;
  readonly code: EmailCodeWindow | null;
  readonly emailSession: EmailSession | null;
  /** E.164 number the SMS went to. */
  readonly phone: string | null;
  readonly smsSentAt: number | null;
}

export type GuestFlowAction =
  | { readonly type: 'remember'; readonly value: boolean }
  | {
      readonly type: 'code-sent';
      readonly email: string;
      readonly window: EmailCodeWindow;
      readonly testMode: boolean;
      /** Test mode: the session token the server gave without a code. */
      readonly sessionToken?: string | undefined;
      readonly at: number;
    }
  | { readonly type: 'code-resent'; readonly window: EmailCodeWindow }
  | { readonly type: 'email-verified'; readonly token: string; readonly at: number }
  | { readonly type: 'change-email' }
  | { readonly type: 'phone-back' }
  | { readonly type: 'continue-to-phone' }
  | { readonly type: 'sms-sent'; readonly phone: string; readonly at: number }
  | { readonly type: 'change-number' }
  | { readonly type: 'verified' }
  | { readonly type: 'resume'; readonly email: string; readonly session: EmailSession; readonly remember: boolean }
  | { readonly type: 'restart' };

export const initialGuestFlow: GuestFlowState = {
  step: 'email',
  phoneStep: 'phone',
  email: '',
  remember: false,
  code: null,
  emailSession: null,
  phone: null,
  smsSentAt: null,
};

const phoneReset = { phoneStep: 'phone', phone: null, smsSentAt: null } as const;

export const guestFlow = (state: GuestFlowState, action: GuestFlowAction): GuestFlowState => {
  switch (action.type) {
    case 'remember':
      return { ...state, remember: action.value };
    case 'code-sent':
      if (action.testMode) {
        return {
          ...state,
          ...phoneReset,
          step: 'phone',
          email: action.email,
          code: null,
          emailSession: { token: action.sessionToken ?? '', verifiedAt: action.at, bypass: true },
        };
      }
      return { ...state, ...phoneReset, step: 'otp', email: action.email, code: action.window, emailSession: null };
    case 'code-resent':
      return { ...state, code: action.window };
    case 'email-verified':
      return { ...state, ...phoneReset, step: 'phone', emailSession: { token: action.token, verifiedAt: action.at, bypass: false } };
    case 'change-email':
      return { ...initialGuestFlow, remember: state.remember, email: state.email };
    case 'phone-back':
      // No code step in test mode: back to the address.
      if (state.emailSession?.bypass) return { ...initialGuestFlow, remember: state.remember, email: state.email };
      return { ...state, ...phoneReset, step: 'otp' };
    case 'continue-to-phone':
      return state.emailSession ? { ...state, step: 'phone' } : state;
    case 'sms-sent':
      return state.step === 'phone' ? { ...state, phoneStep: 'sms', phone: action.phone, smsSentAt: action.at } : state;
    case 'change-number':
      return { ...state, ...phoneReset };
    case 'verified':
      return state.emailSession ? { ...state, step: 'done' } : state;
    case 'resume':
      return { ...initialGuestFlow, ...phoneReset, step: 'phone', email: action.email, remember: action.remember, emailSession: action.session };
    case 'restart':
      return initialGuestFlow;
  }
};

/** 1 (email card) or 2 (phone card), for 'Step 1 of 2'. */
export const stepNumber = (step: GuestStep): 1 | 2 => (step === 'email' || step === 'otp' ? 1 : 2);
