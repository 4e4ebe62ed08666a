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
} from '../patient-form.ts';
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

  const verifiedHint = (field: PatientTextField) => (readOnly.has(field) ? 'Verified' : undefined);

  return (
    <Stack gap={5}>
      <StepHeading>Patient Information</StepHeading>
      <p className="booking-muted">Fields marked * are required.</p>
      <Card className="booking-card">
        <form ref={formRef} noValidate onSubmit={submit}>
          <Stack gap={5}>
            <Checkbox
              name="isGuardianSigning"
              checked={values.isGuardianSigning}
              onChange={(event) => setValues((current) => setCaregiver(current, event.target.checked, guest))}
              label="I am a caregiver booking for the patient"
              hint="Your verified email and phone become the caregiver's contact details."
            />

            {values.isGuardianSigning ? (
              <fieldset className="booking-fieldset">
                <legend className="booking-legend">Caregiver</legend>
                <div className="booking-grid">
                  <Field label="Caregiver First Name" required error={errors.guardianFirstName}>
                    <Input autoComplete="given-name" {...text('guardianFirstName')} />
                  </Field>
                  <Field label="Caregiver Last Name" required error={errors.guardianLastName}>
                    <Input autoComplete="family-name" {...text('guardianLastName')} />
                  </Field>
                  <Field label="Caregiver Email" required error={errors.guardianEmail} hint={verifiedHint('guardianEmail')}>
                    <Input type="email" autoComplete="email" {...text('guardianEmail')} />
                  </Field>
                  <Field label="Caregiver Phone" required error={errors.guardianPhone} hint={verifiedHint('guardianPhone')}>
                    <Input type="tel" inputMode="tel" autoComplete="tel" {...text('guardianPhone')} />
                  </Field>
                  <Field label="Relationship to Patient" required error={errors.guardianRelationshipToPatient}>
                    <Select placeholder="Select a relationship" {...select('guardianRelationshipToPatient')}>
                      {BOOKING_CAREGIVER_RELATIONSHIPS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </Select>
                  </Field>
                </div>
              </fieldset>
            ) : null}

            <fieldset className="booking-fieldset">
              <legend className="booking-legend">Patient</legend>
              <div className="booking-grid">
                <Field label="First Name" required error={errors.firstName}>
                  <Input autoComplete={values.isGuardianSigning ? 'off' : 'given-name'} {...text('firstName')} />
                </Field>
                <Field label="Last Name" required error={errors.lastName}>
                  <Input autoComplete={values.isGuardianSigning ? 'off' : 'family-name'} {...text('lastName')} />
                </Field>
                <Field label="Date of Birth" required error={errors.dateOfBirth}>
                  <Input type="date" {...text('dateOfBirth')} />
                </Field>
                <Field label="Email" required error={errors.email} hint={verifiedHint('email')}>
                  <Input type="email" autoComplete={values.isGuardianSigning ? 'off' : 'email'} {...text('email')} />
                </Field>
                <Field label="Phone" required error={errors.phone} hint={verifiedHint('phone')}>
                  <Input type="tel" inputMode="tel" autoComplete={values.isGuardianSigning ? 'off' : 'tel'} placeholder="(555) 123-4567" {...text('phone')} />
                </Field>
                <Field label="ZIP Code" required error={errors.zipCode}>
                  <Input inputMode="numeric" autoComplete="postal-code" {...text('zipCode')} />
                </Field>
                <Field label="Last 4 of SSN" required error={errors.lastFourSSN}>
                  <Input inputMode="numeric" maxLength={4} autoComplete="off" {...text('lastFourSSN')} />
                </Field>
                <Field label="Patient Status" required error={errors.patientStatus}>
                  <Select
                    name="patientStatus"
                    value={values.patientStatus}
                    onChange={(event) => setValues((current) => ({ ...current, patientStatus: event.target.value === 'new' ? 'new' : 'existing' }))}
                  >
                    <option value="existing">Existing patient</option>
                    <option value="new">New patient</option>
                  </Select>
                </Field>
                <Field label="Practice Location" required error={errors.department}>
                  <Select placeholder="Select a practice location" {...select('department')}>
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
                Continue
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
