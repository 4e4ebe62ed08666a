import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, clearGuestIdentity, navigate, toast, withReturn } from '@portal/client';
import type { GuestIdentity } from '@portal/client';
import type { ProvidersResponse } from '@portal/contracts';
import { createGuestEnrollment, fetchProviders } from '../enrollment-api.ts';
import { saveFailure } from '../errors.ts';
import type { ErrorNotice } from '../errors.ts';
import { ENROLLMENT_PATH, afterCreatePath } from '../flow.ts';
import { completeSections, effectiveValues, fieldId, initialGuestForm, readOnlyContactFields, sectionOf, setText, validateGuestForm, validationText } from '../guest-form.ts';
import { messages, useT } from '../i18n.ts';
import type { FieldErrors, GuestFormValues, SectionId, TextField } from '../guest-form.ts';

export const SUMMARY_ID = 'enrollment-error-summary';
export const PANEL_IDS: Readonly<Record<SectionId, string>> = {
  caregiver: 'enrollment-section-caregiver',
  'patient-status': 'enrollment-section-patient-status',
  'patient-information': 'enrollment-section-patient-information',
  'membership-tiers': 'enrollment-section-membership-tiers',
};

export const ACCORDION_SECTIONS = ['patient-status', 'patient-information', 'membership-tiers'] as const;
export type Open = Readonly<Record<(typeof ACCORDION_SECTIONS)[number], boolean>>;

export type ChoiceField = 'department' | 'hasMedicareInsurance' | 'sex' | 'contactrelationship' | 'preferredProvider' | 'guardianRelationshipToPatient';

/**
 * The guest's Patient Info form: the values, which accordion sections are open, the client and
 * server errors (and the summary that lists them), the providers of the chosen location, and the
 * save (POST /api/enrollments) that goes on to signing or back to /guest-login.
 */
export function useGuestForm(guest: GuestIdentity) {
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

  const t = useT();
  const locale = messages.useLocale();
  const clientErrors: FieldErrors = submitted && !validation.ok ? validation.errors : {};
  // The contracts' messages (and the API's, for the same fields) in the page's language.
  const errors: FieldErrors = Object.fromEntries(
    Object.entries({ ...serverErrors, ...clientErrors }).map(([field, message]) => [field, message === undefined ? message : validationText(field, message, values, t, locale)]),
  );
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

  const choose = (field: ChoiceField, value: string): void => {
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

  return {
    values,
    setValues,
    shown,
    verified,
    readOnly,
    submitted,
    sections,
    newPatient,
    errors,
    errorOrder,
    fieldError,
    failure,
    open,
    setOpen,
    summaryRef,
    providers,
    saving: save.isPending,
    setServerErrors,
    clearServerError,
    text,
    choose,
    onSubmit,
    goToField,
  };
}

/** The guest form's state and steps, as the sections read it. */
export type GuestFormState = ReturnType<typeof useGuestForm>;
