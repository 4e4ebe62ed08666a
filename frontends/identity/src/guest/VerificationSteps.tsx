import { CheckIcon, cx } from '@portal/ui';
import { useT } from '../i18n.ts';

const STEPS = [
  { number: 1, label: 'guest.steps.email' },
  { number: 2, label: 'guest.steps.phone' },
] as const;

/** 'Step 1 of 2': where the guest is in the two verifications; done steps get a check mark. */
export function VerificationSteps({ current, done }: { current: 1 | 2; done: boolean }) {
  const t = useT();
  return (
    <ol className="identity-steps" aria-label={t('guest.steps')}>
      {STEPS.map((step) => {
        const complete = done || step.number < current;
        const active = !done && step.number === current;
        return (
          <li
            key={step.number}
            className={cx('identity-steps__item', complete && 'identity-steps__item--complete', active && 'identity-steps__item--active')}
            aria-current={active ? 'step' : undefined}
          >
            <span className="identity-steps__marker" aria-hidden="true">
              {complete ? <CheckIcon size={16} /> : step.number}
            </span>
            <span className="identity-steps__label">
              {t(step.label)}
              <span className="ui-visually-hidden">{complete ? ` ${t('guest.steps.done')}` : active ? ` ${t('guest.steps.current')}` : ''}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
