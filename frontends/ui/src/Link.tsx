import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { navigate } from '@portal/client/navigation.ts';
import { buttonClassName } from './button-class.ts';
import type { ButtonSize, ButtonVariant } from './button-class.ts';

export type LinkProps = ComponentPropsWithRef<'a'> & { href: string; replace?: boolean };

const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>): boolean =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/** An anchor that navigates inside the portal without a page load; new-tab clicks still work. */
export function Link({ href, replace, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`, { replace: replace ?? false });
  };
  return <a href={href} target={target} onClick={handleClick} {...rest} />;
}

export type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

/** A link that looks like a button: for actions that go to another page. */
export function ButtonLink({ variant = 'primary', size = 'md', block = false, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block, className })} {...rest} />;
}
