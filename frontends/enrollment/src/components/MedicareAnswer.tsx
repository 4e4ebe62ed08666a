/**
 * The Medicare/Medicaid question's options and the office-enrollment notice a Medicaid answer
 * brings (spec §5 Eligibility), shared by the practice location screen and the guest form.
 */
import { Alert } from '@portal/ui';
import { useT } from '../i18n.ts';
import { MEDICARE_OPTIONS, medicareLabel } from '../location-form.ts';

export function MedicareOptions() {
  const t = useT();
  return (
    <>
      {MEDICARE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {medicareLabel(option.value, t)}
        </option>
      ))}
    </>
  );
}

/** Shown (and announced) when the answer is Medicaid or both; `id` is what the select points at. */
export function OfficeEnrollmentNotice({ id }: { id: string }) {
  const t = useT();
  return (
    <div id={id}>
      <Alert variant="warning" role="alert" title={t('office.title')}>
        <p>{t('office.text')}</p>
      </Alert>
    </div>
  );
}
