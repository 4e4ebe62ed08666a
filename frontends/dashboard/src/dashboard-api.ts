/**
 * Every API call the dashboard makes, each answer decoded with its @portal/contracts codec (loaded
 * with the first request, dashboard-codecs.ts) before the screen uses it (an answer that does not decode is reported and shown as the generic error).
 * The Pact consumer test (dashboard-api.pact.test.ts) calls these same functions.
 */
import type {
  CancelAppointmentResponse,
  PortalSessionResponse,
  ProvidersResponse,
  SubscriptionStatusResponse,
  UpcomingAppointmentsResponse,
  WaitlistChoice,
  WaitlistResponse,
} from '@portal/contracts';
import { SUBSCRIPTION_STATUS_QUERY_KEY, SUBSCRIPTION_STATUS_REFRESH_PATH, type ApiClient } from '@portal/client';
import type { Decode } from '@portal/client';

type Codecs = typeof import('./dashboard-codecs.ts');

/** A codec of dashboard-codecs.ts, loaded (once) when a request first needs it. */
const codec =
  (name: keyof Codecs): Decode =>
  () =>
    import('./dashboard-codecs.ts').then((module) => module[name]);

/** GET /api/dashboard/subscription-status: the Membership Status card and the welcome badge. */
export const fetchSubscriptionStatus = (client: ApiClient, signal?: AbortSignal): Promise<SubscriptionStatusResponse> =>
  client.get<SubscriptionStatusResponse>(SUBSCRIPTION_STATUS_QUERY_KEY[0], { decode: codec('SubscriptionStatusResponse'), cache: 'no-store', ...(signal ? { signal } : {}) });

/** POST /api/dashboard/subscription-status/refresh: Refresh re-reads billing. */
export const refreshSubscriptionStatus = (client: ApiClient): Promise<SubscriptionStatusResponse> =>
  client.post<SubscriptionStatusResponse>(SUBSCRIPTION_STATUS_REFRESH_PATH, undefined, { decode: codec('SubscriptionStatusResponse') });

/** GET /api/dashboard/upcoming-appointments: the next 90 days (provider-login users). */
export const fetchUpcomingAppointments = (client: ApiClient, signal?: AbortSignal): Promise<UpcomingAppointmentsResponse> =>
  client.get<UpcomingAppointmentsResponse>('/api/dashboard/upcoming-appointments', { decode: codec('UpcomingAppointmentsResponse'), cache: 'no-store', ...(signal ? { signal } : {}) });

/** GET /api/providers?locationId=: the providers' names for the appointments' provider ids. */
export const fetchProviders = (client: ApiClient, locationId: string, signal?: AbortSignal): Promise<ProvidersResponse> =>
  client.get<ProvidersResponse>(`/api/providers?locationId=${encodeURIComponent(locationId)}`, { decode: codec('ProvidersResponse'), ...(signal ? { signal } : {}) });

/** PUT /api/appointments/{appointmentId}/cancel: the cancel dialog's 'Yes, Cancel Appointment'. */
export const cancelAppointment = (client: ApiClient, appointmentId: string): Promise<CancelAppointmentResponse> =>
  client.put<CancelAppointmentResponse>(`/api/appointments/${encodeURIComponent(appointmentId)}/cancel`, undefined, { decode: codec('CancelAppointmentResponse') });

/** PUT /api/appointments/{appointmentId}/waitlist: hear of an earlier slot (same provider, any provider at the location) or not. */
export const setAppointmentWaitlist = (client: ApiClient, appointmentId: string, scope: WaitlistChoice): Promise<WaitlistResponse> =>
  client.put<WaitlistResponse>(`/api/appointments/${encodeURIComponent(appointmentId)}/waitlist`, { scope }, { decode: codec('WaitlistResponse') });

/** POST /api/stripe/portal-session: the Membership Billing card opens the billing portal in a new tab. */
export const openPortalSession = (client: ApiClient): Promise<PortalSessionResponse> =>
  client.post<PortalSessionResponse>('/api/stripe/portal-session', undefined, { decode: codec('PortalSessionResponse') });
