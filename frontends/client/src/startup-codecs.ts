/**
 * The codecs of the answers the shell reads at start and while the page lives (the session, the
 * auth status, the guest check, the practice configuration, the shell's own calls), in a chunk of
 * their own: io-ts and fp-ts load with the first answer instead of with the shell's first load
 * (issue 15, docs/decisions/0034-bundle-splitting-and-first-paint.md). Each answer is still decoded
 * with the same @portal/contracts codec before anything uses it.
 */
export {
  AuthConfigResponse,
  AuthStatusResponse,
  CustomerCheckResponse,
  ExtendSessionResponse,
  GuestSessionResponse,
  LogoutResponse,
  PortalSessionResponse,
  PracticeResponse,
  SessionResponse,
} from '@portal/contracts';
