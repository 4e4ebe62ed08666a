/**
 * How many attempts each guarded step allows, and for how long (issue 10). One table, so the
 * numbers are read in one place; the API counts them in PostgreSQL, shared by every instance.
 *
 * Order matters where a limit protects a person: the caller's own limits (IP, device, guest
 * token) are counted first, so a stranger spends their own allowance before anyone else's; a
 * person's allowance (an address, a chart) is counted only for attempts that could be theirs.
 */
export interface AttemptRule {
  /** The counter's name (also the key prefix in storage). */
  readonly name: string;
  readonly points: number;
  readonly durationSeconds: number;
}

const rule = (name: string, points: number, durationSeconds: number): AttemptRule => ({ name, points, durationSeconds });

const HOUR = 3600;
const QUARTER_HOUR = 900;

export const ATTEMPT_LIMITS = {
  /**
   * Guest email codes: sends, after the human check. Counted per IP, per device, then per address
   * on that device; the cap over all devices (a mail-bomb brake) is far above what one person needs.
   */
  emailSendPerIp: rule('otp_send_ip', 20, HOUR),
  emailSendPerDevice: rule('otp_send_device', 10, HOUR),
  emailSendPerAddress: rule('otp_send_addr_device', 5, HOUR),
  emailSendPerAddressAllDevices: rule('otp_send_addr', 30, HOUR),
  /** Guest email codes: checks. A code can be tried only from the device that asked for it. */
  emailVerifyPerIp: rule('otp_verify_ip', 50, QUARTER_HOUR),
  emailVerifyPerDevice: rule('otp_verify_device', 30, QUARTER_HOUR),
  emailVerifyPerAddress: rule('otp_verify_addr_device', 10, QUARTER_HOUR),
  phoneVerifyPerIp: rule('phone_verify_ip', 20, QUARTER_HOUR),
  /** Staff sign-in codes: the same order, behind the same human check. */
  staffSendPerIp: rule('staff_send_ip', 20, HOUR),
  staffSendPerDevice: rule('staff_send_device', 10, HOUR),
  staffSendPerAddress: rule('staff_send_addr_device', 5, HOUR),
  staffSendPerAddressAllDevices: rule('staff_send_addr', 30, HOUR),
  staffVerifyPerIp: rule('staff_verify_ip', 30, QUARTER_HOUR),
  /**
   * Guest patient matching (POST /api/enrollments): every attempt that asks the health record
   * counts against the guest token, the verified email and the IP; attempts on one chart (only
   * possible for someone whose verified contact is on it) count against that chart.
   */
  matchPerGuestToken: rule('match_token', 5, 1800),
  matchPerEmail: rule('match_email', 8, HOUR),
  matchPerIp: rule('match_ip', 30, HOUR),
  matchPerPatient: rule('match_patient', 5, HOUR),
  /** Frontends' reports of answers they could not decode (POST /api/client-errors): a log brake. */
  clientErrorReportsPerIp: rule('client_errors_ip', 30, QUARTER_HOUR),
} as const satisfies Record<string, AttemptRule>;
