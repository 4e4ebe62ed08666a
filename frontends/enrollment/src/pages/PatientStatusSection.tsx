import { Field, Select, Stack } from '@portal/ui';
import { PRACTICE_LOCATIONS } from '@portal/client';
import { MedicareOptions, OfficeEnrollmentNotice } from '../components/MedicareAnswer.tsx';
import { fieldId, setPatientStatus } from '../guest-form.ts';
import { needsOfficeEnrollment } from '../location-form.ts';
import { MEDICARE_LABEL, MEDICARE_PLACEHOLDER, PRACTICE_LOCATION_LABEL, PRACTICE_LOCATION_PLACEHOLDER, SECTION_PATIENT_STATUS } from '../messages.ts';
import { GuestFormSection } from './GuestFormSection.tsx';
import type { GuestFormState } from './use-guest-form.ts';

const PATIENT_STATUSES = [
  { value: 'existing', label: 'Existing patient', meta: 'I have been seen at the practice before.' },
  { value: 'new', label: 'New patient', meta: 'I have not been seen at the practice yet.' },
] as const;

/** The 'Patient Status' section: existing or new patient, the practice location, the Medicare answer. */
export function PatientStatusSection({ form }: { form: GuestFormState }) {
  const { values } = form;
  const officeOnly = needsOfficeEnrollment(values.hasMedicareInsurance);
  return (
    <GuestFormSection form={form} section="patient-status" title={SECTION_PATIENT_STATUS}>
      <Stack gap={4}>
        <fieldset className="enrollment-fieldset" id={fieldId('patientStatus')}>
          <legend className="enrollment-legend">Are you a current patient of the practice?</legend>
          <div className="enrollment-choice-list">
            {PATIENT_STATUSES.map((option) => (
              <label key={option.value} className="enrollment-choice">
                <input
                  type="radio"
                  className="enrollment-choice__control"
                  name="patientStatus"
                  value={option.value}
                  checked={values.patientStatus === option.value}
                  onChange={() => {
                    form.setValues((current) => setPatientStatus(current, option.value));
                    form.clearServerError('patientStatus');
                  }}
                />
                <span className="enrollment-choice__body">
                  <span className="enrollment-choice__name">{option.label}</span>
                  <span className="enrollment-choice__meta">{option.meta}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="enrollment-form-grid">
          <Field id={fieldId('department')} label={PRACTICE_LOCATION_LABEL} required error={form.fieldError('department')}>
            <Select
              placeholder={PRACTICE_LOCATION_PLACEHOLDER}
              value={values.department}
              onChange={(event) => {
                form.choose('department', event.target.value);
                form.choose('preferredProvider', '');
              }}
            >
              {PRACTICE_LOCATIONS.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id={fieldId('hasMedicareInsurance')}
            label={MEDICARE_LABEL}
            required
            error={officeOnly ? undefined : form.fieldError('hasMedicareInsurance')}
          >
            <Select
              placeholder={MEDICARE_PLACEHOLDER}
              value={values.hasMedicareInsurance}
              onChange={(event) => form.choose('hasMedicareInsurance', event.target.value)}
              aria-describedby={officeOnly ? 'enrollment-guest-office-only' : undefined}
            >
              <MedicareOptions />
            </Select>
          </Field>
        </div>
        {officeOnly ? (
          <OfficeEnrollmentNotice id="enrollment-guest-office-only" />
        ) : null}
      </Stack>
    </GuestFormSection>
  );
}
