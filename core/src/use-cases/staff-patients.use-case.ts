/**
 * Staff patient search and the eligibility warnings shown when staff select a patient
 * (booking-dashboard-staff §5 'Staff eligibility warnings'). Warnings do not block: staff
 * acknowledge them and may continue (the subscription's own conflict rules still apply).
 *
 * Warnings, in this order:
 * - under_27: age under 27 on the practice's calendar (or no readable date of birth);
 * - paid_up: custom field 21 'MDRI Paid Up' is Yes (may already have a membership);
 * - opted_out: custom field 81 (membership opt-out) is Yes;
 * - hardship: the patient declined here for financial hardship (may not be eligible).
 */
import * as E from 'fp-ts/lib/Either.js';
import { MINIMUM_ENROLLMENT_AGE } from '../domain/practice.ts';
import { ageInYears } from '../policies/eligibility.policy.ts';
import {
  MEMBERSHIP_OPT_OUT_CUSTOM_FIELD_ID,
  MEMBERSHIP_OPT_OUT_YES_OPTION_ID,
  PAID_UP_CUSTOM_FIELD_ID,
  PAID_UP_YES_OPTION_ID,
  type HealthRecord,
  type HealthRecordPatient,
  type PatientSearch,
} from '../ports/health-record.port.ts';
import type { StaffPatientHistory } from '../ports/staff-portal.port.ts';
import { customFieldIsYes } from './create-oauth-enrollment.use-case.ts';

export type StaffWarningCode = 'under_27' | 'paid_up' | 'opted_out' | 'hardship';

export interface StaffWarning {
  readonly code: StaffWarningCode;
  readonly title: string;
  readonly message: string;
}

export const STAFF_WARNINGS: Readonly<Record<StaffWarningCode, Omit<StaffWarning, 'code'>>> = {
  under_27: {
    title: 'Age Restriction',
    message: `Enrollment is currently only open to patients aged ${MINIMUM_ENROLLMENT_AGE} and older (and non-Medicaid patients)`,
  },
  paid_up: {
    title: 'Already Paid Up',
    message: "This patient's record shows 'MDRI Paid Up' as Yes: they may already have a membership.",
  },
  opted_out: {
    title: 'Opted Out',
    message: "This patient's record shows they opted out of the membership program.",
  },
  hardship: {
    title: 'Financial Hardship',
    message: 'This patient declined a membership for financial hardship and may not be eligible.',
  },
};

const warning = (code: StaffWarningCode): StaffWarning => ({ code, ...STAFF_WARNINGS[code] });

/** The warnings for one patient at `now`; empty when none applies. */
export const staffEligibilityWarnings = (patient: HealthRecordPatient, facts: { readonly hardship: boolean }, now: Date): readonly StaffWarning[] => {
  const warnings: StaffWarning[] = [];
  const age = ageInYears(patient.dateOfBirth, now);
  if (E.isLeft(age) || age.right < MINIMUM_ENROLLMENT_AGE) warnings.push(warning('under_27'));
  if (customFieldIsYes(patient, PAID_UP_CUSTOM_FIELD_ID, PAID_UP_YES_OPTION_ID)) warnings.push(warning('paid_up'));
  if (customFieldIsYes(patient, MEMBERSHIP_OPT_OUT_CUSTOM_FIELD_ID, MEMBERSHIP_OPT_OUT_YES_OPTION_ID)) warnings.push(warning('opted_out'));
  if (facts.hardship) warnings.push(warning('hardship'));
  return warnings;
};

export interface StaffPatientsDeps {
  readonly healthRecord: Pick<HealthRecord, 'searchPatients' | 'getPatient'>;
  readonly history: StaffPatientHistory;
}

export interface StaffPatientView {
  readonly patient: HealthRecordPatient;
  readonly warnings: readonly StaffWarning[];
}

/** Patients matching first name, last name and date of birth exactly (the health record's search). */
export const searchPatientsForStaff = async (deps: StaffPatientsDeps, search: PatientSearch): Promise<readonly HealthRecordPatient[]> =>
  deps.healthRecord.searchPatients(search);

/** One patient's record with its warnings; null when the record does not exist. */
export const viewPatientForStaff = async (deps: StaffPatientsDeps, patientId: string, now: Date): Promise<StaffPatientView | null> => {
  const patient = await deps.healthRecord.getPatient(patientId);
  if (!patient) return null;
  const hardship = (await deps.history.declinedForHardship([patient.patientId])).has(patient.patientId);
  return { patient, warnings: staffEligibilityWarnings(patient, { hardship }, now) };
};
