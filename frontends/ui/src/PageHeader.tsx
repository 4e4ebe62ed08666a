import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** A short line above the title. */
  eyebrow?: ReactNode;
  /** Buttons or links at the right (below the title on phones). */
  actions?: ReactNode;
  className?: string;
}

/**
 * The page's h1 with its introduction. The heading takes programmatic focus (tabIndex -1) so
 * the shell can move focus to it after a client-side navigation.
 */
export function PageHeader({ title, description, eyebrow, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('ui-page-header', className)}>
      <div className="ui-page-header__text">
        {eyebrow ? <p className="ui-page-header__eyebrow">{eyebrow}</p> : null}
        <h1 className="ui-page-header__title" tabIndex={-1}>
          {title}
        </h1>
        {description ? <div className="ui-page-header__description">{description}</div> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}
