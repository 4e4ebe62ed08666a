import type { RefObject } from 'react';
import { Alert } from '@portal/ui';
import { FIELD_LABELS, fieldId } from '../guest-form.ts';
import type { FieldErrors } from '../guest-form.ts';
import { SUMMARY_ID } from './use-guest-form.ts';

/** 'Please correct the following:': a link a field in error, which opens its section and focuses it. */
export function ErrorSummary({
  summaryRef,
  errorOrder,
  errors,
  onGoToField,
}: {
  summaryRef: RefObject<HTMLDivElement | null>;
  errorOrder: readonly string[];
  errors: FieldErrors;
  onGoToField: (field: string) => void;
}) {
  return (
    <div id={SUMMARY_ID} ref={summaryRef} tabIndex={-1} className="enrollment-error-summary">
      <Alert variant="destructive" role="alert" title="Please correct the following:">
        <ul>
          {errorOrder.map((field) => (
            <li key={field}>
              <a
                href={`#${fieldId(field)}`}
                onClick={(event) => {
                  event.preventDefault();
                  onGoToField(field);
                }}
              >
                {FIELD_LABELS[field] ?? field}: {errors[field]}
              </a>
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
