/**
 * Every API call the booking micro-frontend makes, each answer decoded with its @portal/contracts
 * codec before a screen uses it (an answer that does not decode is reported and shown as the
 * generic error). The Pact consumer test (booking-api.pact.test.ts) calls these same functions.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import {
  AppointmentTypesResponse,
  AvailabilityResponse,
  BookAppointmentResponse,
  BookingConflictResponse,
  CancelAppointmentResponse,
  GuestBookingPatientResponse,
  ProvidersResponse,
  RescheduleAppointmentResponse,
  SubscriptionStatusResponse,
  UpdateSessionResponse,
  WaitlistOfferResponse,
  WaitlistTakeResponse,
} from '@portal/contracts';
import type { BookAppointmentRequest, BookingPatientForm, ExistingAppointment, RescheduleAppointmentRequest } from '@portal/contracts';
import { ApiError, SUBSCRIPTION_STATUS_QUERY_KEY, apiErrorBody, requestHeaders, type ApiClient } from '@portal/client';

/** The book answer (its appointmentId names the calendar file). */
export const BookedAppointment = BookAppointmentResponse;
export type BookedAppointment = BookAppointmentResponse;

const enc = encodeURIComponent;

export const PROVIDERS_QUERY_KEY = (locationId: string) => ['booking', 'providers', locationId] as const;
export const TYPES_QUERY_KEY = (providerId: string) => ['booking', 'appointment-types', providerId] as const;
export const AVAILABILITY_QUERY_KEY = (query: AvailabilityQuery) =>
  ['booking', 'availability', query.departmentId, query.providerId, query.appointmentTypeId, query.week] as const;
/** The dashboard's upcoming appointments (booking-dashboard-staff §3: cached per patient): dropped after book, reschedule, cancel. */
export { UPCOMING_APPOINTMENTS_QUERY_PREFIX as UPCOMING_APPOINTMENTS_QUERY_KEY } from '@portal/client/appointments-contract.ts';

/** GET /api/dashboard/subscription-status: whether the signed-in patient is a member (members path). */
export const fetchMembership = (client: ApiClient, signal?: AbortSignal): Promise<SubscriptionStatusResponse> =>
  client.get<SubscriptionStatusResponse>(SUBSCRIPTION_STATUS_QUERY_KEY[0], { decode: SubscriptionStatusResponse, cache: 'no-store', ...(signal ? { signal } : {}) });

/** POST /api/auth/update-session: the practice location screen of the appointments flow. */
export const saveBookingLocation = (client: ApiClient, practiceLocation: string): Promise<UpdateSessionResponse> =>
  client.post<UpdateSessionResponse>('/api/auth/update-session', { practiceLocation, workflowType: 'appointments' }, { decode: UpdateSessionResponse });

/** GET /api/providers?locationId=: the provider step. */
export const fetchProviders = (client: ApiClient, locationId: string, signal?: AbortSignal): Promise<ProvidersResponse> =>
  client.get<ProvidersResponse>(`/api/providers?locationId=${enc(locationId)}`, { decode: ProvidersResponse, ...(signal ? { signal } : {}) });

/** GET /api/appointment-types?providerId= ('any' for No Preference). */
export const fetchAppointmentTypes = (client: ApiClient, providerId: string, signal?: AbortSignal): Promise<AppointmentTypesResponse> =>
  client.get<AppointmentTypesResponse>(`/api/appointment-types?providerId=${enc(providerId)}`, { decode: AppointmentTypesResponse, ...(signal ? { signal } : {}) });

export interface AvailabilityQuery {
  readonly departmentId: string;
  readonly providerId: string;
  readonly appointmentTypeId: string;
  /** 0 to 5. */
  readonly week: number;
}

/** GET /api/appointments/availability: the open slots of one booking week. */
export const fetchAvailability = (client: ApiClient, query: AvailabilityQuery, signal?: AbortSignal): Promise<AvailabilityResponse> => {
  const search = new URLSearchParams({
    departmentId: query.departmentId,
    providerId: query.providerId,
    appointmentTypeId: query.appointmentTypeId,
    week: String(query.week),
  });
  return client.get<AvailabilityResponse>(`/api/appointments/availability?${search.toString()}`, { decode: AvailabilityResponse, ...(signal ? { signal } : {}) });
};

/** POST /api/appointments/patient-info (guests): the patient form → the matching member patient. */
export const savePatientInfo = (client: ApiClient, form: BookingPatientForm): Promise<GuestBookingPatientResponse> =>
  client.post<GuestBookingPatientResponse>('/api/appointments/patient-info', form, { decode: GuestBookingPatientResponse });

/** POST /api/appointments/{patientId}/book. A 409 with existingAppointments: see `bookingConflict`. */
export const bookAppointment = (client: ApiClient, patientId: string, request: BookAppointmentRequest): Promise<BookedAppointment> =>
  client.post<BookedAppointment>(`/api/appointments/${enc(patientId)}/book`, request, { decode: BookedAppointment });

/** POST /api/appointments/{patientId}/reschedule. */
export const rescheduleAppointment = (client: ApiClient, patientId: string, request: RescheduleAppointmentRequest): Promise<RescheduleAppointmentResponse> =>
  client.post<RescheduleAppointmentResponse>(`/api/appointments/${enc(patientId)}/reschedule`, request, { decode: RescheduleAppointmentResponse });

/** PUT /api/appointments/{appointmentId}/cancel. */
export const cancelAppointment = (client: ApiClient, appointmentId: string): Promise<CancelAppointmentResponse> =>
  client.put<CancelAppointmentResponse>(`/api/appointments/${enc(appointmentId)}/cancel`, undefined, { decode: CancelAppointmentResponse });

/** Where the confirmation's calendar file downloads from. */
export const calendarFileHref = (appointmentId: string): string => `/api/appointments/${enc(appointmentId)}/calendar.ics`;

/**
 * A verified guest's calendar file: a plain link sends no verification token (only a header
 * carries it), so the file is fetched with it and saved from memory. Resolves false when it could
 * not be had.
 */
export const downloadCalendarFile = async (appointmentId: string, token: string): Promise<boolean> => {
  const response = await fetch(calendarFileHref(appointmentId), { credentials: 'same-origin', headers: { ...requestHeaders({ hasBody: false, verificationToken: token }), Accept: 'text/calendar' } }).catch(() => null);
  if (!response?.ok) return false;
  const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'text/calendar' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'appointment.ics', hidden: true });
  document.body.append(link);
  link.click();
  // The browser reads the file after this task: the link and its URL go a while later.
  setTimeout(() => {
    link.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
  return true;
};

/** The existing appointments of a 409 book answer (decoded with BookingConflictResponse), else null. */
export const bookingConflict = (error: unknown): readonly ExistingAppointment[] | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const decoded = BookingConflictResponse.decode(apiErrorBody(error));
  return isRight(decoded) && decoded.right.existingAppointments.length > 0 ? decoded.right.existingAppointments : null;
};

/** A 403 'Membership Required' answer (book, patient-info). */
export const isMembershipRequired = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** POST /api/waitlist-offers/view: the earlier slot an emailed link offers (no sign-in: the signed link is the member's). */
export const fetchWaitlistOffer = (client: ApiClient, token: string): Promise<WaitlistOfferResponse> =>
  client.post<WaitlistOfferResponse>('/api/waitlist-offers/view', { token }, { decode: WaitlistOfferResponse });

/** POST /api/waitlist-offers/take: moves the member's appointment to the offered slot (409: gone, or the link was used). */
export const takeWaitlistOffer = (client: ApiClient, token: string): Promise<WaitlistTakeResponse> =>
  client.post<WaitlistTakeResponse>('/api/waitlist-offers/take', { token }, { decode: WaitlistTakeResponse });
