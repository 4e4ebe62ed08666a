import { Stack } from '@portal/ui';
import { CardPaymentDialog } from './CardPaymentDialog.tsx';
import { CreateSubscription } from './CreateSubscription.tsx';
import { PatientDetails } from './PatientDetails.tsx';
import { PatientRecord } from './PatientRecord.tsx';
import { PatientSearch } from './PatientSearch.tsx';
import { SearchResults } from './SearchResults.tsx';
import { EligibilityWarningDialog, ProcessingDialog, SubscriptionCreatedDialog } from './StageDialogs.tsx';
import { fullName } from './staff-subscription.ts';
import { useStaffPortal } from './use-staff-portal.ts';

/**
 * The staff portal after sign-in (booking-dashboard-staff §2 'Staff portal', §4 'Staff flow'):
 * search, results, patient details (with the eligibility warning dialog), the subscription form,
 * the card payment dialog or the manual-payment processing dialog, the success dialog, Start Over.
 */
export function StaffPortal({ token }: { token: string }) {
  const portal = useStaffPortal(token);
  const { stage, setStage, patient, form, startOver } = portal;

  return (
    <Stack gap={5}>
      <PatientSearch
        search={portal.search}
        errors={portal.searchErrors}
        error={portal.searchError}
        searching={portal.searching}
        onChange={portal.setSearch}
        onSearch={portal.onSearch}
        onStartOver={startOver}
      />

      {portal.results !== null && stage.kind === 'search' ? <SearchResults results={portal.results} loadingPatient={portal.loadingPatient} onSelect={portal.select} /> : null}

      {patient && stage.kind !== 'warning' ? <PatientDetails patient={patient} /> : null}

      {patient && stage.kind !== 'warning' ? <PatientRecord token={token} patientId={patient.patientid} patientName={fullName(patient)} /> : null}

      {patient && form && stage.kind !== 'warning' ? (
        <CreateSubscription form={form} set={portal.set} creating={portal.creating} disabled={stage.kind !== 'configure'} onCreate={portal.create} onStartOver={startOver} />
      ) : null}

      <EligibilityWarningDialog
        stage={stage}
        onCancel={() => setStage({ kind: 'search' })}
        onAcknowledge={() => stage.kind === 'warning' && setStage({ kind: 'configure', patient: stage.patient })}
      />

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

      <ProcessingDialog open={stage.kind === 'processing'} />

      <SubscriptionCreatedDialog stage={stage} onStartOver={startOver} />
    </Stack>
  );
}
