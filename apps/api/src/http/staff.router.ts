/** Staff sign-in (booking-dashboard-staff §7): /api/staff/send-otp, verify-otp, verify-session, logout. */
import Router from '@koa/router';
import type { Context } from 'koa';
import { ATTEMPT_LIMITS as LIMITS, type AttemptLimiter, type HumanCheck, type StaffMember, type StaffSignIn } from '@portal/core';
import type { Logger } from '@portal/composition';
import { StaffSendOtpRequest, StaffVerifyOtpRequest, StaffVerifySessionRequest } from '@portal/contracts';
import type { RequestAudit } from './audit.ts';
import { ensureDevice } from './device.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { SECURITY_CHECK_REQUIRED } from './verification.router.ts';
import { consumeAttempts } from './limits.ts';

export const STAFF_CODE_SENT = 'If this address belongs to practice staff, a sign-in code has been sent to it.';

/** The bearer token of an `Authorization: Bearer <token>` header, if it has a token's shape. */
export const bearerToken = (ctx: Context): string | null => /^Bearer ([\w-]{20,200})$/.exec(ctx.get('Authorization'))?.[1] ?? null;

/** The signed-in staff member, or 401. */
export const requireStaff = async (ctx: Context, staff: StaffSignIn, now: Date): Promise<StaffMember> => {
  // Read once per request: the caller gate (route-access.ts) and the route ask alike.
  const known = ctx.state.staffMember as StaffMember | undefined;
  if (known) return known;
  const token = bearerToken(ctx);
  const session = token === null ? null : await staff.session(token, now);
  if (!session) throw new HttpError(401, { error: 'Session expired', message: 'Please sign in again.' });
  ctx.state.staffEmail = session.email;
  ctx.state.staffMember = session;
  return session;
};

export interface StaffRouterDeps {
  readonly staff: StaffSignIn;
  readonly limits: AttemptLimiter;
  readonly logger: Logger;
  readonly audit: RequestAudit;
  readonly humanCheck: HumanCheck;
  /** Opaque keys for attempt limits: an address, an address on a device, a device. */
  readonly keys: { address(email: string): string; addressOnDevice(email: string, device: string): string; device(device: string): string };
  readonly https: boolean;
  readonly now: () => Date;
}

/**
 * send-otp: the human check first, then the caller's own limits (IP, device), then the address
 * on that device, then a cap over all devices; each send opens its own session, so a stranger's
 * sends never replace or lock a staff member's code.
 */
export const staffRouter = (deps: StaffRouterDeps): Router => {
  const { staff, limits, logger, audit, humanCheck, keys, https, now } = deps;
  const router = new Router();

  router.post('/api/staff/send-otp', async (ctx) => {
    const body = decodeOrThrow(StaffSendOtpRequest, ctx.request.body);
    const email = body.email;
    if (humanCheck.enabled && !(await humanCheck.verify(String(body['cf-turnstile-response'] ?? ''), ctx.ip))) {
      throw new HttpError(403, { error: SECURITY_CHECK_REQUIRED });
    }
    const device = ensureDevice(ctx, https);
    await consumeAttempts(limits, ctx.ip, LIMITS.staffSendPerIp);
    await consumeAttempts(limits, keys.device(device), LIMITS.staffSendPerDevice);
    await consumeAttempts(limits, keys.addressOnDevice(email, device), LIMITS.staffSendPerAddress);
    await consumeAttempts(limits, keys.address(email), LIMITS.staffSendPerAddressAllDevices);
    const { sessionToken, delivery } = await staff.sendCode(email, now());
    // The answer does not wait for the mail (its timing would tell who is staff); a failure is only logged.
    delivery.catch((error: unknown) => logger.error({ err: error }, 'staff code email not sent'));
    ctx.body = { sessionToken, message: STAFF_CODE_SENT };
  });

  router.post('/api/staff/verify-otp', async (ctx) => {
    const { sessionToken, otpCode } = decodeOrThrow(StaffVerifyOtpRequest, ctx.request.body);
    await consumeAttempts(limits, ctx.ip, LIMITS.staffVerifyPerIp);
    const signedIn = await staff.verifyCode(sessionToken, otpCode, now());
    if (!signedIn) {
      await audit(ctx, { eventType: 'staff_auth', action: 'sign_in_failed', hipaaRelevant: false, severity: 'warning' });
      throw new HttpError(401, { error: 'Invalid verification code' });
    }
    ctx.state.staffEmail = signedIn.email;
    await audit(ctx, { eventType: 'staff_auth', action: 'sign_in', userId: signedIn.email, hipaaRelevant: false });
    ctx.body = { email: signedIn.email, expiresAt: signedIn.expiresAt.toISOString() };
  });

  router.post('/api/staff/verify-session', async (ctx) => {
    const { email } = decodeOrThrow(StaffVerifySessionRequest, ctx.request.body);
    const session = await requireStaff(ctx, staff, now());
    if (session.email !== email) throw new HttpError(401, { error: 'Session expired', message: 'Please sign in again.' });
    ctx.body = { valid: true, email: session.email, expiresAt: session.expiresAt.toISOString() };
  });

  router.post('/api/staff/logout', async (ctx) => {
    const token = bearerToken(ctx);
    if (token !== null) await staff.end(token, now());
    ctx.body = { success: true };
  });

  return router;
};
