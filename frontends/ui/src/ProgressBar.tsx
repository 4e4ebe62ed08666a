import { useId } from 'react';
import { cx } from './cx.ts';
import { useUiT } from './i18n.ts';

export interface ProgressBarProps {
  /** The current step's title ('Choose Membership Tier'). */
  title: string;
  /** 0 to 100; clamped. */
  percent: number;
  className?: string;
}

/** Wizard progress: step title and percent complete. */
export function ProgressBar({ title, percent, className }: ProgressBarProps) {
  const id = useId();
  const t = useUiT();
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div className={cx('ui-progress', className)}>
      <div className="ui-progress__header">
        <span id={`${id}-title`} className="ui-progress__title">
          {title}
        </span>
        <span className="ui-progress__percent">{t('progress.complete', { percent: value })}</span>
      </div>
      <div
        className="ui-progress__track"
        role="progressbar"
        aria-labelledby={`${id}-title`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={t('progress.complete', { percent: value })}
      >
        <div className="ui-progress__bar" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
