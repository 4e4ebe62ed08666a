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
export { Menu, MenuGroup, MenuItem, MenuSeparator } from './Menu.tsx';
export type { MenuGroupProps, MenuItemProps, MenuProps } from './Menu.tsx';
export type { IconProps } from './Icons.tsx';
export { Cluster, Container, Grid, Section, Split, Stack, VisuallyHidden } from './Layout.tsx';
export type { ClusterProps, ContainerProps, GridProps, SectionProps, Space, SplitProps, StackProps } from './Layout.tsx';
export { Hero } from './Hero.tsx';
export { SecurityCheck, useKeptPress, useSecurityCheck } from './SecurityCheck.tsx';
export type { KeptPress, SecurityCheckOptions, SecurityCheckProps, SecurityCheckState, SecurityCheckStatus } from './SecurityCheck.tsx';
export {
  SECURITY_CHECK_WAITING,
  TURNSTILE_ERROR_RESET_MS,
  TURNSTILE_EXPIRED_RESET_MS,
  TURNSTILE_RESPONSE_FIELD,
  TURNSTILE_TOKEN_KEY,
  TURNSTILE_TOKEN_MAX_AGE_MS,
  clearStoredTurnstileToken,
  loadTurnstile,
  readStoredTurnstileToken,
  storeTurnstileToken,
} from './turnstile.ts';
export type { KeptPressReadiness, TurnstileApi, TurnstileRenderOptions } from './turnstile.ts';
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
export { formatPhone, formatPhoneInput, formatTime12h, formatUsDate, formatZip, telHref } from './format.ts';
export { navigate, normalizePath, safeReturnPath, useLocation, withReturn } from './navigation.ts';
export type { PortalLocation } from './navigation.ts';
export {
  MINIMUM_ENROLLMENT_AGE,
  PRACTICE_LOCATIONS,
  PRACTICE_NAME,
  PRACTICE_TAGLINE,
  TIERS,
  TIER_CODES,
  formatDollars,
} from './reference-data.ts';
export type { PracticeLocation, Tier, TierCode } from './reference-data.ts';
export {
  ApiContractError,
  ApiError,
  CLIENT_ERRORS_PATH,
  DUAL_VERIFICATION_TOKEN_KEY,
  SESSION_EXPIRED_ERROR,
  SESSION_EXPIRED_FALLBACK_REDIRECT,
  VERIFICATION_TOKEN_HEADER,
  VERIFIED_TOKEN_PREFIX,
  api,
  apiErrorMessage,
  createApiClient,
  defaultQueryFn,
  mismatchedFields,
  reportedPath,
  queryKeyPath,
  requestHeaders,
  sessionExpiredBody,
  sessionExpiredRedirect,
  verificationTokenFrom,
} from './api.ts';
export type { ApiClient, ApiClientOptions, Decode, HttpMethod, RequestOptions, SessionExpiredBody } from './api.ts';
export { apiErrorBody, apiErrorField } from './api-errors.ts';
export {
  GUEST_BADGE,
  GUEST_SESSION_MS,
  GUEST_SESSION_POLL_MS,
  PROVIDER_BADGE,
  SESSION_MIN_CHECK_GAP_MS,
  SESSION_POLL_MS,
  authStateFrom,
  badgeOf,
  displayNameOf,
  guestIdentityFrom,
  initialsOf,
  parseTimestamp,
  providerSignInUrl,
  sessionPollInterval,
} from './auth-state.ts';
export type { AuthState, GuestIdentity, SignInWorkflow } from './auth-state.ts';
export {
  AUTH_STATUS_QUERY_KEY,
  CONFIG_QUERY_KEY,
  CUSTOMER_CHECK_QUERY_KEY,
  DASHBOARD_PATH,
  GUEST_IDENTITY_EVENT,
  SESSION_QUERY_KEY,
  fetchAuthStatus,
  fetchSession,
  getAuthStatus,
  getSession,
  listenForSessionCleanup,
  readGuestIdentity,
  useAuthState,
  useGuestIdentity,
  useSessionQuery,
} from './session.ts';
// The guest's token, checked by the server once per verification (the shell loads it only while a guest is stored).
export {
  GUEST_SESSION_QUERY_KEY,
  VERIFICATION_EXPIRED_TITLE,
  clearGuestIdentity,
  getGuestSession,
  useGuestSessionCheck,
} from './guest-session-check.ts';
// Provider sign-in, Switch Account and logout: only the screens that offer them load that code (decision 0034).
export {
  LOGOUT_CONFIRMATION_PATH,
  OAUTH_NOT_CONFIGURED,
  SIGN_IN_UNAVAILABLE,
  getAuthConfig,
  logout,
  postLogout,
  startProviderSignIn,
  useLogout,
  useProviderSignIn,
} from './sign-in-out.ts';
export type { AuthStateResult, UseSessionOptions } from './session.ts';
export {
  EXTENSION_ERROR,
  EXTENSION_FAILED,
  SESSION_EXPIRED_TEXT,
  SESSION_EXPIRED_TITLE,
  SESSION_EXPIRING_TITLE,
  SESSION_WARNING_MS,
  formatCountdown,
  sessionExpiryState,
  spokenCountdown,
} from './session-expiry.ts';
export type { SessionExpiryState } from './session-expiry.ts';
export {
  GUEST_IDENTITY_KEYS,
  LAST_KNOWN_PATIENT_ID_KEY,
  PATIENT_DATA_KEY_PARTS,
  PATIENT_SWITCHED_EVENT,
  PORTAL_KEY_PREFIX,
  PORTAL_STORAGE_KEYS,
  SESSION_CLEANUP_EVENT,
  browserStores,
  isPatientDataKey,
  isPatientSwitch,
  isPortalStorageKey,
  memoryStorage,
  readStorage,
  removeStorageKeys,
  runClientCleanup,
  storageKeys,
  trackPatient,
} from './storage.ts';
export type { CleanupReason, PatientSwitchedDetail, SessionCleanupDetail, StorageLike } from './storage.ts';
export { createPortalQueryClient, resetQueryCache } from './query-client.ts';
export { usePrefersReducedMotion } from './use-reduced-motion.ts';
export { cx } from './cx.ts';
export type { PortalCustomProps } from './portal-props.ts';
export { AppError } from './AppError.tsx';
export {
  MEMBERSHIP_BADGE_ACTIVE,
  MEMBERSHIP_BADGE_CHECKING,
  MEMBERSHIP_BADGE_NONE,
  SUBSCRIPTION_STATUS_QUERY_KEY,
  SUBSCRIPTION_STATUS_REFRESH_PATH,
  allSubscriptions,
  isMembershipActive,
  membershipBadge,
  rereadMembershipAfterBilling,
  subscriptionDisplayStatus,
} from './membership.ts';
export type { MembershipBadgeTone, MembershipBadgeView } from './membership.ts';
export { MembershipBadge } from './MembershipBadge.tsx';
export { PRACTICE_QUERY_KEY, fetchPractice, usePractice } from './practice.ts';
export {
  ENROLL_IN_MEMBERSHIP_LABEL,
  MEMBERSHIP_REQUIRED_TITLE,
  NURSE_CELEBRATION_ICONS,
  NURSE_CELEBRATION_MS,
  NURSE_LINE_API_PATH,
  NURSE_LINE_GUEST_TEXT,
  NURSE_LINE_TITLE,
  REVEAL_NURSE_LINE_LABEL,
  fetchNurseLine,
} from './nurse-line.ts';
export { NurseLineDialog } from './NurseLineDialog.tsx';
export { openBillingPortal } from './billing-portal.ts';
export type { NurseLineDialogProps } from './NurseLineDialog.tsx';
export { loadProviderScript } from './provider-script.ts';
export type { ProviderScript } from './provider-script.ts';
