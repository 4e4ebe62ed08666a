/**
 * What the booking and dashboard micro-frontends agree on, declared once (issue 25): neither copies
 * the other's strings. The dashboard keeps each patient's upcoming appointments under
 * `upcomingAppointmentsKey`; booking drops every such entry after it books, reschedules or cancels.
 * Booking owns its `?reschedule=<appointmentId>` address (its manifest and page read
 * RESCHEDULE_PARAM); the dashboard links to it through `rescheduleHref`.
 */
export const UPCOMING_APPOINTMENTS_QUERY_PREFIX = ['/api/dashboard/upcoming-appointments'] as const;

export const upcomingAppointmentsKey = (patientId: string) => [...UPCOMING_APPOINTMENTS_QUERY_PREFIX, patientId] as const;

export const APPOINTMENTS_PATH = '/appointments';
export const RESCHEDULE_PARAM = 'reschedule';

/** Booking's screen, moving this appointment. */
export const rescheduleHref = (appointmentId: string): string => `${APPOINTMENTS_PATH}?${RESCHEDULE_PARAM}=${encodeURIComponent(appointmentId)}`;
