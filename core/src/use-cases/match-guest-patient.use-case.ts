import type { EnrollmentRepository } from '../ports/enrollment.repository.port.ts';
import type { HealthRecord } from '../ports/health-record.port.ts';

const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase('en-US') === b.trim().toLocaleLowerCase('en-US');

/**
 * The guest path's patient information step: among the patients of this guest's own active
 * memberships, the one the form names (first and last name, date of birth 'MM/DD/YYYY'). Null when
 * none matches, so the form can neither reach another person's chart nor learn whether one exists.
 */
export const guestMemberPatient = async (
  deps: { readonly enrollments: EnrollmentRepository; readonly healthRecord: Pick<HealthRecord, 'getPatient'> },
  guestHash: string,
  form: { readonly firstName: string; readonly lastName: string; readonly dateOfBirth: string },
): Promise<{ patientId: string; patientName: string; departmentId: string } | null> => {
  for (const enrollment of await deps.enrollments.findActiveForGuest(guestHash)) {
    if (!enrollment.athenaPatientId) continue;
    const patient = await deps.healthRecord.getPatient(enrollment.athenaPatientId);
    if (patient && sameName(patient.firstName, form.firstName) && sameName(patient.lastName, form.lastName) && patient.dateOfBirth === form.dateOfBirth) {
      return { patientId: patient.patientId, patientName: `${patient.firstName} ${patient.lastName}`, departmentId: enrollment.department ?? patient.primaryDepartmentId ?? '' };
    }
  }
  return null;
};
