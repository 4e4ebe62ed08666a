/**
 * The codecs of the dashboard's answers, in a chunk of their own: they load with the first request
 * (dashboard-api.ts asks for them as it starts), not with the dashboard's first chunk (issue 15,
 * docs/decisions/0034-bundle-splitting-and-first-paint.md).
 */
export {
  CancelAppointmentResponse,
  PortalSessionResponse,
  ProvidersResponse,
  SubscriptionStatusResponse,
  UpcomingAppointmentsResponse,
  WaitlistResponse,
} from '@portal/contracts';
