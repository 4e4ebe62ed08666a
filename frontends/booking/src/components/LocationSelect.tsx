import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, Select, Stack } from '@portal/ui';
import { PRACTICE_LOCATIONS } from '@portal/client';
import { useT } from '../i18n.ts';

export interface LocationSelectProps {
  /** Preselected: the session's practice location. */
  initial: string;
  submitLabel: string;
  submitting?: boolean;
  onSubmit: (locationId: string) => void;
}

/** The required practice location select and its Continue button (disabled until a location is chosen). */
export function LocationSelect({ initial, submitLabel, submitting = false, onSubmit }: LocationSelectProps) {
  const known = PRACTICE_LOCATIONS.some((location) => location.id === initial);
  const [value, setValue] = useState(known ? initial : '');
  const t = useT();
  const [error, setError] = useState<boolean>(false);
  const ref = useRef<HTMLSelectElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!value) {
      setError(true);
      ref.current?.focus();
      return;
    }
    onSubmit(value);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap={5}>
        <Field label={t('location.field')} required error={error ? t('location.required') : undefined}>
          <Select
            ref={ref}
            placeholder={t('location.placeholder')}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(false);
            }}
          >
            {PRACTICE_LOCATIONS.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="ui-actions">
          <Button type="submit" size="lg" className="ui-actions__primary" disabled={!value} loading={submitting}>
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
