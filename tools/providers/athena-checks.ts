/**
 * The athenahealth adapter's contract checks: every call `adapters/athena`'s AthenaHealthRecord
 * makes (the proprietary `/v1/{practiceid}/...` API and the FHIR RelatedPerson search), each
 * through the adapter itself. Run against the provider sandbox (schema suite, go-live check) or
 * against athenahealth's Preview (go-live check with ATHENA_* set). Checks that write (book,
 * register, file a document, set custom fields) are marked: on a real practice they run only
 * with ATHENA_VERIFY_WRITES=true and the ids of a test patient.
 */
import type { AthenaHealthRecord } from '@portal/athena';
import type { OpenSlot } from '@portal/core';

export interface AthenaCheckTarget {
  readonly record: AthenaHealthRecord;
  /** A patient whose record may be read (and, for writes, booked for). */
  readonly patientId: string;
  readonly departmentId: string;
  /** The email of a caregiver with proxy access to others (FHIR RelatedPerson). */
  readonly caregiverEmail: string;
  /** Name and birth date of that patient, for the search. */
  readonly search: { readonly firstName: string; readonly lastName: string; readonly dateOfBirth: string };
  /** Dates (MM/DD/YYYY) to look for open slots in. */
  readonly slotWindow: { readonly startDate: string; readonly endDate: string };
}

export interface ProviderCheck<T> {
  readonly name: string;
  readonly writes: boolean;
  run(target: T): Promise<void>;
}

const must = (condition: boolean, message: string): void => {
  if (!condition) throw new Error(message);
};

const bookableSlots = async (target: AthenaCheckTarget, count: number): Promise<OpenSlot[]> => {
  const types = await target.record.appointmentTypes();
  for (const type of types.filter((candidate) => candidate.patientBookable !== false)) {
    const slots = (await target.record.openSlots({ departmentId: target.departmentId, appointmentTypeId: type.appointmentTypeId, ...target.slotWindow })).filter((slot) => !slot.frozen);
    if (slots.length >= count) return slots.slice(0, count);
  }
  throw new Error(`no ${count} open slots in department ${target.departmentId} between ${target.slotWindow.startDate} and ${target.slotWindow.endDate}`);
};

export const athenaChecks: readonly ProviderCheck<AthenaCheckTarget>[] = [
  { name: 'GET /departments', writes: false, run: async (t) => must((await t.record.departments()).length > 0, 'no departments') },
  { name: 'GET /providers', writes: false, run: async (t) => must((await t.record.providers()).length > 0, 'no providers') },
  { name: 'GET /appointmenttypes', writes: false, run: async (t) => must((await t.record.appointmentTypes()).length > 0, 'no appointment types') },
  { name: 'GET /patients/{id}?showcustomfields=true', writes: false, run: async (t) => must((await t.record.getPatient(t.patientId)) !== null, 'patient not found') },
  { name: 'GET /patients/{id} (unknown: 404)', writes: false, run: async (t) => must((await t.record.getPatient('99999999')) === null, 'an unknown patient was found') },
  { name: 'GET /patients?firstname&lastname&dob', writes: false, run: async (t) => must((await t.record.searchPatients(t.search)).length > 0, 'search found nobody') },
  { name: 'GET /patients/{id}/portalaccess', writes: false, run: async (t) => void (await t.record.portalAccess(t.patientId)) },
  { name: 'GET /fhir/r4/RelatedPerson?email', writes: false, run: async (t) => void (await t.record.relatedPatients(t.caregiverEmail)) },
  { name: 'GET /appointments/open', writes: false, run: async (t) => void (await bookableSlots(t, 1)) },
  { name: 'GET /appointments/{id} (unknown: 404)', writes: false, run: async (t) => must((await t.record.appointment('999999999')) === null, 'an unknown appointment was found') },
  { name: 'GET /patients/{id}/appointments', writes: false, run: async (t) => void (await t.record.patientAppointments(t.patientId, { showPast: true, showCancelled: true })) },
  { name: 'GET /patients/{id}/documents/admin', writes: false, run: async (t) => void (await t.record.listAdminDocuments(t.patientId, t.departmentId)) },
  {
    name: 'PUT /appointments/{id} (book), GET /appointments/{id}, PUT …/reschedule, PUT …/cancel',
    writes: true,
    run: async (t) => {
      const [first, second] = await bookableSlots(t, 2);
      const booked = await t.record.bookAppointment({ appointmentId: first!.appointmentId, patientId: t.patientId, appointmentTypeId: first!.appointmentTypeId ?? '', departmentId: t.departmentId });
      must((await t.record.appointment(booked.appointmentId)) !== null, 'the booked appointment cannot be read');
      const moved = await t.record.rescheduleAppointment({ appointmentId: booked.appointmentId, newAppointmentId: second!.appointmentId, patientId: t.patientId, reason: 'providers:verify' });
      await t.record.cancelAppointment({ appointmentId: moved.appointmentId, patientId: t.patientId, reason: 'providers:verify' });
      // The cancelled appointment is in the patient's list (with showcancelled).
      const listed = await t.record.patientAppointments(t.patientId, { showPast: false, showCancelled: true });
      must(listed.some((appointment) => appointment.appointmentId === moved.appointmentId), 'the cancelled appointment is not listed');
    },
  },
  {
    name: 'PUT /patients/{id}/customfields',
    writes: true,
    // Field 81 (membership opt-out) set to "No" (8102): what the portal writes on enrollment.
    run: async (t) => void (await t.record.updateCustomFields(t.patientId, t.departmentId, [{ customFieldId: '81', optionId: '8102' }])),
  },
  {
    name: 'POST /patients/{id}/documents/admin',
    writes: true,
    run: async (t) => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n').toString('base64');
      const filed = await t.record.fileAdminDocument({ patientId: t.patientId, departmentId: t.departmentId, documentSubclass: 'ADMIN_CONSENT', pdfBase64: pdf, internalNote: 'providers:verify' });
      // Found again by its note, as the worker does after a timeout.
      const listed = await t.record.listAdminDocuments(t.patientId, t.departmentId);
      must(listed.some((document) => document.adminId === filed.adminId), 'the filed document is not listed');
    },
  },
  {
    name: 'POST /patients (register)',
    writes: true,
    run: async (t) => {
      const suffix = Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');
      await t.record.createPatient({
        firstName: 'Verify',
        lastName: `Check${suffix}`,
        dateOfBirth: '01/02/1980',
        departmentId: t.departmentId,
        email: `verify.${suffix}@example.com`,
        mobilePhone: '4015550199',
        address1: '1 Test Street',
        address2: null,
        city: 'Lincoln',
        state: 'RI',
        zip: '02865',
        ssn: '900990199',
        sex: null,
        emergencyContact: null,
        primaryProviderId: null,
        guardian: null,
      });
    },
  },
];
