import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { BOOKING_CAREGIVER_RELATIONSHIPS } from '@portal/contracts';
import { Alert, Button, Card, Checkbox, Field, Input, Select, Stack } from '@portal/ui';
import { PRACTICE_LOCATIONS } from '@portal/client';
import {
  initialPatientForm,
  readOnlyFields,
  setCaregiver,
  setPatientText,
  validatePatientForm,
  validationText,
} from '../patient-form.ts';
import { useWords } from '../i18n.ts';
import type { PatientFormValues, PatientTextField, VerifiedGuest } from '../patient-form.ts';
import type { BookingPatientForm } from '@portal/contracts';
import { StepHeading } from './StepHeading.tsx';

export interface PatientInfoStepProps {
  guest: VerifiedGuest;
  submitting: boolean;
  /** A failure of the save, shown above the button. */
  failure: { title: string; text: string } | null;
  onSubmit: (form: BookingPatientForm) => void;
}

/** Guest step 1 (booking-dashboard-staff §2, §3 'Patient form', §5): who the appointment is for. */
export function PatientInfoStep({ guest, submitting, failure, onSubmit }: PatientInfoStepProps) {
  const [values, setValues] = useState<PatientFormValues>(() => initialPatientForm(guest));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = readOnlyFields(values);
  const words = useWords();
  const { t } = words;
  // The contracts' messages, drawn in the page's language (English as they came).
  const errorOf = (field: string): string | undefined => {
    const message = errors[field];
    return message === undefined ? undefined : validationText(words, field, message, values);
  };

  const text = (field: PatientTextField) => ({
    name: field,
    value: values[field],
    readOnly: readOnly.has(field),
    invalid: errors[field] !== undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => setPatientText(current, field, event.target.value));
      setErrors((current) => ({ ...current, [field]: undefined }) as Record<string, string>);
    },
  });

  const select = (field: PatientTextField) => {
    const { readOnly: _readOnly, ...rest } = text(field);
    return rest;
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const result = validatePatientForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = result.order[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(result.body);
  };

  const verifiedHint = (field: PatientTextField) => (readOnly.has(field) ? t('patient.verified') : undefined);

  return (
    <Stack gap={5}>
      <StepHeading>{t('patient.heading')}</StepHeading>
      <p className="booking-muted">{t('patient.requiredNote')}</p>
      <Card className="booking-card">
        <form ref={formRef} noValidate onSubmit={submit}>
          <Stack gap={5}>
            <Checkbox
              name="isGuardianSigning"
              checked={values.isGuardianSigning}
              onChange={(event) => setValues((current) => setCaregiver(current, event.target.checked, guest))}
              label={t('patient.caregiverBox')}
              hint={t('patient.caregiverHint')}
            />

            {values.isGuardianSigning ? (
              <fieldset className="booking-fieldset">
                <legend className="booking-legend">{t('patient.caregiverLegend')}</legend>
                <div className="booking-grid">
                  <Field label={t('patient.caregiverFirstName')} required error={errorOf('guardianFirstName')}>
                    <Input autoComplete="given-name" {...text('guardianFirstName')} />
                  </Field>
                  <Field label={t('patient.caregiverLastName')} required error={errorOf('guardianLastName')}>
                    <Input autoComplete="family-name" {...text('guardianLastName')} />
                  </Field>
                  <Field label={t('patient.caregiverEmail')} required error={errorOf('guardianEmail')} hint={verifiedHint('guardianEmail')}>
                    <Input type="email" autoComplete="email" {...text('guardianEmail')} />
                  </Field>
                  <Field label={t('patient.caregiverPhone')} required error={errorOf('guardianPhone')} hint={verifiedHint('guardianPhone')}>
                    <Input type="tel" inputMode="tel" autoComplete="tel" {...text('guardianPhone')} />
                  </Field>
                  <Field label={t('patient.relationship')} required error={errorOf('guardianRelationshipToPatient')}>
                    <Select placeholder={t('patient.relationshipPlaceholder')} {...select('guardianRelationshipToPatient')}>
                      {BOOKING_CAREGIVER_RELATIONSHIPS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {t(`relationship.${option.value}`)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                </div>
              </fieldset>
            ) : null}

            <fieldset className="booking-fieldset">
              <legend className="booking-legend">{t('patient.patientLegend')}</legend>
              <div className="booking-grid">
                <Field label={t('patient.firstName')} required error={errorOf('firstName')}>
                  <Input autoComplete={values.isGuardianSigning ? 'off' : 'given-name'} {...text('firstName')} />
                </Field>
                <Field label={t('patient.lastName')} required error={errorOf('lastName')}>
                  <Input autoComplete={values.isGuardianSigning ? 'off' : 'family-name'} {...text('lastName')} />
                </Field>
                <Field label={t('patient.dateOfBirth')} required error={errorOf('dateOfBirth')}>
                  <Input type="date" {...text('dateOfBirth')} />
                </Field>
                <Field label={t('patient.email')} required error={errorOf('email')} hint={verifiedHint('email')}>
                  <Input type="email" autoComplete={values.isGuardianSigning ? 'off' : 'email'} {...text('email')} />
                </Field>
                <Field label={t('patient.phone')} required error={errorOf('phone')} hint={verifiedHint('phone')}>
                  <Input type="tel" inputMode="tel" autoComplete={values.isGuardianSigning ? 'off' : 'tel'} placeholder="(555) 123-4567" {...text('phone')} />
                </Field>
                <Field label={t('patient.zipCode')} required error={errorOf('zipCode')}>
                  <Input inputMode="numeric" autoComplete="postal-code" {...text('zipCode')} />
                </Field>
                <Field label={t('patient.lastFourSSN')} required error={errorOf('lastFourSSN')}>
                  <Input inputMode="numeric" maxLength={4} autoComplete="off" {...text('lastFourSSN')} />
                </Field>
                <Field label={t('patient.status')} required error={errorOf('patientStatus')}>
                  <Select
                    name="patientStatus"
                    value={values.patientStatus}
                    onChange={(event) => setValues((current) => ({ ...current, patientStatus: event.target.value === 'new' ? 'new' : 'existing' }))}
                  >
                    <option value="existing">{t('patient.existingPatient')}</option>
                    <option value="new">{t('patient.newPatient')}</option>
                  </Select>
                </Field>
                <Field label={t('location.field')} required error={errorOf('department')}>
                  <Select placeholder={t('location.placeholder')} {...select('department')}>
                    {PRACTICE_LOCATIONS.map((location) => (
                      <option key={location.id} value={location.id}>
                        {location.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
            </fieldset>

            {failure ? (
              <Alert variant="destructive" role="alert" title={failure.title}>
                <p>{failure.text}</p>
              </Alert>
            ) : null}

            <div className="ui-actions">
              <Button type="submit" size="lg" className="ui-actions__primary" loading={submitting}>
                {t('patient.continue')}
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
