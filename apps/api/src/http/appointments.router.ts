/**
 * Appointment booking (booking-dashboard-staff §2, §4, §5, §7, §8; issue 13):
 * GET /api/appointment-types, GET /api/appointments/availability, POST /api/appointments/patient-info
 * (guests), POST /api/appointments/{patientId}/book and /reschedule, PUT /api/appointments/{appointmentId}/cancel,
 * GET /api/dashboard/upcoming-appointments; the earlier-slot waitlist: PUT /api/appointments/{appointmentId}/waitlist,
 * POST /api/waitlist-offers/view and /take (the emailed link's signed token is the authority).
 *
 * Who the patient is comes from the server: a provider-login session may act for its acting
 * patient and the patients linked to it; a verified guest for the patients of its own active
 * memberships. Any other patient or appointment id answers 404, like a missing one. Booking needs
 * an active membership ('Membership Required'). The rules themselves are core's booking use case;
 * every booking, reschedule and cancel (and every refusal) writes an audit row.
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Context } from 'koa';
import {
  AVAILABILITY_FAILED_MESSAGE,
  AVAILABILITY_FAILED_TITLE,
  HealthRecordUnavailableError,
  appointmentChangeDecision,
  availability,
  bookAppointment,
  bookableTypes,
  bookingCalendarEvent,
  cancelAppointment,
  guestMemberPatient,
  knownPatientOf,
  localizedCalendarEvent,
  listProviders,
  MEMBERSHIP_REQUIRED_MESSAGE,
  MEMBERSHIP_REQUIRED_TITLE,
  memberPatientFor,
  patientsOfCaller,
  type CallerPatients,
  rescheduleAppointment,
  upcomingAppointments,
  type Appointment,
  type AppointmentCalendarEvent,
  type BookingDeps,
  type BookingError,
  type CalendarFiles,
  type EnrollmentRepository,
  type HealthRecord,
  type Mailer,
  type PatientLanguages,
  type ProviderCache,
  type SignedTokens,
  type Waitlist,
  type WaitlistDeps,
  DEPARTMENTS,
  OFFER_INVALID_MESSAGE,
  setAppointmentWaitlist,
  takeOffer,
  viewOffer,
} from '@portal/core';
import type { Logger } from '@portal/composition';
import { AvailabilityQuery, BookAppointmentRequest, BookingPatientForm, RescheduleAppointmentRequest, WaitlistOfferRequest, WaitlistRequest, athenaIdOrNull, decodeBody } from '@portal/contracts';
import type { RequestAudit } from './audit.ts';
import { callerOf, identify, type EnrollmentAccessDeps, type Requester } from './enrollment-access.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { statusOf } from './error-status.ts';
import { notifyAppointment, slotFreed } from './appointment-aftermath.ts';

export const MEMBERSHIP_REQUIRED = { error: MEMBERSHIP_REQUIRED_TITLE, message: MEMBERSHIP_REQUIRED_MESSAGE } as const;
const APPOINTMENT_NOT_FOUND = () => new HttpError(404, { error: 'Not Found', message: 'Appointment not found.' });
const PATIENT_NOT_FOUND = () => new HttpError(404, { error: 'Not Found', message: 'Patient not found.' });

export interface AppointmentsRouterDeps extends EnrollmentAccessDeps {
  readonly booking: BookingDeps;
  readonly mailer: Mailer;
  readonly calendars: CalendarFiles;
  readonly logger: Logger;
  readonly healthRecord: HealthRecord;
  readonly providerCache: ProviderCache;
  readonly enrollments: EnrollmentRepository;
  readonly audit: RequestAudit;
  readonly waitlist: Waitlist;
  readonly tokens: SignedTokens;
  readonly publicOrigin: string;
  /** Each patient's chosen language (issue 26): a booking or reschedule remembers the request's. */
  readonly languages?: PatientLanguages;
}

const existingJson = (appointment: Appointment, providerNames: ReadonlyMap<string, string>) => ({
  appointmentId: appointment.appointmentId,
  date: appointment.date,
  starttime: appointment.startTime,
  providername: appointment.providerId === null ? null : (providerNames.get(appointment.providerId) ?? null),
  appointmenttype: appointment.appointmentType,
});

export const appointmentsRouter = (deps: AppointmentsRouterDeps): Router => {
  const { audit, enrollments, clock } = deps;
  const router = new Router();

  const patientsOf = (requester: Requester): Promise<CallerPatients> => patientsOfCaller({ enrollments }, callerOf(requester));

  /** The path's patient, if the requester may act for them (404 otherwise) and they are a member (403 otherwise). */
  const memberPatient = async (ctx: Context, action: string) => {
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    const found = await memberPatientFor({ enrollments }, callerOf(requester), athenaIdOrNull(ctx.params.id));
    if (E.isLeft(found)) {
      const notMember = found.left.code === 'BOOKING.MEMBERSHIP_REQUIRED';
      await audit(ctx, { eventType: 'appointment', action: `${action}_refused`, statusCode: statusOf(found.left.code), severity: 'warning', metadata: { reason: notMember ? 'not_member' : 'not_owner' } });
      throw notMember ? new HttpError(403, { ...MEMBERSHIP_REQUIRED }) : PATIENT_NOT_FOUND();
    }
    return { requester, ...found.right };
  };

  /**
   * The confirmation (or update, or cancellation) email with its calendar file, to the signed-in
   * person or the verified guest; sent after the answer, a failure only logged (the booking stands).
   */
  const notify = (ctx: Context, requester: Requester, calendar: AppointmentCalendarEvent | null, kind: 'booked' | 'rescheduled' | 'cancelled'): void =>
    notifyAppointment(deps, requester.kind === 'session' ? requester.session.person.email : requester.email, calendar, kind, ctx.state.locale);

  /**
   * A patient who books or moves an appointment in a language keeps it (issue 26): the reminders
   * and waitlist offers sent later without a request go in it. A failure is only logged.
   */
  const rememberLanguage = async (ctx: Context, patientId: string): Promise<void> => {
    if (!deps.languages) return;
    try {
      await deps.languages.remember(patientId, ctx.state.locale, clock.now());
    } catch (error) {
      deps.logger.warn({ err: error }, 'patient language not remembered');
    }
  };

  const waitlistDeps: WaitlistDeps = {
    waitlist: deps.waitlist,
    booking: deps.booking,
    tokens: deps.tokens,
    mailer: deps.mailer,
    patients: deps.healthRecord,
    clock,
    publicOrigin: deps.publicOrigin,
  };

  /**
   * A slot a cancel or reschedule gave back: the appointment leaves the waitlist, and a background
   * job offers the slot to those waiting. A failure here is logged; the change itself stands.
   */
  const freed = (appointment: Appointment): Promise<void> => slotFreed(deps, appointment);

  const providerNames = async (): Promise<ReadonlyMap<string, string>> => {
    // The practice's provider directory (cached a day) names the provider; without it, no names.
    const providers = await listProviders({ healthRecord: deps.healthRecord, cache: deps.providerCache, now: () => clock.now() }).catch(() => []);
    return new Map(providers.map((provider) => [provider.id, provider.displayName]));
  };

  const refuse = async (ctx: Context, action: string, error: BookingError): Promise<never> => {
    const status = statusOf(error.code);
    await audit(ctx, { eventType: 'appointment', action: `${action}_refused`, statusCode: status, severity: 'warning', metadata: { reason: error.code } });
    if (error.code === 'APPOINTMENT.NOT_FOUND') throw APPOINTMENT_NOT_FOUND();
    if (error.code === 'BOOKING.EXISTING_APPOINTMENT') {
      const names = await providerNames();
      throw new HttpError(409, { error: error.title ?? 'Existing Appointment', message: error.message, existingAppointments: error.existing.map((existing) => existingJson(existing, names)) });
    }
    throw new HttpError(status, { error: error.title ?? 'Booking Failed', message: error.message });
  };

  router.get('/api/appointment-types', async (ctx) => {
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    const types = bookableTypes(await deps.booking.scheduling.appointmentTypes(), requester.kind === 'session');
    ctx.body = { appointmentTypes: types.map((type) => ({ id: type.appointmentTypeId, name: type.name, displayName: type.name })) };
  });

  router.get('/api/appointments/availability', async (ctx) => {
    await identify(ctx, deps.service, deps.guests, clock);
    const query = decodeBody(AvailabilityQuery, ctx.query);
    if (E.isLeft(query)) throw new HttpError(400, { error: 'Validation failed', message: query.left.errors[0]?.message ?? 'Validation failed' });
    const { departmentId, appointmentTypeId, week } = query.right;
    const providerId = query.right.providerId ?? null;
    try {
      const open = await availability(deps.booking, { departmentId, providerId, appointmentTypeId, week });
      if (E.isLeft(open)) throw new HttpError(400, { error: 'Validation failed', message: open.left.message });
      ctx.body = {
        slots: open.right.slots.map((slot) => ({ appointmentId: slot.appointmentId, date: slot.date, time: slot.time, ...(slot.providerId === null ? {} : { providerId: slot.providerId }) })),
        // The six weeks' dates on the server's clock, read with the slots: the screen labels its weeks with these.
        weeks: open.right.weeks.map((dates) => ({ start: dates.start, end: dates.end })),
      };
    } catch (error) {
      if (error instanceof HealthRecordUnavailableError) throw new HttpError(503, { error: AVAILABILITY_FAILED_TITLE, message: AVAILABILITY_FAILED_MESSAGE });
      throw error;
    }
  });

  router.post('/api/appointments/patient-info', async (ctx) => {
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    if (requester.kind !== 'guest') throw new HttpError(403, { error: 'Guests only', message: 'Signed-in members book from their own record.' });
    const form = decodeOrThrow(BookingPatientForm, ctx.request.body);
    const patient = await guestMemberPatient({ enrollments, healthRecord: deps.healthRecord }, requester.guestHash, form);
    if (!patient) {
      await audit(ctx, { eventType: 'appointment', action: 'guest_patient_refused', statusCode: 403, severity: 'warning', metadata: { reason: 'not_member' } });
      throw new HttpError(403, { ...MEMBERSHIP_REQUIRED });
    }
    await audit(ctx, { eventType: 'phi_read', action: 'guest_patient_matched', statusCode: 200, metadata: { patientId: patient.patientId } });
    ctx.body = patient;
  });

  router.post('/api/appointments/:id/book', async (ctx) => {
    const body = decodeOrThrow(BookAppointmentRequest, ctx.request.body);
    const { requester, patientId, guestHash } = await memberPatient(ctx, 'book_appointment');
    const result = await bookAppointment(deps.booking, {
      patientId,
      choice: { appointmentId: body.appointmentId, appointmentTypeId: body.appointmentTypeId, providerId: body.providerId },
      member: requester.kind === 'session',
      guestHash,
    });
    if (E.isLeft(result)) return refuse(ctx, 'book_appointment', result.left);
    const { appointment, appointmentTypeName, calendar } = result.right;
    ctx.body = { appointmentId: appointment.athenaAppointmentId, appointmentTypeName, message: 'Appointment booked' };
    await audit(ctx, { eventType: 'appointment', action: 'book_appointment', appointmentId: appointment.athenaAppointmentId, metadata: { patientId } });
    await rememberLanguage(ctx, patientId);
    notify(ctx, requester, calendar, 'booked');
  });

  router.post('/api/appointments/:id/reschedule', async (ctx) => {
    const body = decodeOrThrow(RescheduleAppointmentRequest, ctx.request.body);
    const { requester, patientId, mayTouch, guestHash } = await memberPatient(ctx, 'reschedule_appointment');
    if ((await knownPatientOf(deps.booking, body.existingAppointmentId)) !== patientId) return refuse(ctx, 'reschedule_appointment', { code: 'APPOINTMENT.NOT_FOUND', message: 'Appointment not found.' });
    const result = await rescheduleAppointment(deps.booking, {
      existingAppointmentId: body.existingAppointmentId,
      choice: { appointmentId: body.appointmentId, appointmentTypeId: body.appointmentTypeId, providerId: body.providerId },
      member: requester.kind === 'session',
      guestHash,
      // The appointment must be this patient's (and one the requester may touch).
      mayActFor: (owner) => owner === patientId && mayTouch(owner),
    });
    if (E.isLeft(result)) return refuse(ctx, 'reschedule_appointment', result.left);
    const { appointment, appointmentTypeName, calendar } = result.right;
    ctx.body = { appointmentId: appointment.athenaAppointmentId, message: 'Appointment rescheduled', appointmentTypeName };
    await audit(ctx, { eventType: 'appointment', action: 'reschedule_appointment', appointmentId: appointment.athenaAppointmentId, metadata: { patientId, from: body.existingAppointmentId } });
    await rememberLanguage(ctx, patientId);
    notify(ctx, requester, calendar, 'rescheduled');
    await freed(result.right.freed);
  });

  router.put('/api/appointments/:id/cancel', async (ctx) => {
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    const appointmentId = athenaIdOrNull(ctx.params.id);
    if (appointmentId === null) {
      await audit(ctx, { eventType: 'appointment', action: 'cancel_appointment_refused', statusCode: 404, severity: 'warning', metadata: { reason: 'malformed_id' } });
      throw APPOINTMENT_NOT_FOUND();
    }
    const { mayTouch } = await patientsOf(requester);
    const owner = await knownPatientOf(deps.booking, appointmentId);
    if (owner === null || !mayTouch(owner)) return refuse(ctx, 'cancel_appointment', { code: 'APPOINTMENT.NOT_FOUND', message: 'Appointment not found.' });
    const result = await cancelAppointment(deps.booking, { appointmentId, mayActFor: mayTouch });
    if (E.isLeft(result)) return refuse(ctx, 'cancel_appointment', result.left);
    ctx.body = { success: true, message: 'Appointment cancelled' };
    await audit(ctx, { eventType: 'appointment', action: 'cancel_appointment', appointmentId, metadata: { patientId: result.right.appointment.patientId } });
    notify(ctx, requester, result.right.calendar, 'cancelled');
    await freed(result.right.appointment);
  });

  // The booking's calendar file (the download on the confirmation screen): bookings made here only.
  router.get('/api/appointments/:id/calendar.ics', async (ctx) => {
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    const appointmentId = athenaIdOrNull(ctx.params.id);
    const { mayTouch } = await patientsOf(requester);
    const booking = appointmentId === null ? null : await deps.booking.appointments.findByAthenaId(appointmentId);
    if (!booking || !mayTouch(booking.athenaPatientId) || (booking.status !== 'booked' && booking.status !== 'cancelled')) {
      await audit(ctx, { eventType: 'phi_read', action: 'read_appointment_calendar_refused', statusCode: 404, severity: 'warning', metadata: { reason: 'not_owner' } });
      throw APPOINTMENT_NOT_FOUND();
    }
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'attachment; filename="appointment.ics"');
    // In the request's language (issue 26; English exactly as before).
    ctx.body = deps.calendars.ics(localizedCalendarEvent(bookingCalendarEvent(booking, booking.status === 'cancelled' ? 'CANCEL' : 'REQUEST'), ctx.state.locale));
    await audit(ctx, { eventType: 'phi_read', action: 'read_appointment_calendar', appointmentId: booking.athenaAppointmentId, metadata: { patientId: booking.athenaPatientId } });
  });

  router.get('/api/dashboard/upcoming-appointments', async (ctx) => {
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    if (requester.kind !== 'session') {
      await audit(ctx, { eventType: 'phi_read', action: 'read_upcoming_appointments_refused', statusCode: 403, severity: 'warning', metadata: { reason: 'guest' } });
      throw new HttpError(403, { error: 'Forbidden', message: 'Sign in with athenahealth credentials to see your appointments.' });
    }
    const patientId = requester.session.actingPatientId;
    try {
      const appointments = await upcomingAppointments(deps.booking, patientId);
      const now = clock.now();
      const waitlisted = await deps.waitlist.scopesOf(appointments.map((appointment) => appointment.appointmentId));
      ctx.body = {
        success: true,
        appointments: appointments.map((appointment) => ({
          appointmentId: appointment.appointmentId,
          date: appointment.date,
          startTime: appointment.startTime,
          departmentId: appointment.departmentId ?? '',
          providerId: appointment.providerId ?? '',
          waitlist: waitlisted.get(appointment.appointmentId) ?? 'off',
          ...appointmentChangeDecision(appointment.date, appointment.startTime, now),
        })),
      };
    } catch (error) {
      if (!(error instanceof HealthRecordUnavailableError)) throw error;
      ctx.status = 503;
      ctx.body = { success: false, appointments: [], error: 'Unable to load your appointments right now. Please try again.' };
    }
    await audit(ctx, { eventType: 'phi_read', action: 'read_upcoming_appointments', metadata: { patientId } });
  });

  // The earlier-slot waitlist choice of a booked appointment (members signed in with the health record).
  router.put('/api/appointments/:id/waitlist', async (ctx) => {
    const requester = await identify(ctx, deps.service, deps.guests, clock);
    const body = decodeOrThrow(WaitlistRequest, ctx.request.body);
    const result = await setAppointmentWaitlist(
      { enrollments, booking: deps.booking, waitlist: deps.waitlist, clock },
      { caller: callerOf(requester), appointmentId: athenaIdOrNull(ctx.params.id), scope: body.scope === 'off' ? null : body.scope },
    );
    if (E.isLeft(result)) {
      if (result.left.code === 'APPOINTMENT.NOT_FOUND') return refuse(ctx, 'set_waitlist', result.left);
      await audit(ctx, { eventType: 'appointment', action: 'set_waitlist_refused', statusCode: statusOf(result.left.code), severity: 'warning', metadata: { reason: 'not_member' } });
      throw new HttpError(statusOf(result.left.code), { ...MEMBERSHIP_REQUIRED });
    }
    const { appointmentId, patientId } = result.right;
    ctx.body = { appointmentId, waitlist: body.scope };
    await audit(ctx, { eventType: 'appointment', action: 'set_waitlist', appointmentId, metadata: { patientId, scope: body.scope } });
  });

  const offerJson = async (view: NonNullable<Awaited<ReturnType<typeof viewOffer>>>) => ({
    state: view.state,
    offered: {
      date: view.offer.date,
      time: view.offer.startTime,
      providerName: view.offer.providerId === null ? null : ((await providerNames()).get(view.offer.providerId) ?? null),
      locationName: DEPARTMENTS.find((department) => department.id === view.offer.departmentId)?.name ?? '',
    },
    current: { date: view.entry.date, time: view.entry.startTime },
  });

  const OFFER_INVALID = () => new HttpError(404, { error: 'Offer Not Found', message: OFFER_INVALID_MESSAGE });

  // The offer page: what the signed link offers. No sign-in: the link is the member's own.
  router.post('/api/waitlist-offers/view', async (ctx) => {
    const { token } = decodeOrThrow(WaitlistOfferRequest, ctx.request.body);
    const view = await viewOffer(waitlistDeps, token);
    if (!view) {
      await audit(ctx, { eventType: 'phi_read', action: 'read_waitlist_offer_refused', statusCode: 404, severity: 'warning', metadata: { reason: 'invalid_link' } });
      throw OFFER_INVALID();
    }
    ctx.body = await offerJson(view);
    await audit(ctx, { eventType: 'phi_read', action: 'read_waitlist_offer', appointmentId: view.entry.athenaAppointmentId, metadata: { patientId: view.entry.athenaPatientId } });
  });

  router.post('/api/waitlist-offers/take', async (ctx) => {
    const { token } = decodeOrThrow(WaitlistOfferRequest, ctx.request.body);
    const result = await takeOffer(waitlistDeps, token);
    if (E.isLeft(result)) {
      const error = result.left;
      if (error.code === 'WAITLIST.INVALID') {
        await audit(ctx, { eventType: 'appointment', action: 'take_waitlist_offer_refused', statusCode: 404, severity: 'warning', metadata: { reason: 'invalid_link' } });
        throw OFFER_INVALID();
      }
      if (error.code === 'WAITLIST.GONE' || error.code === 'WAITLIST.USED') {
        await audit(ctx, { eventType: 'appointment', action: 'take_waitlist_offer_refused', statusCode: 409, severity: 'warning', metadata: { reason: error.code } });
        throw new HttpError(409, { error: error.code === 'WAITLIST.GONE' ? 'Time No Longer Available' : 'Link Already Used', message: error.message });
      }
      return refuse(ctx, 'take_waitlist_offer', error);
    }
    const { appointment, calendar, entry } = result.right;
    ctx.body = { appointmentId: appointment.athenaAppointmentId, message: 'Appointment moved' };
    await audit(ctx, { eventType: 'appointment', action: 'take_waitlist_offer', appointmentId: appointment.athenaAppointmentId, metadata: { patientId: entry.athenaPatientId, from: entry.athenaAppointmentId } });
    const patient = await deps.healthRecord.getPatient(entry.athenaPatientId).catch(() => null);
    notifyAppointment(deps, patient?.email, calendar, 'rescheduled', ctx.state.locale);
    await freed(result.right.freed);
  });

  return router;
};
