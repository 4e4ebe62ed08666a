/**
 * Appointment booking (booking-dashboard-staff §2, §3, §5, §7) and the provider list
 * (enrollment-and-payment §7). Slot dates are 'MM/DD/YYYY'; times are 24-hour 'HH:mm' on the
 * practice's clock.
 */
import * as t from 'io-ts';
import { BOOKING_CAREGIVER_RELATIONSHIP_VALUES, PATIENT_STATUSES } from './reference.ts';
import {
  calendarDate,
  departmentId,
  digitsOnlyPhoneChecks,
  emailAddress,
  emailChecks,
  optionalId,
  optionalPersonName,
  personName,
  phoneNumber,
  requiredId,
  usDate,
  wallTime,
  zipCode,
} from './fields.ts';
import { INVALID_DATE_OF_BIRTH_MESSAGE } from '@portal/core';
import { TEXT_LIMITS, check, flag, form, matches, normalize, nullable, oneOf, optionalText, requiredText, when } from './validation.ts';
import type { FormType } from './validation.ts';

const appointmentRequestProps = {
  providerId: requiredId('Provider is required'),
  appointmentId: requiredId('Appointment slot is required'),
  appointmentDate: usDate('Appointment date is required', 'Appointment date must be in MM/DD/YYYY format'),
  appointmentTime: wallTime('Appointment time is required', 'Appointment time must be in HH:MM format'),
  appointmentTypeId: requiredId('Appointment type is required'),
};

/** POST /api/appointments/{id}/book. */
export const BookAppointmentRequest = form('BookAppointmentRequest', appointmentRequestProps);
export type BookAppointmentRequest = t.TypeOf<typeof BookAppointmentRequest>;

/** POST /api/appointments/{id}/reschedule: the new slot, the appointment it replaces, and the provider's name for the notice. */
export const RescheduleAppointmentRequest = form('RescheduleAppointmentRequest', {
  ...appointmentRequestProps,
  existingAppointmentId: requiredId('Existing appointment is required'),
  providerName: optionalPersonName('Provider name'),
});
export type RescheduleAppointmentRequest = t.TypeOf<typeof RescheduleAppointmentRequest>;

/** The members path of booking: a practice location first. */
export const BookingLocationForm = form('BookingLocationForm', {
  practiceLocation: departmentId(
    'Practice location required - Please select a practice location to continue.',
    'Practice location required - Please select a practice location to continue.',
  ),
});
export type BookingLocationForm = t.TypeOf<typeof BookingLocationForm>;

const bookingPatientFormProps = {
  isGuardianSigning: flag(false, 'Caregiver must be true or false'),
  guardianFirstName: optionalPersonName(),
  guardianLastName: optionalPersonName(),
  guardianPhone: optionalText({ acceptNumber: true, normalize: normalize.withoutFormatting, maxLength: 32 }),
  guardianEmail: optionalText({ maxLength: TEXT_LIMITS.email }),
  guardianRelationshipToPatient: optionalText({ maxLength: 64, tooLongMessage: 'Please select a valid relationship to patient' }),
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
  dateOfBirth: calendarDate('Date of birth is required', INVALID_DATE_OF_BIRTH_MESSAGE),
  email: emailAddress('Email is required', 'Invalid email address'),
  phone: phoneNumber(),
  zipCode: zipCode('ZIP code is required', 'Invalid ZIP code format'),
  lastFourSSN: requiredText('Last 4 digits of SSN is required', {
    checks: [
      matches(/^\d*$/, 'Last 4 digits of SSN must contain only numbers'),
      matches(/^\d{4}$/, 'Last 4 digits of SSN must be exactly 4 numbers'),
    ],
    tooLongMessage: 'Last 4 digits of SSN must be exactly 4 numbers',
  }),
  patientStatus: oneOf(PATIENT_STATUSES, 'Patient status is required', 'Patient status must be existing or new'),
  department: departmentId('Please select a practice location'),
  appointmentType: optionalId(),
};
type BookingPatientFormFields = FormType<typeof bookingPatientFormProps>;

const GUARDIAN_KEYS = [
  'guardianFirstName',
  'guardianLastName',
  'guardianPhone',
  'guardianEmail',
  'guardianRelationshipToPatient',
] as const;

/**
 * Patient information of guest booking. The spec marks the starred fields required and gives no
 * messages; these follow the enrollment form's. Caregiver fields are required when the caregiver
 * box is checked and dropped otherwise.
 */
export const BookingPatientForm = form('BookingPatientForm', bookingPatientFormProps, {
  rules: [
    when<BookingPatientFormFields>(
      (v) => v.isGuardianSigning === true,
      { field: 'guardianFirstName', required: 'Guardian first name is required when signing as guardian' },
      { field: 'guardianLastName', required: 'Guardian last name is required when signing as guardian' },
      {
        field: 'guardianPhone',
        required: 'Guardian phone is required when signing as guardian',
        checks: digitsOnlyPhoneChecks('Guardian phone must be at least 10 digits', 'Guardian phone must contain only digits'),
      },
      {
        field: 'guardianEmail',
        required: 'Guardian email is required when signing as guardian',
        checks: emailChecks('Invalid guardian email address'),
      },
      {
        field: 'guardianRelationshipToPatient',
        required: 'Relationship to patient is required when signing as guardian',
        checks: [
          check(
            (value) => (BOOKING_CAREGIVER_RELATIONSHIP_VALUES as ReadonlyArray<string>).includes(value),
            'Please select a valid relationship to patient',
          ),
        ],
      },
    ),
  ],
  finalize: (value) => {
    if (value.isGuardianSigning) return value;
    const out: Record<string, unknown> = { ...value };
    for (const key of GUARDIAN_KEYS) delete out[key];
    return out as BookingPatientFormFields;
  },
});
export type BookingPatientForm = t.TypeOf<typeof BookingPatientForm>;

// ---------------------------------------------------------------------------------------------
// Answers

/** GET /api/providers (optionally ?locationId=). */
export const Provider = t.intersection(
  [t.type({ id: t.string, name: t.string, displayName: t.string }), t.partial({ specialty: nullable(t.string) })],
  'Provider',
);
export type Provider = t.TypeOf<typeof Provider>;
export const ProvidersResponse = t.type({ providers: t.array(Provider) }, 'ProvidersResponse');
export type ProvidersResponse = t.TypeOf<typeof ProvidersResponse>;

export const AppointmentType = t.type({ id: t.string, name: t.string, displayName: t.string }, 'AppointmentType');
export type AppointmentType = t.TypeOf<typeof AppointmentType>;
export const AppointmentTypesResponse = t.type({ appointmentTypes: t.array(AppointmentType) }, 'AppointmentTypesResponse');
export type AppointmentTypesResponse = t.TypeOf<typeof AppointmentTypesResponse>;

/** An open slot: date 'MM/DD/YYYY', time 'HH:mm'; providerId names whose slot it is (the client books with it under 'No Preference'). */
export const AppointmentSlot = t.intersection(
  [t.type({ appointmentId: t.string, date: t.string, time: t.string }), t.partial({ starttime: t.string, providerId: t.string })],
  'AppointmentSlot',
);
export type AppointmentSlot = t.TypeOf<typeof AppointmentSlot>;
/** A booking week's Monday (start) and Friday (end), 'YYYY-MM-DD' on the practice's calendar. */
export const BookingWeekDates = t.type({ start: t.string, end: t.string }, 'BookingWeekDates');
export type BookingWeekDates = t.TypeOf<typeof BookingWeekDates>;

/**
 * GET /api/appointments/availability: the week's open slots, and the six booking weeks' dates (index
 * 0 first) on the server's clock, read with the slots; the week selector labels its weeks with
 * them. `weeks` is optional so a screen deployed before an API that sends it still reads its answer.
 */
export const AvailabilityResponse = t.intersection(
  [t.type({ slots: t.array(AppointmentSlot) }), t.partial({ weeks: t.array(BookingWeekDates) })],
  'AvailabilityResponse',
);
export type AvailabilityResponse = t.TypeOf<typeof AvailabilityResponse>;

/** A booked appointment met on a conflict (field names as the health record spells them). */
export const ExistingAppointment = t.type(
  {
    appointmentId: t.string,
    date: t.string,
    starttime: t.string,
    providername: nullable(t.string),
    appointmenttype: nullable(t.string),
  },
  'ExistingAppointment',
);
export type ExistingAppointment = t.TypeOf<typeof ExistingAppointment>;

/** POST /api/appointments/{id}/book (200): appointmentId is the booked appointment (for the calendar file). */
export const BookAppointmentResponse = t.intersection(
  [
    t.type({ appointmentTypeName: nullable(t.string) }),
    t.partial({ appointmentId: t.string, existingAppointments: t.array(ExistingAppointment), message: t.string }),
  ],
  'BookAppointmentResponse',
);
export type BookAppointmentResponse = t.TypeOf<typeof BookAppointmentResponse>;

/** POST /api/appointments/{id}/book (409): opens the existing-appointment dialog. */
export const BookingConflictResponse = t.intersection(
  [t.type({ existingAppointments: t.array(ExistingAppointment) }), t.partial({ error: t.string, message: t.string })],
  'BookingConflictResponse',
);
export type BookingConflictResponse = t.TypeOf<typeof BookingConflictResponse>;

/** POST /api/appointments/{id}/reschedule. */
export const RescheduleAppointmentResponse = t.intersection(
  [t.type({ message: t.string, appointmentTypeName: nullable(t.string) }), t.partial({ appointmentId: t.string })],
  'RescheduleAppointmentResponse',
);
export type RescheduleAppointmentResponse = t.TypeOf<typeof RescheduleAppointmentResponse>;

/** PUT /api/appointments/{id}/cancel. */
export const CancelAppointmentResponse = t.type({ success: t.boolean, message: t.string }, 'CancelAppointmentResponse');
export type CancelAppointmentResponse = t.TypeOf<typeof CancelAppointmentResponse>;

/** Earlier-slot waitlist choices of a booked appointment ('off': not on the waitlist). */
export const WAITLIST_SCOPES = ['off', 'same-provider', 'any-provider'] as const;
export type WaitlistChoice = (typeof WAITLIST_SCOPES)[number];

/** An upcoming appointment on the dashboard: date 'MM/DD/YYYY', startTime 'HH:mm'; `waitlist` its earlier-slot choice. */
export const DashboardAppointment = t.intersection(
  [
    t.type({ appointmentId: t.string, date: t.string, startTime: t.string, departmentId: t.string, providerId: t.string }),
    // canCancel / canReschedule: the 24-hour rule decided by the server (core's appointmentChangeDecision);
    // optional so a dashboard deployed before an API that sends them still reads its answer.
    t.partial({ waitlist: t.keyof({ off: null, 'same-provider': null, 'any-provider': null }), canCancel: t.boolean, canReschedule: t.boolean }),
  ],
  'DashboardAppointment',
);
export type DashboardAppointment = t.TypeOf<typeof DashboardAppointment>;

/** GET /api/dashboard/upcoming-appointments (next 90 days). */
export const UpcomingAppointmentsResponse = t.intersection(
  [t.type({ success: t.boolean, appointments: t.array(DashboardAppointment) }), t.partial({ error: t.string })],
  'UpcomingAppointmentsResponse',
);
export type UpcomingAppointmentsResponse = t.TypeOf<typeof UpcomingAppointmentsResponse>;

/** POST /api/appointments/patient-info (guests): the guest's member patient the form names. */
export const GuestBookingPatientResponse = t.type({ patientId: t.string, patientName: t.string, departmentId: t.string }, 'GuestBookingPatientResponse');
export type GuestBookingPatientResponse = t.TypeOf<typeof GuestBookingPatientResponse>;

/** PUT /api/appointments/{appointmentId}/waitlist: hear of an earlier slot with the same provider, any provider at the location, or not. */
export const WaitlistRequest = form('WaitlistRequest', { scope: oneOf(WAITLIST_SCOPES, 'Waitlist choice is required', 'Waitlist choice must be off, same-provider or any-provider') });
export type WaitlistRequest = t.TypeOf<typeof WaitlistRequest>;
export const WaitlistResponse = t.type({ appointmentId: t.string, waitlist: t.keyof({ off: null, 'same-provider': null, 'any-provider': null }) }, 'WaitlistResponse');
export type WaitlistResponse = t.TypeOf<typeof WaitlistResponse>;

/** POST /api/waitlist-offers/view and /take: the signed link's token (from the email link's #token=…). */
export const WaitlistOfferRequest = form('WaitlistOfferRequest', { token: requiredText('Offer link is required', { maxLength: TEXT_LIMITS.token, label: 'Offer link' }) });
export type WaitlistOfferRequest = t.TypeOf<typeof WaitlistOfferRequest>;

/** An earlier slot offered to a waitlisted member, beside their current appointment (dates 'MM/DD/YYYY', times 'HH:mm'). */
export const WaitlistOfferResponse = t.type(
  {
    state: t.keyof({ open: null, taken: null, used: null }),
    offered: t.type({ date: t.string, time: t.string, providerName: nullable(t.string), locationName: t.string }),
    current: t.type({ date: t.string, time: t.string }),
  },
  'WaitlistOfferResponse',
);
export type WaitlistOfferResponse = t.TypeOf<typeof WaitlistOfferResponse>;

/** POST /api/waitlist-offers/take: the appointment moved. */
export const WaitlistTakeResponse = t.type({ appointmentId: t.string, message: t.string }, 'WaitlistTakeResponse');
export type WaitlistTakeResponse = t.TypeOf<typeof WaitlistTakeResponse>;
