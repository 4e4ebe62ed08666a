import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Accordion,
  AccordionSection,
  Alert,
  Button,
  Card,
  Checkbox,
  Container,
  Field,
  Input,
  PRACTICE_LOCATIONS,
  PageHeader,
  ProgressBar,
  Select,
  Stack,
  api,
  clearGuestIdentity,
  navigate,
  toast,
  withReturn,
} from '@portal/ui';
import { MedicareOptions, OfficeEnrollmentNotice } from '../components/MedicareAnswer.tsx';
import type { GuestIdentity, TierCode } from '@portal/ui';
import { EMERGENCY_CONTACT_RELATIONSHIPS, RELATIONSHIP_OPTIONS } from '@portal/contracts';
import type { ProvidersResponse } from '@portal/contracts';
import { TierPlanPicker } from '../components/TierPlanPicker.tsx';
import { createGuestEnrollment, fetchProviders } from '../enrollment-api.ts';
import { TopLinks } from '../components/TopLinks.tsx';
import { saveFailure } from '../errors.ts';
import type { ErrorNotice } from '../errors.ts';
import { ENROLLMENT_PATH, afterCreatePath } from '../flow.ts';
import {
  FIELD_LABELS,
  copiesGuardianAddress,
  completeSections,
  effectiveValues,
  fieldId,
  initialGuestForm,
  readOnlyContactFields,
  sectionOf,
  setGuardianSigning,
  setPatientStatus,
  setText,
  validateGuestForm,
} from '../guest-form.ts';
import type { FieldErrors, GuestFormValues, SectionId, TextField } from '../guest-form.ts';
import { needsOfficeEnrollment } from '../location-form.ts';
import {
  CAREGIVER_NOTICE,
  MEDICARE_LABEL,
  MEDICARE_PLACEHOLDER,
  PATIENT_INFO_TITLE,
  PRACTICE_LOCATION_LABEL,
  PRACTICE_LOCATION_PLACEHOLDER,
  SECTION_MEMBERSHIP_TIERS,
  SECTION_PATIENT_INFORMATION,
  SECTION_PATIENT_STATUS,
} from '../messages.ts';
import { submitLabel, tierPlan } from '../tiers.ts';
import { progressOf } from '../wizard.ts';

const SUMMARY_ID = 'enrollment-error-summary';
const PANEL_IDS: Readonly<Record<SectionId, string>> = {
  caregiver: 'enrollment-section-caregiver',
  'patient-status': 'enrollment-section-patient-status',
  'patient-information': 'enrollment-section-patient-information',
  'membership-tiers': 'enrollment-section-membership-tiers',
};

/**
 * /enrollment for a verified guest: step 1 'Patient Info' (email and phone were verified on
 * /guest-login, step 0). Saving creates the enrollment (POST /api/enrollments) and goes on to
 * signing, or to the declination confirmation for a decline tier.
 */
export function GuestEnrollmentPage({ guest }: { guest: GuestIdentity }) {
  useEffect(() => {
    document.title = 'Patient Info | Member Enrollment';
  }, []);
  // One form per verified identity: a new verification starts a new form.
  return <GuestForm key={`${guest.email}|${guest.phone}`} guest={guest} />;
}

const ACCORDION_SECTIONS = ['patient-status', 'patient-information', 'membership-tiers'] as const;
type Open = Readonly<Record<(typeof ACCORDION_SECTIONS)[number], boolean>>;

function GuestForm({ guest }: { guest: GuestIdentity }) {
  const [values, setValues] = useState<GuestFormValues>(() => initialGuestForm(guest));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [open, setOpen] = useState<Open>({ 'patient-status': true, 'patient-information': true, 'membership-tiers': true });
  const summaryRef = useRef<HTMLDivElement>(null);

  const shown = effectiveValues(values);
  const verified = { email: guest.email, phone: guest.phone, token: guest.token };
  const validation = useMemo(() => validateGuestForm(values, { token: guest.token }), [values, guest.token]);
  const sections = useMemo(() => completeSections(values, { token: guest.token }), [values, guest.token]);
  const readOnly = readOnlyContactFields(values, guest);
  const newPatient = values.patientStatus === 'new';
  const copying = copiesGuardianAddress(values);
  const progress = progressOf('guest', 'patient-info', newPatient);

  const clientErrors: FieldErrors = submitted && !validation.ok ? validation.errors : {};
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const errorOrder = [
    ...(validation.ok || !submitted ? [] : validation.order),
    ...Object.keys(serverErrors).filter((field) => clientErrors[field] === undefined),
  ];

  const providers = useQuery<ProvidersResponse>({
    queryKey: ['/api/providers', 'locationId', values.department],
    queryFn: ({ signal }) => fetchProviders(api, values.department, signal),
    enabled: newPatient && values.department !== '',
    staleTime: 5 * 60_000,
  });

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => createGuestEnrollment(api, body),
    onSuccess: (created) => navigate(afterCreatePath(created)),
    onError: (error) => {
      const outcome = saveFailure(error);
      toast({ title: outcome.notice.title, description: outcome.notice.description, variant: 'destructive' });
      if (outcome.kind === 'verification-expired') {
        clearGuestIdentity();
        navigate(withReturn('/guest-login', ENROLLMENT_PATH), { replace: true });
        return;
      }
      if (outcome.kind === 'fields') {
        setServerErrors(outcome.errors);
        openSectionsOf(Object.keys(outcome.errors));
        window.setTimeout(() => summaryRef.current?.focus(), 0);
        return;
      }
      setFailure(outcome.notice);
    },
  });

  const openSectionsOf = (fields: readonly string[]): void => {
    setOpen((current) => {
      const next = { ...current };
      for (const field of fields) {
        const section = sectionOf(field);
        if (section && section !== 'caregiver') next[section] = true;
      }
      return next;
    });
  };

  const clearServerError = (field: string): void => {
    setServerErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    setFailure(null);
  };

  const text = (field: TextField, value: string): void => {
    setValues((current) => setText(current, field, value));
    clearServerError(field);
  };

  const choose = (field: 'department' | 'hasMedicareInsurance' | 'sex' | 'contactrelationship' | 'preferredProvider' | 'guardianRelationshipToPatient', value: string): void => {
    setValues((current) => ({ ...current, [field]: value }));
    clearServerError(field);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    setFailure(null);
    if (!validation.ok) {
      openSectionsOf(validation.order);
      // After the summary renders.
      window.setTimeout(() => summaryRef.current?.focus(), 0);
      return;
    }
    setServerErrors({});
    save.mutate(validation.body);
  };

  const goToField = (field: string): void => {
    openSectionsOf([field]);
    window.setTimeout(() => {
      const element = document.getElementById(fieldId(field)) ?? document.getElementById(PANEL_IDS[sectionOf(field) ?? 'patient-information']);
      const target = element?.matches('input, select, textarea') ? element : element?.querySelector<HTMLElement>('input:not([type="hidden"]), select');
      target?.focus();
    }, 0);
  };

  const fieldError = (field: string): string | undefined => errors[field];

  const textField = (
    field: TextField,
    options: {
      type?: string;
      autoComplete?: string;
      inputMode?: 'text' | 'numeric' | 'tel' | 'email';
      required?: boolean;
      hint?: ReactNode;
      readOnly?: boolean;
      placeholder?: string;
      maxLength?: number;
      wide?: boolean;
    } = {},
  ) => (
    <Field
      key={field}
      id={fieldId(field)}
      label={FIELD_LABELS[field] ?? field}
      required={options.required ?? false}
      hint={options.hint}
      error={fieldError(field)}
      className={options.wide ? 'enrollment-form-grid--wide' : undefined}
    >
      <Input
        type={options.type ?? 'text'}
        name={field}
        value={String(shown[field])}
        onChange={(event) => text(field, event.target.value)}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        readOnly={options.readOnly}
        placeholder={options.placeholder}
        maxLength={options.maxLength}
      />
    </Field>
  );

  const tier = values.membershipTier === '' ? null : (values.membershipTier as TierCode);
  const officeOnly = needsOfficeEnrollment(values.hasMedicareInsurance);

  return (
    <Container size="lg">
      <Stack gap={5}>
        <TopLinks />
        <ProgressBar title={progress.title} percent={progress.percent} />
        <PageHeader
          title={PATIENT_INFO_TITLE}
          description={<p>Tell us about the patient and choose a membership. Fields marked * are required.</p>}
        />

        {submitted && errorOrder.length > 0 ? (
          <div id={SUMMARY_ID} ref={summaryRef} tabIndex={-1} className="enrollment-error-summary">
            <Alert variant="destructive" role="alert" title="Please correct the following:">
              <ul>
                {errorOrder.map((field) => (
                  <li key={field}>
                    <a
                      href={`#${fieldId(field)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        goToField(field);
                      }}
                    >
                      {FIELD_LABELS[field] ?? field}: {errors[field]}
                    </a>
                  </li>
                ))}
              </ul>
            </Alert>
          </div>
        ) : null}

        <form noValidate onSubmit={onSubmit} aria-label="Patient Info">
          <Stack gap={4}>
            <Card>
              <Stack gap={4}>
                <Checkbox
                  id={fieldId('isGuardianSigning')}
                  label="I am a caregiver enrolling on behalf of the patient"
                  hint={CAREGIVER_NOTICE}
                  checked={values.isGuardianSigning}
                  onChange={(event) => {
                    const signing = event.target.checked;
                    setValues((current) => setGuardianSigning(current, signing, verified));
                    setServerErrors({});
                  }}
                />
                {values.isGuardianSigning ? (
                  <section id={PANEL_IDS.caregiver} aria-labelledby="enrollment-caregiver-title">
                    <h2 id="enrollment-caregiver-title" className="ui-section__title">
                      Caregiver Information
                    </h2>
                    <div className="enrollment-form-grid">
                      {textField('guardianFirstName', { required: true, autoComplete: 'given-name' })}
                      {textField('guardianLastName', { required: true, autoComplete: 'family-name' })}
                      {textField('guardianEmail', {
                        required: true,
                        type: 'email',
                        autoComplete: 'email',
                        readOnly: readOnly.guardianEmail,
                        hint: readOnly.guardianEmail ? 'Verified' : undefined,
                      })}
                      {textField('guardianPhone', {
                        required: true,
                        type: 'tel',
                        inputMode: 'tel',
                        autoComplete: 'tel-national',
                        readOnly: readOnly.guardianPhone,
                        hint: readOnly.guardianPhone ? 'Verified' : undefined,
                      })}
                      {textField('guardianDateOfBirth', { required: true, type: 'date', autoComplete: 'bday' })}
                      <Field id={fieldId('guardianRelationshipToPatient')} label={FIELD_LABELS.guardianRelationshipToPatient} required error={fieldError('guardianRelationshipToPatient')}>
                        <Select
                          placeholder="Select relationship..."
                          value={values.guardianRelationshipToPatient}
                          onChange={(event) => choose('guardianRelationshipToPatient', event.target.value)}
                        >
                          {RELATIONSHIP_OPTIONS.map((option) => (
                            <option key={option.id} value={option.id}>
                              {option.label}
                            </option>
                          ))}
                        </Select>
                      </Field>
                      {textField('guardianAddress1', {
                        required: true,
                        autoComplete: 'address-line1',
                        wide: true,
                        hint: 'Only the part before a comma is kept; put an apartment or suite in the next field.',
                      })}
                      {textField('guardianAddress2', { autoComplete: 'address-line2', wide: true })}
                      {textField('guardianCity', { required: true, autoComplete: 'address-level2' })}
                      {textField('guardianState', { required: true, autoComplete: 'address-level1', maxLength: 2, placeholder: 'RI' })}
                      {textField('guardianZipCode', { required: true, autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 })}
                    </div>
                  </section>
                ) : null}
              </Stack>
            </Card>

            <Accordion
              value={ACCORDION_SECTIONS.filter((section) => open[section])}
              onValueChange={(value) => setOpen(Object.fromEntries(ACCORDION_SECTIONS.map((section) => [section, value.includes(section)])) as Open)}
            >
              <AccordionSection
                id={PANEL_IDS['patient-status']}
                title={SECTION_PATIENT_STATUS}
                value="patient-status"
                complete={sections['patient-status']}
                invalid={submitted && !sections['patient-status']}
              >
                <Stack gap={4}>
                  <fieldset className="enrollment-fieldset" id={fieldId('patientStatus')}>
                    <legend className="enrollment-legend">Are you a current patient of the practice?</legend>
                    <div className="enrollment-choice-list">
                      {(
                        [
                          { value: 'existing', label: 'Existing patient', meta: 'I have been seen at the practice before.' },
                          { value: 'new', label: 'New patient', meta: 'I have not been seen at the practice yet.' },
                        ] as const
                      ).map((option) => (
                        <label key={option.value} className="enrollment-choice">
                          <input
                            type="radio"
                            className="enrollment-choice__control"
                            name="patientStatus"
                            value={option.value}
                            checked={values.patientStatus === option.value}
                            onChange={() => {
                              setValues((current) => setPatientStatus(current, option.value));
                              clearServerError('patientStatus');
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
                    <Field id={fieldId('department')} label={PRACTICE_LOCATION_LABEL} required error={fieldError('department')}>
                      <Select
                        placeholder={PRACTICE_LOCATION_PLACEHOLDER}
                        value={values.department}
                        onChange={(event) => {
                          choose('department', event.target.value);
                          choose('preferredProvider', '');
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
                      error={officeOnly ? undefined : fieldError('hasMedicareInsurance')}
                    >
                      <Select
                        placeholder={MEDICARE_PLACEHOLDER}
                        value={values.hasMedicareInsurance}
                        onChange={(event) => choose('hasMedicareInsurance', event.target.value)}
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
              </AccordionSection>

              <AccordionSection
                id={PANEL_IDS['patient-information']}
                title={SECTION_PATIENT_INFORMATION}
                value="patient-information"
                complete={sections['patient-information']}
                invalid={submitted && !sections['patient-information']}
              >
                <Stack gap={4}>
                  <div className="enrollment-form-grid">
                    {textField('firstName', { required: true, autoComplete: values.isGuardianSigning ? 'off' : 'given-name' })}
                    {textField('lastName', { required: true, autoComplete: values.isGuardianSigning ? 'off' : 'family-name' })}
                    {textField('dateOfBirth', { required: true, type: 'date', autoComplete: values.isGuardianSigning ? 'off' : 'bday' })}
                    {newPatient ? (
                      <Field id={fieldId('sex')} label={FIELD_LABELS.sex} error={fieldError('sex')}>
                        <Select value={values.sex} onChange={(event) => choose('sex', event.target.value)}>
                          <option value="">Prefer not to say</option>
                          <option value="F">Female</option>
                          <option value="M">Male</option>
                        </Select>
                      </Field>
                    ) : null}
                    {textField('email', {
                      required: true,
                      type: 'email',
                      autoComplete: values.isGuardianSigning ? 'off' : 'email',
                      readOnly: readOnly.email,
                      hint: readOnly.email ? 'Verified' : values.isGuardianSigning ? "The patient's own email" : undefined,
                    })}
                    {textField('phone', {
                      required: true,
                      type: 'tel',
                      inputMode: 'tel',
                      autoComplete: values.isGuardianSigning ? 'off' : 'tel-national',
                      readOnly: readOnly.phone,
                      hint: readOnly.phone ? 'Verified' : values.isGuardianSigning ? "The patient's own phone" : undefined,
                    })}
                  </div>

                  {values.isGuardianSigning ? (
                    <Checkbox
                      id={fieldId('copyGuardianAddress')}
                      label="The patient lives at the caregiver's address"
                      checked={values.copyGuardianAddress}
                      onChange={(event) => {
                        const copy = event.target.checked;
                        setValues((current) => ({ ...current, copyGuardianAddress: copy }));
                      }}
                    />
                  ) : null}

                  <div className="enrollment-form-grid">
                    {textField('address1', {
                      required: true,
                      autoComplete: 'address-line1',
                      wide: true,
                      readOnly: copying,
                      hint: 'Only the part before a comma is kept; put an apartment or suite in the next field.',
                    })}
                    {textField('address2', { autoComplete: 'address-line2', wide: true, readOnly: copying })}
                    {textField('city', { required: true, autoComplete: 'address-level2', readOnly: copying })}
                    {textField('state', { required: true, autoComplete: 'address-level1', maxLength: 2, placeholder: 'RI', readOnly: copying })}
                    {textField('zipCode', { required: true, autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10, readOnly: copying })}
                  </div>

                  <div className="enrollment-form-grid">
                    {newPatient
                      ? textField('fullSSN', {
                          required: true,
                          inputMode: 'numeric',
                          autoComplete: 'off',
                          maxLength: 11,
                          placeholder: '123-45-6789',
                          hint: 'Required for new patients.',
                        })
                      : textField('lastFourSSN', {
                          required: true,
                          inputMode: 'numeric',
                          autoComplete: 'off',
                          maxLength: 4,
                          hint: 'Used to find your record at the practice.',
                        })}
                    {newPatient ? (
                      <Field id={fieldId('preferredProvider')} label={FIELD_LABELS.preferredProvider} error={fieldError('preferredProvider')} hint={providers.isError ? 'The provider list could not be loaded; you can choose later.' : undefined}>
                        <Select
                          value={values.preferredProvider}
                          onChange={(event) => choose('preferredProvider', event.target.value)}
                          disabled={providers.isPending}
                          aria-busy={providers.isFetching || undefined}
                        >
                          <option value="">{providers.isPending ? 'Loading providers...' : 'No preference'}</option>
                          {(providers.data?.providers ?? []).map((provider) => (
                            <option key={provider.id} value={provider.id}>
                              {provider.displayName || provider.name}
                            </option>
                          ))}
                        </Select>
                      </Field>
                    ) : null}
                  </div>

                  {newPatient ? (
                    <fieldset className="enrollment-fieldset">
                      <legend className="enrollment-legend">Emergency Contact</legend>
                      <div className="enrollment-form-grid">
                        {textField('emergencyContactName', { required: true, autoComplete: 'off' })}
                        {textField('emergencyContactPhone', { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'off' })}
                        <Field id={fieldId('contactrelationship')} label={FIELD_LABELS.contactrelationship} required error={fieldError('contactrelationship')}>
                          <Select placeholder="Select relationship..." value={values.contactrelationship} onChange={(event) => choose('contactrelationship', event.target.value)}>
                            {EMERGENCY_CONTACT_RELATIONSHIPS.map((relationship) => (
                              <option key={relationship} value={relationship}>
                                {relationship.charAt(0) + relationship.slice(1).toLowerCase()}
                              </option>
                            ))}
                          </Select>
                        </Field>
                      </div>
                    </fieldset>
                  ) : null}
                </Stack>
              </AccordionSection>

              <AccordionSection
                id={PANEL_IDS['membership-tiers']}
                title={SECTION_MEMBERSHIP_TIERS}
                value="membership-tiers"
                complete={sections['membership-tiers']}
                invalid={submitted && !sections['membership-tiers']}
              >
                <Stack gap={3}>
                  <p className="ui-help-text">Concierge plans are for patients of select doctors. Membership is optional.</p>
                  <TierPlanPicker
                    legend={SECTION_MEMBERSHIP_TIERS}
                    headingLevel={3}
                    value={values.membershipTier}
                    invalid={fieldError('membershipTier') !== undefined}
                    describedBy={fieldError('membershipTier') ? 'enrollment-membershipTier-error' : undefined}
                    onChange={(code) => {
                      setValues((current) => ({ ...current, membershipTier: code }));
                      clearServerError('membershipTier');
                    }}
                  />
                  {fieldError('membershipTier') ? (
                    <p id="enrollment-membershipTier-error" className="ui-error-text">
                      {fieldError('membershipTier')}
                    </p>
                  ) : null}
                </Stack>
              </AccordionSection>
            </Accordion>

            {failure ? (
              <Alert variant="destructive" role="alert" title={failure.title}>
                <p>{failure.description}</p>
              </Alert>
            ) : null}

            <div className="ui-actions">
              <Button
                type="submit"
                size="lg"
                className="ui-actions__primary"
                loading={save.isPending}
                variant={tier && tierPlan(tier).decline ? 'secondary' : 'primary'}
              >
                {submitLabel(tier)}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
