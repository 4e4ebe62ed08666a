import { Field, Select, Stack } from '@portal/ui';
import { PRACTICE_LOCATIONS } from '@portal/client';
import { MedicareOptions, OfficeEnrollmentNotice } from '../components/MedicareAnswer.tsx';
import { fieldId, setPatientStatus } from '../guest-form.ts';
import { needsOfficeEnrollment } from '../location-form.ts';
import { useT } from '../i18n.ts';
import type { MessageId } from '../i18n.ts';
import { GuestFormSection } from './GuestFormSection.tsx';
import type { GuestFormState } from './use-guest-form.ts';

const PATIENT_STATUSES: ReadonlyArray<{ value: 'existing' | 'new'; label: MessageId; meta: MessageId }> = [
  { value: 'existing', label: 'patientStatus.existing', meta: 'patientStatus.existing.meta' },
  { value: 'new', label: 'patientStatus.new', meta: 'patientStatus.new.meta' },
];

/** The 'Patient Status' section: existing or new patient, the practice location, the Medicare answer. */
export function PatientStatusSection({ form }: { form: GuestFormState }) {
  const t = useT();
  const { values } = form;
  const officeOnly = needsOfficeEnrollment(values.hasMedicareInsurance);
  return (
    <GuestFormSection form={form} section="patient-status" title={t('guest.section.patientStatus')}>
      <Stack gap={4}>
        <fieldset className="enrollment-fieldset" id={fieldId('patientStatus')}>
          <legend className="enrollment-legend">{t('patientStatus.legend')}</legend>
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
                  <span className="enrollment-choice__name">{t(option.label)}</span>
                  <span className="enrollment-choice__meta">{t(option.meta)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="enrollment-form-grid">
          <Field id={fieldId('department')} label={t('location.label')} required error={form.fieldError('department')}>
            <Select
              placeholder={t('location.placeholder')}
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
            label={t('medicare.label')}
            required
            error={officeOnly ? undefined : form.fieldError('hasMedicareInsurance')}
          >
            <Select
              placeholder={t('medicare.placeholder')}
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
