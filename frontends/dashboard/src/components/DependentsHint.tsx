import { useId, useState } from 'react';
import type { AnimationEvent, CSSProperties } from 'react';
import { CloseIcon, UsersIcon, cx, usePrefersReducedMotion } from '@portal/ui';
import { useT } from '../i18n.ts';
import { richText } from '../rich-text.tsx';

/** The hint fades out over this long (booking-dashboard-staff §9), paused while hovered or focused. */
export const DEPENDENTS_HINT_FADE_MS = 10_000;

/**
 * For provider-login users: where the patient switcher is (Switch Account in the account menu),
 * and that the practice must enable it. It fades away over 10 seconds; with reduced motion it
 * stays without fading until dismissed.
 */
export function DependentsHint() {
  const t = useT();
  const [shown, setShown] = useState(true);
  const reduceMotion = usePrefersReducedMotion();
  const titleId = useId();
  if (!shown) return null;
  const onAnimationEnd = (event: AnimationEvent<HTMLDivElement>): void => {
    if (event.target === event.currentTarget) setShown(false);
  };
  return (
    <div
      role="note"
      aria-labelledby={titleId}
      className={cx('dash-callout', !reduceMotion && 'dash-fade-out', 'dashboard-dependents-hint')}
      style={{ '--dash-fade-duration': `${DEPENDENTS_HINT_FADE_MS}ms` } as CSSProperties}
      onAnimationEnd={onAnimationEnd}
    >
      <span className="dash-callout__icon" aria-hidden="true">
        <UsersIcon size={20} />
      </span>
      <div className="dash-callout__body">
        <h2 id={titleId} className="dash-callout__title">
          {t('dependents.title')}
        </h2>
        <p>{richText(t('dependents.text'), { 0: (words) => <strong>{words}</strong> })}</p>
      </div>
      <button type="button" className="dash-callout__close" aria-label={t('dependents.dismiss')} onClick={() => setShown(false)}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
