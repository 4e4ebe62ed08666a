import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, formatDollars, toast } from '@portal/client';
import type { StaffPatientRecord } from '@portal/contracts';
import { createStaffSubscription, fetchPatientDetails, searchPatients } from '../staff-api.ts';
import {
  DUPLICATE_TOAST_MS,
  FAILED_TO_CREATE_SUBSCRIPTION,
  MANUAL_PROCESSING_MS,
  SEARCH_FAILED,
  clearCachedSearch,
  duplicateNotice,
  failureMessage,
  readCachedSearch,
  saveCachedSearch,
  searchFormErrors,
  type SearchForm,
} from '../staff-portal.ts';
import { staffStorage } from '../staff-session.ts';
import { writingFor } from '../staff-queries.ts';
import { PAID_TIERS, formFor, fullName, type Stage, type SubscriptionForm } from './staff-subscription.ts';

const EMPTY_SEARCH: SearchForm = { firstName: '', lastName: '', dateOfBirth: '' };

/**
 * The staff portal's state and its steps: the search (kept across reloads), the selected patient,
 * the subscription form and the stage of the flow, with the requests each step makes.
 */
export function useStaffPortal(token: string) {
  const queryClient = useQueryClient();
  const [cached] = useState(() => readCachedSearch(staffStorage()));
  const [search, setSearch] = useState<SearchForm>(cached?.form ?? EMPTY_SEARCH);
  const [searchErrors, setSearchErrors] = useState<Partial<Record<keyof SearchForm, string>>>({});
  const [results, setResults] = useState<readonly StaffPatientRecord[] | null>(cached?.patients ?? null);
  const processing = useRef<number | null>(null);
  useEffect(() => () => {
    if (processing.current !== null) window.clearTimeout(processing.current);
  }, []);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [loadingPatient, setLoadingPatient] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'search' });
  const [form, setForm] = useState<SubscriptionForm | null>(null);
  const [creating, setCreating] = useState(false);

  const startOver = () => {
    clearCachedSearch(staffStorage());
    setSearch(EMPTY_SEARCH);
    setSearchErrors({});
    setResults(null);
    setSearchError(null);
    setForm(null);
    setStage({ kind: 'search' });
  };

  const onSearch = async (event: FormEvent) => {
    event.preventDefault();
    const errors = searchFormErrors(search);
    setSearchErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSearching(true);
    setSearchError(null);
    try {
      const answer = await searchPatients(api, token, { firstName: search.firstName.trim(), lastName: search.lastName.trim(), dateOfBirth: search.dateOfBirth });
      setResults(answer.patients);
      saveCachedSearch(staffStorage(), { form: search, patients: answer.patients });
      setStage({ kind: 'search' });
    } catch (error) {
      setSearchError(failureMessage(error, SEARCH_FAILED) === SEARCH_FAILED ? SEARCH_FAILED : `${SEARCH_FAILED}: ${failureMessage(error, SEARCH_FAILED)}`);
    } finally {
      setSearching(false);
    }
  };

  const select = async (patient: StaffPatientRecord) => {
    setLoadingPatient(patient.patientid);
    try {
      const details = await fetchPatientDetails(api, token, patient.patientid);
      setForm(formFor(details.patient));
      setStage(details.warnings.length > 0 ? { kind: 'warning', patient: details.patient, warnings: details.warnings } : { kind: 'configure', patient: details.patient });
    } catch (error) {
      toast({ title: 'Could not load the patient', description: failureMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setLoadingPatient(null);
    }
  };

  const patient = stage.kind === 'search' ? null : stage.patient;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!patient || !form || creating) return;
    setCreating(true);
    try {
      // A write for the patient: their record (on the page, or cached) is read again afterwards.
      const created = await writingFor(queryClient, patient.patientid, () => createStaffSubscription(api, token, {
        patientId: patient.patientid,
        membershipTier: form.membershipTier,
        email: form.email.trim(),
        address: { line1: form.line1.trim(), line2: form.line2.trim(), city: form.city.trim(), state: form.state.trim(), postalCode: form.postalCode.trim() },
        paymentMethod: form.paymentMethod,
        patientName: fullName(patient),
        department: form.department,
      }));
      if (form.paymentMethod === 'manual_payment') {
        setStage({ kind: 'processing', patient, created });
        processing.current = window.setTimeout(() => setStage({ kind: 'success', patient, created, manual: true }), MANUAL_PROCESSING_MS);
      } else {
        const tier = PAID_TIERS.find((entry) => entry.code === form.membershipTier);
        setStage({ kind: 'card', patient, created, email: form.email.trim(), amount: tier ? formatDollars(tier.priceCents) : '' });
      }
    } catch (error) {
      const duplicate = duplicateNotice(error);
      if (duplicate) toast({ ...duplicate, variant: 'destructive', duration: DUPLICATE_TOAST_MS });
      else toast({ title: FAILED_TO_CREATE_SUBSCRIPTION, description: failureMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setCreating(false);
    }
  };

  const set = (key: keyof SubscriptionForm) => (value: string) => setForm((current) => (current ? { ...current, [key]: value } : current));

  return { search, setSearch, searchErrors, searchError, searching, results, loadingPatient, stage, setStage, patient, form, set, creating, startOver, onSearch, select, create };
}
