import { CardContent } from '@portal/ui';
import { PRACTICE_LOCATIONS } from '@portal/client';
import type { StaffPatientRecord } from '@portal/contracts';
import { OPT_OUT_FIELD_ID, PAID_UP_FIELD_ID, customFieldValue, preferredLanguageName } from '../staff-portal.ts';
import { fullName } from './staff-subscription.ts';
import { SectionCard } from './SectionCard.tsx';

/** The 'Patient Details' card: the selected patient's record, with custom fields 21 and 81. */
export function PatientDetails({ patient }: { patient: StaffPatientRecord }) {
  const paidUp = customFieldValue(patient, PAID_UP_FIELD_ID);
  const optOut = customFieldValue(patient, OPT_OUT_FIELD_ID);
  const address = [patient.address1, patient.address2, patient.city, [patient.state, patient.zip].filter(Boolean).join(' ')].filter((part) => part && part !== '').join(', ');
  return (
    <SectionCard title="Patient Details">
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
          <dt>Preferred language</dt>
          <dd>{preferredLanguageName(patient.preferredLanguage)}</dd>
        </dl>
      </CardContent>
    </SectionCard>
  );
}
