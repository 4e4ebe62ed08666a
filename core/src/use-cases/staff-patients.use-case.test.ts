import { describe, expect, it } from '@jest/globals';
import type { HealthRecordPatient } from '../ports/health-record.port.ts';
import { STAFF_WARNINGS, staffEligibilityWarnings, viewPatientForStaff } from './staff-patients.use-case.ts';

// 10:00 in Rhode Island on 15 June 2026.
const NOW = new Date('2026-06-15T14:00:00Z');

const patient = (overrides: Partial<HealthRecordPatient> = {}): HealthRecordPatient => ({
  patientId: '5101',
  firstName: 'Ada',
  lastName: 'Lane',
  dateOfBirth: '01/02/1980',
  sex: 'F',
  email: null,
  mobilePhone: null,
  homePhone: null,
  address1: null,
  address2: null,
  city: null,
  state: null,
  zip: null,
  primaryDepartmentId: '1',
  primaryProviderId: null,
  customFields: [],
  ...overrides,
});

const codes = (p: HealthRecordPatient, hardship = false) => staffEligibilityWarnings(p, { hardship }, NOW).map((w) => w.code);

describe('staff eligibility warnings (booking-dashboard-staff §5)', () => {
  it('none for an adult with no flags', () => {
    expect(codes(patient())).toEqual([]);
  });

  it('under 27: the day before the 27th birthday warns, the birthday itself does not (practice calendar)', () => {
    expect(codes(patient({ dateOfBirth: '06/16/1999' }))).toEqual(['under_27']);
    expect(codes(patient({ dateOfBirth: '06/15/1999' }))).toEqual([]);
    expect(staffEligibilityWarnings(patient({ dateOfBirth: '06/16/1999' }), { hardship: false }, NOW)[0]?.message).toBe(
      'Enrollment is currently only open to patients aged 27 and older (and non-Medicaid patients)',
    );
  });

  it('an unreadable date of birth warns as under 27 (the age cannot be shown to be 27)', () => {
    expect(codes(patient({ dateOfBirth: '' }))).toEqual(['under_27']);
    expect(codes(patient({ dateOfBirth: '13/45/1980' }))).toEqual(['under_27']);
  });

  it("paid up (field 21) and opted out (field 81), by the option id or the value 'Yes'; 'No' does not warn", () => {
    expect(codes(patient({ customFields: [{ customFieldId: '21', value: null, optionId: '2101' }] }))).toEqual(['paid_up']);
    expect(codes(patient({ customFields: [{ customFieldId: '81', value: 'yes', optionId: null }] }))).toEqual(['opted_out']);
    expect(codes(patient({ customFields: [{ customFieldId: '21', value: 'No', optionId: '2102' }, { customFieldId: '81', value: 'No', optionId: '8102' }] }))).toEqual([]);
  });

  it('hardship, and every warning at once in the order of §5', () => {
    const all = patient({
      dateOfBirth: '01/01/2010',
      customFields: [
        { customFieldId: '81', value: 'Yes', optionId: '8101' },
        { customFieldId: '21', value: 'Yes', optionId: '2101' },
      ],
    });
    expect(codes(all, true)).toEqual(['under_27', 'paid_up', 'opted_out', 'hardship']);
    expect(staffEligibilityWarnings(all, { hardship: true }, NOW).map((w) => w.title)).toEqual(Object.values(STAFF_WARNINGS).map((w) => w.title));
  });

  it('viewPatientForStaff asks the history about this patient only; null for a record that does not exist', async () => {
    const asked: string[][] = [];
    const deps = {
      healthRecord: {
        searchPatients: async () => [],
        getPatient: async (id: string) => (id === '5101' ? patient() : null),
      },
      history: {
        declinedForHardship: async (ids: readonly string[]) => {
          asked.push([...ids]);
          return new Set(ids);
        },
      },
    };
    expect((await viewPatientForStaff(deps, '5101', NOW))?.warnings.map((w) => w.code)).toEqual(['hardship']);
    expect(await viewPatientForStaff(deps, '9999', NOW)).toBeNull();
    expect(asked).toEqual([['5101']]);
  });
});
