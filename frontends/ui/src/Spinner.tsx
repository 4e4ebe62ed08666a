import { cx } from './cx.ts';
import { useUiT } from './i18n.ts';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read by screen readers; omit when the surrounding text already says what is loading. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  return (
    <span className={cx('ui-spinner', `ui-spinner--${size}`, className)} role={label ? 'status' : undefined}>
      <span className="ui-spinner__circle" aria-hidden="true" />
      {label ? <span className="ui-visually-hidden">{label}</span> : null}
    </span>
  );
}

export interface LoadingStateProps {
  label?: string;
  /** Less height, for a loading card among others. */
  compact?: boolean;
  className?: string;
}

/** A centred spinner with a visible, announced label ('Checking membership status...'). */
export function LoadingState({ label, compact = false, className }: LoadingStateProps) {
  const t = useUiT();
  return (
    <div className={cx('ui-loading', compact && 'ui-loading--compact', className)} role="status" aria-live="polite">
      <Spinner size="lg" />
      <p className="ui-loading__label">{label ?? t('common.loading')}</p>
    </div>
  );
}
