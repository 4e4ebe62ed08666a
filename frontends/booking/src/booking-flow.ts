/**
 * The booking wizard's step machine (booking-dashboard-staff §2 'Appointment booking', §4
 * 'Booking'). Pure: the screen keeps a BookingState and moves it with `bookingReducer`.
 *
 * | step | guest | member |
 * | -1 | Checking authentication | Checking authentication |
 * | 0 | Verification | Practice location |
 * | 1 | Patient information | Provider |
 * | 2 | Provider | Appointment type |
 * | 3 | Schedule | Schedule |
 * | 4 | Confirmation | Confirmation |
 *
 * Guests have no type step: they choose the appointment type on the schedule step, above the week.
 */
import type { ExistingAppointment } from '@portal/contracts';
import type { MessageId, Translate } from './i18n.ts';

export type BookingPath = 'guest' | 'member';
export type Step = -1 | 0 | 1 | 2 | 3 | 4;

/** Each step's title in the catalogs (messages/en.json: 'Checking authentication', 'Verification', …). */
export const STEP_TITLES: Readonly<Record<BookingPath, Readonly<Record<Step, MessageId>>>> = {
  guest: { [-1]: 'steps.checking', 0: 'steps.verification', 1: 'steps.patientInformation', 2: 'steps.provider', 3: 'steps.schedule', 4: 'steps.confirmation' },
  member: { [-1]: 'steps.checking', 0: 'steps.practiceLocation', 1: 'steps.provider', 2: 'steps.appointmentType', 3: 'steps.schedule', 4: 'steps.confirmation' },
};

/** The weeks the schedule offers: 0 (this booking week) to 5. */
export const WEEK_COUNT = 6;
/** Guests: after verification, wait this long before the patient information step. */
export const VERIFIED_REDIRECT_MS = 2_000;

export const stepTitle = (t: Translate, path: BookingPath | null, step: Step): string => t(STEP_TITLES[path ?? 'member'][step]);

/** Percent complete: checking 0 %, then 20 % a step up to 100 % at the confirmation. */
export const progressPercent = (step: Step): number => (step < 0 ? 0 : ((step + 1) / 5) * 100);

export const providerStep = (path: BookingPath): Step => (path === 'guest' ? 2 : 1);
export const SCHEDULE_STEP: Step = 3;

export interface ChosenProvider {
  /** A provider id, or 'any' for No Preference. */
  readonly id: string;
  readonly name: string;
}
export interface ChosenType {
  readonly id: string;
  readonly name: string;
}
export interface ChosenSlot {
  readonly appointmentId: string;
  /** 'MM/DD/YYYY'. */
  readonly date: string;
  /** 'HH:mm', the practice's clock. */
  readonly time: string;
  /** The slot's own provider when the API names it (a No Preference search). */
  readonly providerId?: string;
}

/** What the confirmation shows: a new booking, a moved one, or the existing one kept. */
export interface Confirmation {
  readonly kind: 'booked' | 'rescheduled' | 'existing';
  readonly date: string;
  readonly time: string;
  readonly providerName: string | null;
  readonly appointmentTypeName: string | null;
  readonly appointmentId: string | null;
  readonly message: string | null;
}

export interface BookingState {
  readonly path: BookingPath | null;
  readonly step: Step;
  /** The practice location (athenahealth department id). */
  readonly locationId: string;
  /** Whose appointment: the session's patient, or the guest's matched patient. */
  readonly patientId: string | null;
  readonly provider: ChosenProvider | null;
  readonly appointmentType: ChosenType | null;
  readonly week: number;
  readonly slot: ChosenSlot | null;
  /** The appointment being moved (Reschedule from the dashboard): Book reschedules it. */
  readonly rescheduleId: string | null;
  readonly confirmation: Confirmation | null;
}

export const initialBookingState: BookingState = {
  path: null,
  step: -1,
  locationId: '',
  patientId: null,
  provider: null,
  appointmentType: null,
  week: 0,
  slot: null,
  rescheduleId: null,
  confirmation: null,
};

export type BookingAction =
  | { type: 'start-guest' }
  | { type: 'start-member'; patientId: string; locationId: string; skipLocation: boolean; rescheduleId: string | null }
  | { type: 'verified' }
  | { type: 'patient-saved'; patientId: string; locationId: string }
  | { type: 'location-chosen'; locationId: string }
  | { type: 'provider-chosen'; provider: ChosenProvider }
  | { type: 'type-chosen'; appointmentType: ChosenType }
  | { type: 'week-chosen'; week: number }
  | { type: 'slot-chosen'; slot: ChosenSlot }
  | { type: 'different-provider' }
  | { type: 'confirmed'; confirmation: Confirmation }
  | { type: 'back' };

const clampWeek = (week: number): number => Math.min(WEEK_COUNT - 1, Math.max(0, Math.trunc(week)));

export const bookingReducer = (state: BookingState, action: BookingAction): BookingState => {
  switch (action.type) {
    case 'start-guest':
      return { ...initialBookingState, path: 'guest', step: 0 };
    case 'start-member':
      return {
        ...initialBookingState,
        path: 'member',
        patientId: action.patientId,
        locationId: action.locationId,
        rescheduleId: action.rescheduleId,
        step: action.skipLocation && action.locationId ? 1 : 0,
      };
    case 'verified':
      return state.path === 'guest' && state.step === 0 ? { ...state, step: 1 } : state;
    case 'patient-saved':
      return { ...state, patientId: action.patientId, locationId: action.locationId, step: 2 };
    case 'location-chosen':
      return { ...state, locationId: action.locationId, step: 1 };
    case 'provider-chosen': {
      // Choosing a provider clears the chosen slot (and the type, which belongs to the provider).
      const same = state.provider?.id === action.provider.id;
      return {
        ...state,
        provider: action.provider,
        appointmentType: same ? state.appointmentType : null,
        slot: null,
        step: state.path === 'guest' ? 3 : 2,
      };
    }
    case 'type-chosen':
      return { ...state, appointmentType: action.appointmentType, slot: null, step: 3 };
    case 'week-chosen':
      return { ...state, week: clampWeek(action.week), slot: null };
    case 'slot-chosen':
      return { ...state, slot: action.slot };
    case 'different-provider':
      return { ...state, provider: null, appointmentType: null, slot: null, step: providerStep(state.path ?? 'member') };
    case 'confirmed':
      return { ...state, confirmation: action.confirmation, step: 4 };
    case 'back': {
      if (state.step <= 0 || state.step === 4) return state;
      // Guests do not go back to the verification check, which moves on by itself.
      if (state.path === 'guest' && state.step === 1) return state;
      return { ...state, step: (state.step - 1) as Step };
    }
  }
};

/**
 * The page header's words: a reschedule's own when the wizard moves an appointment, else the
 * booking's. While the wizard still checks who is booking (step −1) an address asking to
 * reschedule gets no header yet: only a member's wizard moves an appointment, so either words
 * could be wrong, and a header must not change its words by itself (issue 23).
 */
export const pageHeading = (t: Translate, state: BookingState, asksToReschedule: boolean): { readonly title: string; readonly description: string } | null => {
  if (state.step === -1 && asksToReschedule) return null;
  return state.rescheduleId
    ? { title: t('page.rescheduleTitle'), description: t('page.rescheduleDescription') }
    : { title: t('page.title'), description: t('page.description') };
};

/** Book is possible once provider, type and slot are chosen (and whose appointment is known). */
export const canBook = (state: BookingState): boolean =>
  state.patientId !== null && state.provider !== null && state.appointmentType !== null && state.slot !== null;

/** The confirmation of an existing appointment kept on the conflict dialog. */
export const existingConfirmation = (existing: ExistingAppointment): Confirmation => ({
  kind: 'existing',
  date: existing.date,
  time: existing.starttime,
  providerName: existing.providername,
  appointmentTypeName: existing.appointmenttype,
  appointmentId: existing.appointmentId,
  message: null,
});
