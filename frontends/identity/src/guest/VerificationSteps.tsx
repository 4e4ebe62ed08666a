import { CheckIcon, cx } from '@portal/ui';

const STEPS = [
  { number: 1, label: 'Verify email' },
  { number: 2, label: 'Verify phone' },
] as const;

/** 'Step 1 of 2': where the guest is in the two verifications; done steps get a check mark. */
export function VerificationSteps({ current, done }: { current: 1 | 2; done: boolean }) {
  return (
    <ol className="identity-steps" aria-label="Verification steps">
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
              {step.label}
              <span className="ui-visually-hidden">{complete ? ' (done)' : active ? ' (current step)' : ''}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
