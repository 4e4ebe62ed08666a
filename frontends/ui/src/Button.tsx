import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx.ts';
import { Spinner } from './Spinner.tsx';
import { buttonClassName } from './button-class.ts';
import type { ButtonSize, ButtonVariant } from './button-class.ts';

export { buttonClassName };
export type { ButtonSize, ButtonVariant };

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  /** Busy: shows a spinner, blocks clicks and tells assistive technology. */
  loading?: boolean;
  /** Label while loading ('Processing Payment...'); the normal label when omitted. */
  loadingText?: string;
};

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className: cx(loading && 'ui-button--loading', className) })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" className="ui-button__spinner" /> : null}
      <span className="ui-button__label">{loading && loadingText ? loadingText : children}</span>
    </button>
  );
}
