/**
 * Small inline icons (24 px grid, stroke = currentColor). Decorative: hidden from assistive tech.
 * One module per icon (icons/), so a bundle, and each of its chunks, carries only the icons it
 * uses (issue 15, docs/decisions/0034-bundle-splitting-and-first-paint.md).
 */
export type { IconProps } from './icons/icon.tsx';
export { AlertIcon } from './icons/alert.tsx';
export { ArrowLeftIcon } from './icons/arrow-left.tsx';
export { ArrowRightIcon } from './icons/arrow-right.tsx';
export { CalendarIcon } from './icons/calendar.tsx';
export { CheckIcon } from './icons/check.tsx';
export { ChevronDownIcon } from './icons/chevron-down.tsx';
export { ClipboardIcon } from './icons/clipboard.tsx';
export { ClockIcon } from './icons/clock.tsx';
export { CloseIcon } from './icons/close.tsx';
export { CreditCardIcon } from './icons/credit-card.tsx';
export { ExternalLinkIcon } from './icons/external-link.tsx';
export { FileTextIcon } from './icons/file-text.tsx';
export { FlaskIcon } from './icons/flask.tsx';
export { HeartIcon } from './icons/heart.tsx';
export { InfoIcon } from './icons/info.tsx';
export { LogOutIcon } from './icons/log-out.tsx';
export { LogoMark } from './icons/logo-mark.tsx';
export { MailIcon } from './icons/mail.tsx';
export { MapPinIcon } from './icons/map-pin.tsx';
export { MessageIcon } from './icons/message.tsx';
export { PhoneIcon } from './icons/phone.tsx';
export { ReceiptIcon } from './icons/receipt.tsx';
export { ShieldIcon } from './icons/shield.tsx';
export { SparkleIcon } from './icons/sparkle.tsx';
export { StethoscopeIcon } from './icons/stethoscope.tsx';
export { SwitchUserIcon } from './icons/switch-user.tsx';
export { UserIcon } from './icons/user.tsx';
export { UsersIcon } from './icons/users.tsx';
