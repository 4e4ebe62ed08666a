/**
 * The staff patient view (issue 14, 'Beyond the spec'; decision 0029): one patient's enrollments,
 * signed documents with their chart filing status (and those still to file by hand), Stripe
 * subscriptions and upcoming appointments, in one answer.
 *
 * - Enrollments and filings come from our records.
 * - Subscriptions come from Stripe (the Cards port), one call per subscription the patient's
 *   enrollments name: a handful for one patient, and the status staff see is Stripe's own.
 * - Appointments come from the health record through the booking use case's upcoming list.
 * A provider that does not answer leaves its part empty and flagged, not the whole view.
 */
import type { Cards } from '../ports/cards.port.ts';
import type { EnrollmentStatus } from '../domain/enrollment.ts';
import { canChangeAppointment, athenaLocalToInstant } from '../policies/cancellation-cutoff.policy.ts';
import { subscriptionDisplayStatus } from '../policies/subscription-status.policy.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import type { StaffDocumentFiling, StaffEnrollmentRecord, StaffPatientRecords } from '../ports/staff-portal.port.ts';
import type { BookingDeps } from './booking-support.ts';
import { upcomingAppointments } from './upcoming-appointments.use-case.ts';
import * as E from 'fp-ts/lib/Either.js';

export type FilingStatus = 'not_signed' | 'not_submitted' | 'processing' | 'uploaded' | 'failed';

export interface StaffPatientDocument {
  readonly enrollmentId: string;
  readonly documentType: 'membership_agreement' | 'privacy_practices';
  readonly signed: boolean;
  readonly filing: FilingStatus;
  readonly uploadAttempts: number;
  readonly lastAttemptError: string | null;
  readonly updatedAt: Date | null;
}

export interface StaffPatientSubscription {
  readonly id: string;
  readonly status: string;
  readonly displayStatus: string;
  readonly tier: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly currentPeriodEnd: Date | null;
}

export interface StaffPatientAppointment {
  readonly appointmentId: string;
  readonly date: string;
  readonly startTime: string;
  readonly appointmentType: string | null;
  /** The type's id: the staff reschedule screen looks for open slots of the same type. */
  readonly appointmentTypeId: string | null;
  readonly departmentId: string | null;
  readonly providerId: string | null;
  /** Inside the 24-hour cutoff: the patient cannot change it; staff may, with a reason. */
  readonly insideCutoff: boolean;
}

export interface StaffPatientRecordView {
  readonly patientId: string;
  readonly enrollments: readonly StaffEnrollmentRecord[];
  readonly documents: readonly StaffPatientDocument[];
  readonly documentsToFile: readonly StaffPatientDocument[];
  readonly subscriptions: readonly StaffPatientSubscription[];
  readonly subscriptionsUnavailable: boolean;
  readonly appointments: readonly StaffPatientAppointment[];
  readonly appointmentsUnavailable: boolean;
}

/** Statuses an enrollment reaches only after its membership agreement is signed. */
const AGREEMENT_SIGNED: readonly EnrollmentStatus[] = ['signed', 'privacy_signed', 'payment_pending', 'active', 'past_due'];

/**
 * Each enrollment's two documents: a filing (document_submissions) means SignWell confirmed it
 * signed, and its status is the chart filing's; an agreement the status says is signed but that
 * has no filing is 'not_submitted'; otherwise 'not_signed'. Declines sign nothing and are left out.
 */
export const patientDocuments = (enrollments: readonly StaffEnrollmentRecord[], filings: readonly StaffDocumentFiling[]): StaffPatientDocument[] =>
  enrollments
    .filter((enrollment) => enrollment.status !== 'declined')
    .flatMap((enrollment) =>
      (['membership_agreement', 'privacy_practices'] as const).map((documentType): StaffPatientDocument => {
        const filing = filings.find((candidate) => candidate.enrollmentId === enrollment.id && candidate.documentType === documentType);
        if (filing) {
          return { enrollmentId: enrollment.id, documentType, signed: true, filing: filing.status, uploadAttempts: filing.uploadAttempts, lastAttemptError: filing.lastAttemptError, updatedAt: filing.updatedAt };
        }
        const signed = documentType === 'membership_agreement' ? AGREEMENT_SIGNED.includes(enrollment.status) : enrollment.status === 'privacy_signed';
        return { enrollmentId: enrollment.id, documentType, signed, filing: signed ? 'not_submitted' : 'not_signed', uploadAttempts: 0, lastAttemptError: null, updatedAt: null };
      }),
    );

export interface StaffPatientRecordDeps {
  readonly records: StaffPatientRecords;
  readonly cards: Pick<Cards, 'getSubscription'>;
  readonly booking: BookingDeps;
}

export const staffPatientRecord = async (deps: StaffPatientRecordDeps, patientId: string): Promise<StaffPatientRecordView> => {
  const [enrollments, filings] = await Promise.all([deps.records.enrollmentsOf(patientId), deps.records.filingsOf(patientId)]);
  const documents = patientDocuments(enrollments, filings);

  const subscriptionIds = [...new Set(enrollments.map((enrollment) => enrollment.stripeSubscriptionId).filter((id): id is string => id !== null))].slice(0, 10);
  let subscriptionsUnavailable = false;
  const subscriptions: StaffPatientSubscription[] = [];
  try {
    for (const id of subscriptionIds) {
      const subscription = await deps.cards.getSubscription(id);
      if (!subscription) continue;
      subscriptions.push({
        id: subscription.id,
        status: subscription.status,
        displayStatus: subscriptionDisplayStatus(subscription),
        tier: subscription.tier,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        currentPeriodEnd: subscription.currentPeriodEnd,
      });
    }
  } catch {
    subscriptionsUnavailable = true;
  }

  const now = deps.booking.clock.now();
  const timeZone = deps.booking.timeZone ?? PRACTICE_TIME_ZONE;
  let appointmentsUnavailable = false;
  let appointments: StaffPatientAppointment[] = [];
  try {
    appointments = (await upcomingAppointments(deps.booking, patientId)).map((appointment) => {
      const start = athenaLocalToInstant(appointment.date, appointment.startTime, timeZone);
      return {
        appointmentId: appointment.appointmentId,
        date: appointment.date,
        startTime: appointment.startTime,
        appointmentType: appointment.appointmentType,
        appointmentTypeId: appointment.appointmentTypeId,
        departmentId: appointment.departmentId,
        providerId: appointment.providerId,
        insideCutoff: E.isRight(start) && !canChangeAppointment(start.right, now),
      };
    });
  } catch {
    appointmentsUnavailable = true;
  }

  return {
    patientId,
    enrollments,
    documents,
    documentsToFile: documents.filter((document) => document.filing === 'failed'),
    subscriptions,
    subscriptionsUnavailable,
    appointments,
    appointmentsUnavailable,
  };
};
