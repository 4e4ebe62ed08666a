import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx.ts';

export type BadgeVariant = 'default' | 'secondary' | 'success' | 'warning' | 'destructive' | 'outline' | 'accent' | 'inverse';

export type BadgeProps = ComponentPropsWithRef<'span'> & { variant?: BadgeVariant };

export function Badge({ variant = 'default', className, ...rest }: BadgeProps) {
  return <span className={cx('ui-badge', `ui-badge--${variant}`, className)} {...rest} />;
}
