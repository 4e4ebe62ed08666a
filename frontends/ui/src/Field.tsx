/**
 * Form controls. Inside a <Field>, Input and Select pick up their id, label, hint and error
 * wiring (aria-describedby, aria-invalid, required) from the field, so forms stay short.
 */
import { createContext, useContext, useId } from 'react';
import type { ComponentPropsWithRef, ReactNode, Ref } from 'react';
import { cx } from './cx.ts';
import { useUiT } from './i18n.ts';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

export type LabelProps = ComponentPropsWithRef<'label'> & { required?: boolean };

export function Label({ required = false, className, children, ...rest }: LabelProps) {
  return (
    <label className={cx('ui-label', className)} {...rest}>
      {children}
      {required ? (
        <span className="ui-label__required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </label>
  );
}

export function HelpText({ className, ...rest }: ComponentPropsWithRef<'p'>) {
  return <p className={cx('ui-help-text', className)} {...rest} />;
}

export function ErrorText({ className, children, ...rest }: ComponentPropsWithRef<'p'>) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className={cx('ui-error-text', className)} {...rest}>
      {children}
    </p>
  );
}

export interface FieldProps {
  label: ReactNode;
  children: ReactNode;
  /** Id of the control; generated when omitted. */
  id?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  className?: string;
}

export function Field({ label, children, id, hint, error, required = false, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: hasError, required }}>
      <div className={cx('ui-field', hasError && 'ui-field--invalid', className)}>
        <Label htmlFor={controlId} required={required}>
          {label}
        </Label>
        {children}
        {hint ? (
          <HelpText id={hintId}>{hint}</HelpText>
        ) : null}
        <ErrorText id={errorId}>{error}</ErrorText>
      </div>
    </FieldContext.Provider>
  );
}

const useFieldProps = (props: { id?: string | undefined; required?: boolean | undefined; invalid?: boolean | undefined; 'aria-describedby'?: string | undefined }) => {
  const field = useContext(FieldContext);
  const invalid = props.invalid ?? field?.invalid ?? false;
  return {
    id: props.id ?? field?.id,
    required: props.required ?? field?.required,
    'aria-invalid': invalid || undefined,
    'aria-describedby': [field?.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined,
  };
};

export type InputProps = ComponentPropsWithRef<'input'> & { invalid?: boolean };

export function Input({ invalid, className, id, required, 'aria-describedby': describedBy, ...rest }: InputProps) {
  const wiring = useFieldProps({ id, required, invalid, 'aria-describedby': describedBy });
  return <input className={cx('ui-input', className)} {...wiring} {...rest} />;
}

export type SelectProps = ComponentPropsWithRef<'select'> & { invalid?: boolean; placeholder?: string };

/** A native select (best on phones and with screen readers), styled. */
export function Select({ invalid, className, id, required, placeholder, children, 'aria-describedby': describedBy, ...rest }: SelectProps) {
  const wiring = useFieldProps({ id, required, invalid, 'aria-describedby': describedBy });
  return (
    <div className="ui-select">
      <select className={cx('ui-input', 'ui-select__control', className)} {...wiring} {...rest}>
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {children}
      </select>
      <svg className="ui-select__chevron" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & { label: ReactNode; hint?: ReactNode };

export function Checkbox({ label, hint, className, id, ...rest }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  return (
    <div className={cx('ui-checkbox', className)}>
      <input type="checkbox" id={controlId} className="ui-checkbox__control" aria-describedby={hint ? `${controlId}-hint` : undefined} {...rest} />
      <div>
        <label htmlFor={controlId} className="ui-checkbox__label">
          {label}
        </label>
        {hint ? (
          <HelpText id={`${controlId}-hint`}>{hint}</HelpText>
        ) : null}
      </div>
    </div>
  );
}

/**
 * 'Email Address': the labelled email input of the sign-in cards (guest and staff), with the
 * keyboard and autofill hints an email wants; typing clears the field's error.
 */
export function EmailField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const t = useUiT();
  return (
    <Field label={t('field.email')} error={error} required>
      <Input
        ref={inputRef}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
