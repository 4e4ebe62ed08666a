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
import { messages, useT } from '../i18n.ts';
import { readSelection, saveSelection } from '../selection.ts';
import { progressOf } from '../wizard.ts';


export const CONTACTS_QUERY_KEY = ['/api/oauth/patient-contacts'] as const;

/**
 * /enrollment/practice-location (provider-login step 0): practice location, Medicare/Medicaid
 * status and whom the enrollment is for, saved to the session; then the tier screen.
 */
export function PracticeLocationPage() {
  const t = useT();
  useEffect(() => {
    document.title = t('title.practiceLocation');
  }, [t]);
  return <ProviderGate loadingLabel={t('gate.verifyingSession')}>{(provider) => <PracticeLocationForm provider={provider} />}</ProviderGate>;
}

function PracticeLocationForm({ provider }: { provider: ProviderState }) {
  const t = useT();
  // Step 0 of the provider-login steps (a provider-login enrollment is always an existing patient's).
  const progress = progressOf('provider', 'location', false, t);
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
      toast({ title: messages.t('locationPage.saveError.title'), description: messages.t('locationPage.saveError.text'), variant: 'destructive' });
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
    const problem = locationFormError(values, contacts, t);
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
        <ProgressBar title={progress.title} percent={progress.percent} />
        <PageHeader
          title={t('locationPage.welcome', { name: welcomeName })}
          description={<p>{t('locationPage.description')}</p>}
        />
        <Card>
          <form noValidate onSubmit={onSubmit} className="enrollment-form">
            <Stack gap={5}>
              <Field label={t('location.label')} required error={errors.practiceLocation}>
                <Select
                  ref={locationRef}
                  placeholder={t('location.placeholder')}
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
                label={t('medicare.label')}
                required
                hint={t('locationPage.medicareHint')}
                error={officeOnly ? undefined : errors.hasMedicareInsurance}
              >
                <Select
                  ref={medicareRef}
                  placeholder={t('medicare.placeholder')}
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
                <LoadingState compact label={t('locationPage.loadingContacts')} />
              ) : contactsQuery.isError ? (
                <Alert variant="destructive" role="alert" title={t('contacts.loadError.title')}>
                  <Stack gap={3}>
                    <p>{t('contacts.loadError.text')}</p>
                    <div>
                      <Button size="sm" variant="secondary" onClick={() => void contactsQuery.refetch()}>
                        {t('common.tryAgain')}
                      </Button>
                    </div>
                  </Stack>
                </Alert>
              ) : (
                <ContactList contacts={contacts} value={values.contactId} onChange={(id) => update('contactId', id)} error={errors.contactId ?? null} />
              )}

              {enrolled ? (
                <Alert variant="destructive" role="alert" title={t('alreadyEnrolled.title')}>
                  <Stack gap={3}>
                    <p>{t('alreadyEnrolled.text')}</p>
                    <div>
                      <ButtonLink href={DASHBOARD_HREF} size="sm" variant="secondary">
                        {t('common.goToDashboard')}
                      </ButtonLink>
                    </div>
                  </Stack>
                </Alert>
              ) : null}

              {saveFailed ? (
                <Alert variant="destructive" role="alert" title={t('locationPage.saveError.title')}>
                  <p>{t('locationPage.saveError.text')}</p>
                </Alert>
              ) : null}

              <div className="ui-actions">
                <Button type="submit" size="lg" className="ui-actions__primary" disabled={!ready} loading={save.isPending}>
                  {t('common.continue')}
                </Button>
              </div>
            </Stack>
          </form>
        </Card>
      </Stack>
    </Container>
  );
}
