import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  Container,
  Field,
  LoadingState,
  PageHeader,
  ProgressBar,
  Select,
  Stack,
} from '@portal/ui';
import {
  PRACTICE_LOCATIONS,
  SUBSCRIPTION_STATUS_QUERY_KEY,
  api,
  navigate,
  toast,
} from '@portal/client';
import { MedicareOptions, OfficeEnrollmentNotice } from '../components/MedicareAnswer.tsx';
import type { Contact, HasMedicareInsurance, PatientContactsResponse } from '@portal/contracts';
import { ContactList } from '../components/ContactList.tsx';
import { fetchPatientContacts, fetchSubscriptionStatus, updateSession } from '../enrollment-api.ts';
import { ProviderGate } from '../components/ProviderGate.tsx';
import type { ProviderState } from '../components/ProviderGate.tsx';
import { TopLinks } from '../components/TopLinks.tsx';
import { DASHBOARD_HREF, MEMBERSHIP_TIER_PATH } from '../flow.ts';
import {
  alreadyEnrolled,
  canContinue,
  contactSessionUpdate,
  initialContactId,
  locationFormError,
  medicareSessionUpdate,
  needsOfficeEnrollment,
} from '../location-form.ts';
import type { LocationFormField, LocationFormValues } from '../location-form.ts';
import {
  ALREADY_ENROLLED_TEXT,
  ALREADY_ENROLLED_TITLE,
  CONTACT_LOAD_ERROR_TEXT,
  CONTACT_LOAD_ERROR_TITLE,
  MEDICARE_LABEL,
  MEDICARE_PLACEHOLDER,
  PRACTICE_LOCATION_LABEL,
  PRACTICE_LOCATION_PLACEHOLDER,
  SAVE_LOCATION_ERROR,
  SAVE_SELECTION_ERROR_TITLE,
  WELCOME_PREFIX,
} from '../messages.ts';
import { readSelection, saveSelection } from '../selection.ts';
import { progressOf } from '../wizard.ts';

/** Step 0 of the provider-login steps (a provider-login enrollment is always an existing patient's). */
const LOCATION_PROGRESS = progressOf('provider', 'location', false);

export const CONTACTS_QUERY_KEY = ['/api/oauth/patient-contacts'] as const;

/**
 * /enrollment/practice-location (provider-login step 0): practice location, Medicare/Medicaid
 * status and whom the enrollment is for, saved to the session; then the tier screen.
 */
export function PracticeLocationPage() {
  useEffect(() => {
    document.title = 'Select Practice Location | Member Enrollment';
  }, []);
  return <ProviderGate loadingLabel="Verifying your session...">{(provider) => <PracticeLocationForm provider={provider} />}</ProviderGate>;
}

function PracticeLocationForm({ provider }: { provider: ProviderState }) {
  const contactsQuery = useQuery<PatientContactsResponse>({ queryKey: CONTACTS_QUERY_KEY, queryFn: ({ signal }) => fetchPatientContacts(api, signal) });
  const contacts: readonly Contact[] = useMemo(() => contactsQuery.data?.contacts ?? [], [contactsQuery.data]);
  const previous = useMemo(() => readSelection(provider.patientId), [provider.patientId]);
  // The session's membership (the dashboard's status, cached there for 5 minutes): 'Already Enrolled'.
  const statusQuery = useQuery({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, queryFn: ({ signal }) => fetchSubscriptionStatus(api, signal) });

  const [values, setValues] = useState<LocationFormValues>(() => ({
    practiceLocation: previous?.practiceLocation ?? '',
    contactId: previous?.contactId ?? '',
    hasMedicareInsurance: previous?.hasMedicareInsurance ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<LocationFormField, string>>>({});
  const [saveFailed, setSaveFailed] = useState(false);
  const locationRef = useRef<HTMLSelectElement>(null);
  const medicareRef = useRef<HTMLSelectElement>(null);

  // Once contacts arrive: keep a previous choice that is still offered, else preselect a lone contact.
  useEffect(() => {
    if (!contactsQuery.data) return;
    setValues((current) =>
      contacts.some((contact) => contact.id === current.contactId) ? current : { ...current, contactId: initialContactId(contacts) },
    );
  }, [contactsQuery.data, contacts]);

  const save = useMutation({
    mutationFn: async (form: { practiceLocation: string; contact: Contact; hasMedicareInsurance: HasMedicareInsurance }) => {
      await updateSession(api, contactSessionUpdate(form.practiceLocation, form.contact));
      await updateSession(api, medicareSessionUpdate(form.practiceLocation, form.hasMedicareInsurance));
      return form;
    },
    onSuccess: (form) => {
      saveSelection({
        sessionPatientId: provider.patientId,
        practiceLocation: form.practiceLocation,
        contactId: form.contact.id,
        contactType: form.contact.type,
        contactName: form.contact.displayName,
        hasMedicareInsurance: form.hasMedicareInsurance,
      });
      navigate(MEMBERSHIP_TIER_PATH);
    },
    onError: () => {
      setSaveFailed(true);
      toast({ title: SAVE_SELECTION_ERROR_TITLE, description: SAVE_LOCATION_ERROR, variant: 'destructive' });
    },
  });

  const update = (field: LocationFormField, value: string): void => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaveFailed(false);
  };

  const officeOnly = needsOfficeEnrollment(values.hasMedicareInsurance);
  const enrolled = alreadyEnrolled(values.contactId, contacts, statusQuery.data);
  const ready = canContinue(values, contacts) && !contactsQuery.isPending && !contactsQuery.isError && !enrolled;

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const problem = locationFormError(values, contacts);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      if (problem.field === 'practiceLocation') locationRef.current?.focus();
      if (problem.field === 'hasMedicareInsurance') medicareRef.current?.focus();
      return;
    }
    const contact = contacts.find((candidate) => candidate.id === values.contactId);
    if (!contact || save.isPending || enrolled) return;
    save.mutate({ practiceLocation: values.practiceLocation, contact, hasMedicareInsurance: values.hasMedicareInsurance as HasMedicareInsurance });
  };

  const welcomeName = provider.caregiverName ?? provider.patientName;

  return (
    <Container size="md">
      <Stack gap={5}>
        <TopLinks />
        <ProgressBar title={LOCATION_PROGRESS.title} percent={LOCATION_PROGRESS.percent} />
        <PageHeader
          title={`${WELCOME_PREFIX}${welcomeName}`}
          description={<p>Choose your practice location and who this membership enrollment is for.</p>}
        />
        <Card>
          <form noValidate onSubmit={onSubmit} className="enrollment-form">
            <Stack gap={5}>
              <Field label={PRACTICE_LOCATION_LABEL} required error={errors.practiceLocation}>
                <Select
                  ref={locationRef}
                  placeholder={PRACTICE_LOCATION_PLACEHOLDER}
                  value={values.practiceLocation}
                  onChange={(event) => update('practiceLocation', event.target.value)}
                >
                  {PRACTICE_LOCATIONS.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              </Field>

              <Field
                label={MEDICARE_LABEL}
                required
                hint="Medicaid participants enroll by phone or at the office."
                error={officeOnly ? undefined : errors.hasMedicareInsurance}
              >
                <Select
                  ref={medicareRef}
                  placeholder={MEDICARE_PLACEHOLDER}
                  value={values.hasMedicareInsurance}
                  onChange={(event) => update('hasMedicareInsurance', event.target.value)}
                  aria-describedby={officeOnly ? 'enrollment-office-only' : undefined}
                >
                  <MedicareOptions />
                </Select>
              </Field>

              {officeOnly ? (
                <OfficeEnrollmentNotice id="enrollment-office-only" />
              ) : null}

              {contactsQuery.isPending ? (
                <LoadingState compact label="Loading contact options..." />
              ) : contactsQuery.isError ? (
                <Alert variant="destructive" role="alert" title={CONTACT_LOAD_ERROR_TITLE}>
                  <Stack gap={3}>
                    <p>{CONTACT_LOAD_ERROR_TEXT}</p>
                    <div>
                      <Button size="sm" variant="secondary" onClick={() => void contactsQuery.refetch()}>
                        Try again
                      </Button>
                    </div>
                  </Stack>
                </Alert>
              ) : (
                <ContactList contacts={contacts} value={values.contactId} onChange={(id) => update('contactId', id)} error={errors.contactId ?? null} />
              )}

              {enrolled ? (
                <Alert variant="destructive" role="alert" title={ALREADY_ENROLLED_TITLE}>
                  <Stack gap={3}>
                    <p>{ALREADY_ENROLLED_TEXT}</p>
                    <div>
                      <ButtonLink href={DASHBOARD_HREF} size="sm" variant="secondary">
                        Go to Dashboard
                      </ButtonLink>
                    </div>
                  </Stack>
                </Alert>
              ) : null}

              {saveFailed ? (
                <Alert variant="destructive" role="alert" title={SAVE_SELECTION_ERROR_TITLE}>
                  <p>{SAVE_LOCATION_ERROR}</p>
                </Alert>
              ) : null}

              <div className="ui-actions">
                <Button type="submit" size="lg" className="ui-actions__primary" disabled={!ready} loading={save.isPending}>
                  Continue
                </Button>
              </div>
            </Stack>
          </form>
        </Card>
      </Stack>
    </Container>
  );
}
