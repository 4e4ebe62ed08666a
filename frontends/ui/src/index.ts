/**
 * @portal/ui: the portal's shared design system. Components are styled by styles.css, which the
 * shell loads once for every micro-frontend (`import '@portal/ui/styles.css'`).
 */
export { Accordion, AccordionSection } from './Accordion.tsx';
export type { AccordionProps, AccordionSectionProps } from './Accordion.tsx';
export { Alert } from './Alert.tsx';
export { RetryAlert } from './RetryAlert.tsx';
export type { RetryAlertProps } from './RetryAlert.tsx';
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
export { Checkbox, EmailField, ErrorText, Field, HelpText, Input, Label, Select } from './Field.tsx';
export type { CheckboxProps, FieldProps, InputProps, LabelProps, SelectProps } from './Field.tsx';
export {
  AlertIcon,
  ArrowLeftIcon,
  ArrowRightIcon,
  CalendarIcon,
  CheckIcon,
  ChevronDownIcon,
  ClipboardIcon,
  ClockIcon,
  CloseIcon,
  CreditCardIcon,
  ExternalLinkIcon,
  FileTextIcon,
  FlaskIcon,
  HeartIcon,
  InfoIcon,
  LogOutIcon,
  LogoMark,
  MailIcon,
  MapPinIcon,
  MessageIcon,
  PhoneIcon,
  ReceiptIcon,
  ShieldIcon,
  SparkleIcon,
  StethoscopeIcon,
  SwitchUserIcon,
  UserIcon,
  UsersIcon,
} from './Icons.tsx';
export { Menu, MenuChoice, MenuGroup, MenuItem, MenuSeparator } from './Menu.tsx';
export type { MenuChoiceProps, MenuGroupProps, MenuItemProps, MenuProps } from './Menu.tsx';
export type { IconProps } from './Icons.tsx';
export { Cluster, Container, Grid, Section, Split, Stack, VisuallyHidden } from './Layout.tsx';
export type { ClusterProps, ContainerProps, GridProps, SectionProps, Space, SplitProps, StackProps } from './Layout.tsx';
export { Hero } from './Hero.tsx';
export { SecurityCheck, useKeptPress, useSecurityCheck, useSecurityCheckWaitingText } from './SecurityCheck.tsx';
export type { KeptPress, SecurityCheckOptions, SecurityCheckProps, SecurityCheckState, SecurityCheckStatus } from './SecurityCheck.tsx';
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
export { formatPhone, formatPhoneInput, formatTime12h, formatUsDate, formatZip, telHref } from './format.ts';
export { usePrefersReducedMotion } from './use-reduced-motion.ts';
export { cx } from './cx.ts';
export { AppError } from './AppError.tsx';
export { MembershipBadge } from './MembershipBadge.tsx';
export { NurseLineDialog } from './NurseLineDialog.tsx';
export type { NurseLineDialogProps } from './NurseLineDialog.tsx';
