/** The classes of a button (ui-button), apart from Button.tsx so a link that looks like one (ButtonLink) does not bring Button. */
import { cx } from './cx.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

export const buttonClassName = ({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string | undefined;
}): string => cx('ui-button', `ui-button--${variant}`, `ui-button--${size}`, block && 'ui-button--block', className);
