import type { RefObject } from 'react';
import { Alert } from '@portal/ui';
import { fieldId, fieldLabel } from '../guest-form.ts';
import { useT } from '../i18n.ts';
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
  const t = useT();
  return (
    <div id={SUMMARY_ID} ref={summaryRef} tabIndex={-1} className="enrollment-error-summary">
      <Alert variant="destructive" role="alert" title={t('errorSummary.title')}>
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
                {t('errorSummary.item', { label: fieldLabel(field, t), error: errors[field] ?? '' })}
              </a>
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
