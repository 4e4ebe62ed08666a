import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { AlertIcon, CheckIcon, InfoIcon } from './Icons.tsx';

export type AlertVariant = 'info' | 'success' | 'warning' | 'destructive';

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 'alert' announces at once; use it for errors that appear after an action. */
  role?: 'alert' | 'status' | 'note';
}

/** An inline message box (not a toast): stays on the page until the page changes. */
export function Alert({ variant = 'info', title, children, className, role }: AlertProps) {
  const Icon = variant === 'success' ? CheckIcon : variant === 'info' ? InfoIcon : AlertIcon;
  return (
    <div className={cx('ui-alert', `ui-alert--${variant}`, className)} role={role}>
      <Icon className="ui-alert__icon" />
      <div className="ui-alert__body">
        {title ? <p className="ui-alert__title">{title}</p> : null}
        {children ? <div className="ui-alert__text">{children}</div> : null}
      </div>
    </div>
  );
}
