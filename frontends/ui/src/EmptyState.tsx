import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  /** 1 when the state is the whole page (404, load failure). */
  headingLevel?: 1 | 2 | 3;
  tone?: 'neutral' | 'destructive';
  className?: string;
}

/** A centred message for not-found, failed and empty screens. */
export function EmptyState({ title, description, icon, actions, headingLevel = 2, tone = 'neutral', className }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={cx('ui-empty', `ui-empty--${tone}`, className)}>
      {icon ? <div className="ui-empty__icon">{icon}</div> : null}
      <Heading className="ui-empty__title" tabIndex={headingLevel === 1 ? -1 : undefined}>
        {title}
      </Heading>
      {description ? <div className="ui-empty__description">{description}</div> : null}
      {actions ? <div className="ui-empty__actions">{actions}</div> : null}
    </div>
  );
}
