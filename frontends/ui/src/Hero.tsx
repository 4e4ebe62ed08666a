import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface HeroProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A page's welcome banner in the brand colours; its title is the page's h1. */
export function Hero({ title, eyebrow, children, className }: HeroProps) {
  return (
    <section className={cx('ui-hero', className)} aria-labelledby="ui-hero-title">
      {eyebrow ? <p className="ui-hero__eyebrow">{eyebrow}</p> : null}
      <h1 id="ui-hero-title" className="ui-hero__title" tabIndex={-1}>
        {title}
      </h1>
      {children ? <div className="ui-hero__body">{children}</div> : null}
    </section>
  );
}
