import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  CONFIG_QUERY_KEY,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Dialog,
  Field,
  Input,
  LoadingState,
  PRACTICE_LOCATIONS,
  Select,
  Spinner,
  Stack,
  TIERS,
  api,
  formatDollars,
  loadProviderScript,
  toast,
} from '@portal/ui';
import type { StaffCreateSubscriptionResponse, StaffEligibilityWarning, StaffPatientRecord } from '@portal/contracts';
import { createStaffSubscription, fetchConfig, fetchPatientDetails, payStaffInvoice, searchPatients } from '../staff-api.ts';
import {
  DEFAULT_STAFF_TIER,
  DOB_MAX_LENGTH,
  DUPLICATE_TOAST_MS,
  FAILED_TO_CREATE_SUBSCRIPTION,
  MANUAL_PROCESSING_MS,
  OPT_OUT_FIELD_ID,
  PAID_UP_FIELD_ID,
  PAYMENT_BEING_PREPARED,
  SEARCH_FAILED,
  STATE_MAX_LENGTH,
  ZIP_MAX_LENGTH,
  clearCachedSearch,
  customFieldValue,
  duplicateNotice,
  failureMessage,
  formatDobInput,
  payWithCard,
  readCachedSearch,
  saveCachedSearch,
  searchFormErrors,
  type CardElementLike,
  type SearchForm,
  type StaffStripe,
} from '../staff-portal.ts';
import { staffStorage } from '../staff-session.ts';
import { writingFor } from '../staff-queries.ts';
import { PatientRecord } from './PatientRecord.tsx';

const PAID_TIERS = (['120_annual', '70_biannual', '300_concierge_biannual', '500_concierge_annual'] as const).map((code) => TIERS[code]);
const EMPTY_SEARCH: SearchForm = { firstName: '', lastName: '', dateOfBirth: '' };

interface SubscriptionForm {
  membershipTier: string;
  email: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  department: string;
  paymentMethod: 'card' | 'manual_payment';
}

const formFor = (patient: StaffPatientRecord): SubscriptionForm => ({
  membershipTier: DEFAULT_STAFF_TIER,
  email: patient.email ?? '',
  line1: patient.address1 ?? '',
  line2: patient.address2 ?? '',
  city: patient.city ?? '',
  state: (patient.state ?? '').slice(0, STATE_MAX_LENGTH),
  postalCode: (patient.zip ?? '').slice(0, ZIP_MAX_LENGTH),
  department: PRACTICE_LOCATIONS.some((location) => location.id === patient.primarydepartmentid) ? (patient.primarydepartmentid ?? '1') : (PRACTICE_LOCATIONS[0]?.id ?? '1'),
  paymentMethod: 'card',
});

type Stage =
  | { readonly kind: 'search' }
  | { readonly kind: 'warning'; readonly patient: StaffPatientRecord; readonly warnings: readonly StaffEligibilityWarning[] }
  | { readonly kind: 'configure'; readonly patient: StaffPatientRecord }
  | { readonly kind: 'card'; readonly patient: StaffPatientRecord; readonly created: StaffCreateSubscriptionResponse; readonly email: string; readonly amount: string }
  | { readonly kind: 'processing'; readonly patient: StaffPatientRecord; readonly created: StaffCreateSubscriptionResponse }
  | { readonly kind: 'success'; readonly patient: StaffPatientRecord; readonly created: StaffCreateSubscriptionResponse; readonly manual: boolean };

const fullName = (patient: StaffPatientRecord): string => `${patient.firstname} ${patient.lastname}`;

/**
 * The staff portal after sign-in (booking-dashboard-staff §2 'Staff portal', §4 'Staff flow'):
 * search, results, patient details (with the eligibility warning dialog), the subscription form,
 * the card payment dialog or the manual-payment processing dialog, the success dialog, Start Over.
 */
export function StaffPortal({ token }: { token: string }) {
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
  const resultsId = useId();

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

  return (
    <Stack gap={5}>
      <Card as="section" aria-labelledby={`${resultsId}-search`}>
        <CardHeader>
          <CardTitle as="h2" id={`${resultsId}-search`}>
            Patient Search
          </CardTitle>
          <CardDescription>Search the health record by first name, last name and date of birth.</CardDescription>
        </CardHeader>
        <form onSubmit={(event) => void onSearch(event)} noValidate>
          <CardContent>
            <div className="staff-search-grid">
              <Field label="First Name" required error={searchErrors.firstName}>
                <Input value={search.firstName} autoComplete="off" maxLength={100} onChange={(event) => setSearch({ ...search, firstName: event.target.value })} />
              </Field>
              <Field label="Last Name" required error={searchErrors.lastName}>
                <Input value={search.lastName} autoComplete="off" maxLength={100} onChange={(event) => setSearch({ ...search, lastName: event.target.value })} />
              </Field>
              <Field label="Date of Birth" required hint="MM/DD/YYYY" error={searchErrors.dateOfBirth}>
                <Input
                  value={search.dateOfBirth}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="MM/DD/YYYY"
                  maxLength={DOB_MAX_LENGTH}
                  onChange={(event) => setSearch({ ...search, dateOfBirth: formatDobInput(event.target.value) })}
                />
              </Field>
            </div>
            {searchError ? (
              <Alert variant="destructive" role="alert" title={SEARCH_FAILED}>
                {searchError}
              </Alert>
            ) : null}
          </CardContent>
          <CardFooter>
            <div className="ui-actions">
              <Button type="submit" loading={searching} loadingText="Searching...">
                Search
              </Button>
              <Button type="button" variant="ghost" onClick={startOver}>
                Start Over
              </Button>
            </div>
          </CardFooter>
        </form>
      </Card>

      {results !== null && stage.kind === 'search' ? (
        <section aria-labelledby={`${resultsId}-results`}>
          <h2 id={`${resultsId}-results`} className="staff-section-title">
            Search Results
          </h2>
          {results.length === 0 ? (
            <p>No patients found. Check the spelling and the date of birth.</p>
          ) : (
            <div className="staff-table-wrap" role="region" aria-label="Search results" tabIndex={0}>
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Date of Birth</th>
                    <th scope="col">Patient ID</th>
                    <th scope="col">Email</th>
                    <th scope="col">
                      <span className="ui-visually-hidden">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {results.map((row) => (
                    <tr key={row.patientid}>
                      <td>{fullName(row)}</td>
                      <td>{row.dob}</td>
                      <td>{row.patientid}</td>
                      <td>{row.email ?? '—'}</td>
                      <td>
                        <Button size="sm" variant="secondary" loading={loadingPatient === row.patientid} loadingText="Loading..." onClick={() => void select(row)} aria-label={`Select ${fullName(row)}`}>
                          Select
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}

      {patient && stage.kind !== 'warning' ? <PatientDetails patient={patient} /> : null}

      {patient && stage.kind !== 'warning' ? <PatientRecord token={token} patientId={patient.patientid} patientName={fullName(patient)} /> : null}

      {patient && form && stage.kind !== 'warning' ? (
        <Card as="section" aria-labelledby={`${resultsId}-create`}>
          <CardHeader>
            <CardTitle as="h2" id={`${resultsId}-create`}>
              Create Subscription
            </CardTitle>
            <CardDescription>Staff can create subscriptions for the four paid membership tiers.</CardDescription>
          </CardHeader>
          <form onSubmit={(event) => void create(event)}>
            <CardContent>
              <Stack gap={3}>
                <Field label="Membership Tier" required>
                  <Select value={form.membershipTier} onChange={(event) => set('membershipTier')(event.target.value)}>
                    {PAID_TIERS.map((tier) => (
                      <option key={tier.code} value={tier.code}>
                        {tier.name} — {formatDollars(tier.priceCents)} / {tier.interval}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Billing Email" required>
                  <Input type="email" required value={form.email} maxLength={254} onChange={(event) => set('email')(event.target.value)} />
                </Field>
                <Field label="Address Line 1" required>
                  <Input required value={form.line1} maxLength={200} onChange={(event) => set('line1')(event.target.value)} />
                </Field>
                <Field label="Address Line 2">
                  <Input value={form.line2} maxLength={200} onChange={(event) => set('line2')(event.target.value)} />
                </Field>
                <div className="staff-address-grid">
                  <Field label="City" required>
                    <Input required value={form.city} maxLength={100} onChange={(event) => set('city')(event.target.value)} />
                  </Field>
                  <Field label="State" required>
                    <Input required value={form.state} maxLength={STATE_MAX_LENGTH} onChange={(event) => set('state')(event.target.value.toUpperCase())} />
                  </Field>
                  <Field label="ZIP Code" required>
                    <Input required value={form.postalCode} maxLength={ZIP_MAX_LENGTH} inputMode="numeric" onChange={(event) => set('postalCode')(event.target.value)} />
                  </Field>
                </div>
                <Field label="Practice Location" required>
                  <Select value={form.department} onChange={(event) => set('department')(event.target.value)}>
                    {PRACTICE_LOCATIONS.map((location) => (
                      <option key={location.id} value={location.id}>
                        {location.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <fieldset className="staff-radios">
                  <legend>Payment Method</legend>
                  <label>
                    <input type="radio" name="paymentMethod" value="card" checked={form.paymentMethod === 'card'} onChange={() => set('paymentMethod')('card')} /> Credit / Debit Card
                  </label>
                  <label>
                    <input type="radio" name="paymentMethod" value="manual_payment" checked={form.paymentMethod === 'manual_payment'} onChange={() => set('paymentMethod')('manual_payment')} /> Manual Payment (invoice emailed)
                  </label>
                </fieldset>
              </Stack>
            </CardContent>
            <CardFooter>
              <div className="ui-actions">
                <Button type="submit" loading={creating} loadingText="Creating subscription..." disabled={stage.kind !== 'configure'}>
                  Create Subscription
                </Button>
                <Button type="button" variant="ghost" onClick={startOver}>
                  Start Over
                </Button>
              </div>
            </CardFooter>
          </form>
        </Card>
      ) : null}

      <Dialog
        open={stage.kind === 'warning'}
        onOpenChange={(open) => {
          if (!open) setStage({ kind: 'search' });
        }}
        role="alertdialog"
        dismissible={false}
        closeOnEscape
        title="Eligibility Warning"
        description={stage.kind === 'warning' ? `Please review before creating a subscription for ${fullName(stage.patient)}.` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setStage({ kind: 'search' })}>
              Cancel
            </Button>
            <Button onClick={() => stage.kind === 'warning' && setStage({ kind: 'configure', patient: stage.patient })}>Acknowledge and Continue</Button>
          </>
        }
      >
        {stage.kind === 'warning' ? (
          <ul className="staff-warnings">
            {stage.warnings.map((warning) => (
              <li key={warning.code}>
                <strong>{warning.title}:</strong> {warning.message}
              </li>
            ))}
          </ul>
        ) : null}
      </Dialog>

      {stage.kind === 'card' ? (
        <CardPaymentDialog
          token={token}
          patientId={stage.patient.patientid}
          created={stage.created}
          email={stage.email}
          amount={stage.amount}
          onPaid={() => setStage({ kind: 'success', patient: stage.patient, created: stage.created, manual: false })}
          onCancel={() => setStage({ kind: 'configure', patient: stage.patient })}
        />
      ) : null}

      <Dialog open={stage.kind === 'processing'} onOpenChange={() => undefined} dismissible={false} title="Processing Manual Payment" description="Creating the subscription and emailing the invoice...">
        <Spinner label="Processing..." />
      </Dialog>

      <Dialog
        open={stage.kind === 'success'}
        onOpenChange={(open) => {
          if (!open) startOver();
        }}
        title="Subscription Created"
        description={stage.kind === 'success' ? `The membership subscription for ${fullName(stage.patient)} was created.` : undefined}
        footer={<Button onClick={startOver}>Start Over</Button>}
      >
        {stage.kind === 'success' ? (
          <Stack gap={2}>
            <p>
              Subscription ID: <code>{stage.created.subscriptionId}</code>
            </p>
            <p>{stage.manual ? 'Manual payment: the invoice is emailed to the billing email; the membership starts when it is paid.' : 'The card payment went through. The membership starts as soon as the card provider confirms the invoice is paid.'}</p>
          </Stack>
        ) : null}
      </Dialog>
    </Stack>
  );
}

function PatientDetails({ patient }: { patient: StaffPatientRecord }) {
  const titleId = useId();
  const paidUp = customFieldValue(patient, PAID_UP_FIELD_ID);
  const optOut = customFieldValue(patient, OPT_OUT_FIELD_ID);
  const address = [patient.address1, patient.address2, patient.city, [patient.state, patient.zip].filter(Boolean).join(' ')].filter((part) => part && part !== '').join(', ');
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Patient Details
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="staff-details">
          <dt>Name</dt>
          <dd>{fullName(patient)}</dd>
          <dt>Date of Birth</dt>
          <dd>{patient.dob}</dd>
          <dt>Patient ID</dt>
          <dd>{patient.patientid}</dd>
          <dt>Email</dt>
          <dd>{patient.email ?? '—'}</dd>
          <dt>Address</dt>
          <dd>{address || '—'}</dd>
          <dt>Primary Location</dt>
          <dd>{PRACTICE_LOCATIONS.find((location) => location.id === patient.primarydepartmentid)?.name ?? patient.primarydepartmentid ?? '—'}</dd>
          <dt>MDRI Paid Up (field 21)</dt>
          <dd>{paidUp ?? 'Not set'}</dd>
          <dt>Membership Opt-Out (field 81)</dt>
          <dd>{optOut ?? 'Not set'}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

function CardPaymentDialog({
  token,
  patientId,
  created,
  email,
  amount,
  onPaid,
  onCancel,
}: {
  token: string;
  patientId: string;
  created: StaffCreateSubscriptionResponse;
  email: string;
  amount: string;
  onPaid: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: CONFIG_QUERY_KEY, queryFn: ({ signal }) => fetchConfig(api, signal) });
  const [stripe, setStripe] = useState<StaffStripe | null>(null);
  const [card, setCard] = useState<CardElementLike | null>(null);
  const [mount, setMount] = useState<HTMLDivElement | null>(null);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  // The bank's 3-D Secure challenge is Stripe.js's own overlay: our modal steps aside meanwhile
  // (a modal dialog keeps the rest of the page, the challenge included, from pointer and keyboard).
  const [challenge, setChallenge] = useState(false);
  const mountedOn = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const settings = config.data;
    if (!settings || !mount || mountedOn.current === mount) return;
    mountedOn.current = mount;
    loadProviderScript<(key: string) => StaffStripe>({ url: settings.scripts.stripeJs, name: 'Stripe', global: () => (window as unknown as { Stripe?: (key: string) => StaffStripe }).Stripe })
      .then((Stripe) => {
        const client = Stripe(settings.stripe.publicKey);
        const element = client.elements().create('card', { hidePostalCode: true });
        element.mount(mount);
        setStripe(client);
        setCard(element);
      })
      .catch(() => setProblem({ title: 'Payment Error', message: PAYMENT_BEING_PREPARED }));
  }, [config.data, mount]);

  const pay = async () => {
    if (!stripe || !card || !created.invoiceId) {
      setProblem({ title: 'Payment Error', message: PAYMENT_BEING_PREPARED });
      return;
    }
    setPaying(true);
    setProblem(null);
    // Paid, declined or after the bank's challenge: the patient's record is read again.
    const result = await writingFor(queryClient, patientId, () =>
      payWithCard(
        stripe,
        card,
        (paymentMethodId) => payStaffInvoice(api, token, { invoiceId: created.invoiceId!, subscriptionId: created.subscriptionId, paymentMethodId }),
        email,
        () => setChallenge(true),
      ),
    );
    setChallenge(false);
    setPaying(false);
    if (result.kind === 'paid') onPaid();
    else {
      setProblem({ title: result.title, message: result.message });
      toast({ title: result.title, description: result.message, variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open={!challenge}
      onOpenChange={(open) => {
        if (!open && !paying) onCancel();
      }}
      dismissible={!paying}
      title="Card Payment"
      description={`Enter the patient's card to pay ${amount}. The bank may ask for verification (3-D Secure).`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={paying}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} loading={paying} loadingText="Processing payment..." disabled={!card}>
            Pay {amount}
          </Button>
        </>
      }
    >
      <Stack gap={3}>
        {/* Pay waits (disabled) for Stripe.js and its card field: say so meanwhile. */}
        {!card && !problem ? <LoadingState compact label="Loading the card form..." /> : null}
        <div ref={setMount} className="staff-card-element" />
        {problem ? (
          <Alert variant="destructive" role="alert" title={problem.title}>
            {problem.message}
          </Alert>
        ) : null}
      </Stack>
    </Dialog>
  );
}
