import type { ReactNode } from 'react';
import { Field, Input } from '@portal/ui';
import { fieldId, fieldLabel } from '../guest-form.ts';
import { useT } from '../i18n.ts';
import type { TextField } from '../guest-form.ts';
import type { GuestFormState } from './use-guest-form.ts';

export interface GuestTextFieldOptions {
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  required?: boolean;
  hint?: ReactNode;
  readOnly?: boolean;
  placeholder?: string;
  maxLength?: number;
  wide?: boolean;
}

/** One text field of the guest form: its label, hint and error, the value shown (a copied address included). */
export function GuestTextField({ form, field, ...options }: { form: GuestFormState; field: TextField } & GuestTextFieldOptions) {
  const t = useT();
  return (
    <Field
      id={fieldId(field)}
      label={fieldLabel(field, t)}
      required={options.required ?? false}
      hint={options.hint}
      error={form.fieldError(field)}
      className={options.wide ? 'enrollment-form-grid--wide' : undefined}
    >
      <Input
        type={options.type ?? 'text'}
        name={field}
        value={String(form.shown[field])}
        onChange={(event) => form.text(field, event.target.value)}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        readOnly={options.readOnly}
        placeholder={options.placeholder}
        maxLength={options.maxLength}
      />
    </Field>
  );
}
