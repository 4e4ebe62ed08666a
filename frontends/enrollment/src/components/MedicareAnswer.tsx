/**
 * The Medicare/Medicaid question's options and the office-enrollment notice a Medicaid answer
 * brings (spec §5 Eligibility), shared by the practice location screen and the guest form.
 */
import { Alert } from '@portal/ui';
import { MEDICARE_OPTIONS } from '../location-form.ts';
import { OFFICE_ENROLLMENT_REQUIRED_MESSAGE, OFFICE_ENROLLMENT_REQUIRED_TITLE } from '../messages.ts';

export function MedicareOptions() {
  return (
    <>
      {MEDICARE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** Shown (and announced) when the answer is Medicaid or both; `id` is what the select points at. */
export function OfficeEnrollmentNotice({ id }: { id: string }) {
  return (
    <div id={id}>
      <Alert variant="warning" role="alert" title={OFFICE_ENROLLMENT_REQUIRED_TITLE}>
        <p>{OFFICE_ENROLLMENT_REQUIRED_MESSAGE}</p>
      </Alert>
    </div>
  );
}
