/** The bot check (Cloudflare Turnstile): is this single-use token a human's? */
export interface HumanCheck {
  readonly enabled: boolean;
  /** True only when the service confirms the token now; a token is good for one call. */
  verify(token: string, remoteIp: string | null): Promise<boolean>;
}
