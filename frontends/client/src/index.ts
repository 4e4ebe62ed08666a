/**
 * @portal/client: the portal's shared session and data client. The API client and its errors, the
 * session and sign-in hooks, browser storage, the query client, reference data, navigation, the
 * toast events (the shell's ToastHost, in @portal/ui, shows them) and the codecs loaded at start and
 * later; by path, the manifest's shape (remote-manifest.ts) and what remotes agree on
 * (appointments-contract.ts). No components: the design system (@portal/ui) imports this package,
 * never the other way round (client-not-on-ui, .dependency-cruiser.cjs).
 */
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
  storedVerificationToken,
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
export type { PortalCustomProps } from './portal-props.ts';
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
export { openBillingPortal } from './billing-portal.ts';
export { loadProviderScript } from './provider-script.ts';
export type { ProviderScript } from './provider-script.ts';
