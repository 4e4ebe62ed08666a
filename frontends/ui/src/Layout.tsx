/** Layout helpers: a centred max-width container, vertical stacks, wrapping rows and grids. */
import type { ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';
import { cx } from './cx.ts';

export type Space = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 8;

export type ContainerProps = ComponentPropsWithRef<'div'> & { size?: 'sm' | 'md' | 'lg' | 'xl' };

export function Container({ size = 'lg', className, ...rest }: ContainerProps) {
  return <div className={cx('ui-container', `ui-container--${size}`, className)} {...rest} />;
}

export type StackProps = ComponentPropsWithRef<'div'> & { gap?: Space };

export function Stack({ gap = 4, className, style, ...rest }: StackProps) {
  return <div className={cx('ui-stack', className)} style={{ '--ui-gap': `var(--ui-space-${gap})`, ...style } as CSSProperties} {...rest} />;
}

export type ClusterProps = ComponentPropsWithRef<'div'> & { gap?: Space; justify?: 'start' | 'center' | 'end' | 'between' };

/** Items in a row that wrap on narrow screens (button groups, badges). */
export function Cluster({ gap = 3, justify = 'start', className, style, ...rest }: ClusterProps) {
  return (
    <div
      className={cx('ui-cluster', `ui-cluster--${justify}`, className)}
      style={{ '--ui-gap': `var(--ui-space-${gap})`, ...style } as CSSProperties}
      {...rest}
    />
  );
}

export type GridProps = ComponentPropsWithRef<'div'> & {
  /** Smallest column width; columns are added as the screen allows. */
  minColumnWidth?: string;
  gap?: Space;
  as?: 'div' | 'ul' | 'ol';
};

export function Grid({ minColumnWidth = '16rem', gap = 5, as: Tag = 'div', className, style, ...rest }: GridProps) {
  return (
    <Tag
      className={cx('ui-grid', className)}
      style={{ '--ui-grid-min': minColumnWidth, '--ui-gap': `var(--ui-space-${gap})`, ...style } as CSSProperties}
      {...(rest as object)}
    />
  );
}

export interface SectionProps {
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  /** Level of the section heading; 2 under a page h1. */
  headingLevel?: 2 | 3;
  className?: string;
  children?: ReactNode;
  tabIndex?: number;
  ref?: ComponentPropsWithRef<'section'>['ref'];
  'aria-labelledby'?: string;
}

export function Section({ id, title, description, headingLevel = 2, className, children, ref, tabIndex, ...rest }: SectionProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      ref={ref}
      tabIndex={tabIndex}
      className={cx('ui-section', className)}
      aria-labelledby={rest['aria-labelledby'] ?? (title ? headingId : undefined)}
    >
      {title || description ? (
        <div className="ui-section__header">
          {title ? (
            <Heading id={headingId} className="ui-section__title">
              {title}
            </Heading>
          ) : null}
          {description ? <div className="ui-section__description">{description}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="ui-visually-hidden">{children}</span>;
}

export type SplitProps = ComponentPropsWithRef<'div'> & { gap?: Space };

/** Two columns side by side on wide screens (wider first), stacked on phones and tablets. */
export function Split({ gap = 6, className, style, ...rest }: SplitProps) {
  return <div className={cx('ui-split', className)} style={{ '--ui-gap': `var(--ui-space-${gap})`, ...style } as CSSProperties} {...rest} />;
}
