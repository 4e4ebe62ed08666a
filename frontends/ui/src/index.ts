/**
 * @portal/ui: the portal's shared design system. Components are styled by styles.css, which the
 * shell loads once for every micro-frontend (`import '@portal/ui/styles.css'`).
 */
export { Alert } from './Alert.tsx';
export type { AlertProps, AlertVariant } from './Alert.tsx';
export { Badge } from './Badge.tsx';
export type { BadgeProps, BadgeVariant } from './Badge.tsx';
export { Button, buttonClassName } from './Button.tsx';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button.tsx';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './Card.tsx';
export type { CardProps, CardTitleProps } from './Card.tsx';
export { Dialog } from './Dialog.tsx';
export type { DialogProps } from './Dialog.tsx';
export { EmptyState } from './EmptyState.tsx';
export type { EmptyStateProps } from './EmptyState.tsx';
export { Checkbox, ErrorText, Field, HelpText, Input, Label, Select } from './Field.tsx';
export type { CheckboxProps, FieldProps, InputProps, LabelProps, SelectProps } from './Field.tsx';
export {
  AlertIcon,
  ArrowLeftIcon,
  ArrowRightIcon,
  CheckIcon,
  CloseIcon,
  InfoIcon,
  LogoMark,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  ShieldIcon,
  UserIcon,
} from './Icons.tsx';
export type { IconProps } from './Icons.tsx';
export { Cluster, Container, Grid, Section, Split, Stack, VisuallyHidden } from './Layout.tsx';
export type { ClusterProps, ContainerProps, GridProps, SectionProps, Space, SplitProps, StackProps } from './Layout.tsx';
export { Hero } from './Hero.tsx';
export type { HeroProps } from './Hero.tsx';
export { PlanCard } from './PlanCard.tsx';
export type { PlanCardProps } from './PlanCard.tsx';
export { ButtonLink, Link } from './Link.tsx';
export type { ButtonLinkProps, LinkProps } from './Link.tsx';
export { PageHeader } from './PageHeader.tsx';
export type { PageHeaderProps } from './PageHeader.tsx';
export { ProgressBar } from './ProgressBar.tsx';
export type { ProgressBarProps } from './ProgressBar.tsx';
export { LoadingState, Spinner } from './Spinner.tsx';
export type { LoadingStateProps, SpinnerProps } from './Spinner.tsx';
export { ToastHost } from './ToastHost.tsx';
export {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_DISMISS_EVENT,
  TOAST_EVENT,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
  isToastMessage,
  toast,
} from './toast.ts';
export type { ToastHandle, ToastMessage, ToastOptions, ToastVariant } from './toast.ts';
export { formatPhone, formatPhoneInput, formatZip, telHref } from './format.ts';
export { navigate, normalizePath, safeReturnPath, useLocation, withReturn } from './navigation.ts';
export type { PortalLocation } from './navigation.ts';
export {
  MINIMUM_ENROLLMENT_AGE,
  PRACTICE_CONTACT_EMAIL,
  PRACTICE_LOCATIONS,
  PRACTICE_NAME,
  PRACTICE_TAGLINE,
  TIERS,
  TIER_CODES,
  formatDollars,
} from './reference-data.ts';
export type { PracticeLocation, Tier, TierCode } from './reference-data.ts';
export { cx } from './cx.ts';
export type { PortalCustomProps } from './portal-props.ts';
