import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx.ts';

export type CardProps = ComponentPropsWithRef<'div'> & {
  /** Draws attention to one card of a set (the recommended plan). */
  highlighted?: boolean;
  /** Use 'article' or 'section' when the card stands on its own. */
  as?: 'div' | 'article' | 'section' | 'li';
};

export function Card({ as: Tag = 'div', highlighted = false, className, ...rest }: CardProps) {
  return <Tag className={cx('ui-card', highlighted && 'ui-card--highlighted', className)} {...(rest as object)} />;
}

export function CardHeader({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div className={cx('ui-card__header', className)} {...rest} />;
}

export type CardTitleProps = ComponentPropsWithRef<'h2'> & { as?: 'h2' | 'h3' | 'h4' };

export function CardTitle({ as: Tag = 'h3', className, ...rest }: CardTitleProps) {
  return <Tag className={cx('ui-card__title', className)} {...rest} />;
}

export function CardDescription({ className, ...rest }: ComponentPropsWithRef<'p'>) {
  return <p className={cx('ui-card__description', className)} {...rest} />;
}

export function CardContent({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div className={cx('ui-card__content', className)} {...rest} />;
}

export function CardFooter({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div className={cx('ui-card__footer', className)} {...rest} />;
}
