/** Staff sign-in (booking-dashboard-staff §7): /api/staff/send-otp, verify-otp, verify-session, logout. */
import Router from '@koa/router';
import type { Context } from 'koa';
import { ATTEMPT_LIMITS as LIMITS, type HumanCheck } from '@portal/core';
import { StaffSendOtpRequest, StaffVerifyOtpRequest, StaffVerifySessionRequest } from '@portal/contracts';
import type { RequestAudit } from './audit.ts';
import { ensureDevice } from './device.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { SECURITY_CHECK_REQUIRED } from './verification.router.ts';
import type { RateLimits } from '../verification/rate-limits.ts';
import type { StaffAuth } from '../verification/staff-auth.ts';

export const STAFF_CODE_SENT = 'If this address belongs to practice staff, a sign-in code has been sent to it.';

/** The signed-in staff member, or 401. */
export const requireStaff = async (ctx: Context, staff: StaffAuth, now: Date): Promise<{ email: string; expiresAt: Date }> => {
  const session = await staff.session(ctx.get('Authorization'), now);
  if (!session) throw new HttpError(401, { error: 'Session expired', message: 'Please sign in again.' });
  ctx.state.staffEmail = session.email;
  return session;
};

export interface StaffRouterDeps {
  readonly staff: StaffAuth;
  readonly limits: RateLimits;
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
  const { staff, limits, audit, humanCheck, keys, https, now } = deps;
  const router = new Router();

  router.post('/api/staff/send-otp', async (ctx) => {
    const body = decodeOrThrow(StaffSendOtpRequest, ctx.request.body);
    const email = body.email;
    if (humanCheck.enabled && !(await humanCheck.verify(String(body['cf-turnstile-response'] ?? ''), ctx.ip))) {
      throw new HttpError(403, { error: SECURITY_CHECK_REQUIRED });
    }
    const device = ensureDevice(ctx, https);
    await limits.consume(ctx.ip, LIMITS.staffSendPerIp);
    await limits.consume(keys.device(device), LIMITS.staffSendPerDevice);
    await limits.consume(keys.addressOnDevice(email, device), LIMITS.staffSendPerAddress);
    await limits.consume(keys.address(email), LIMITS.staffSendPerAddressAllDevices);
    const sessionToken = await staff.sendCode(email, now());
    ctx.body = { sessionToken, message: STAFF_CODE_SENT };
  });

  router.post('/api/staff/verify-otp', async (ctx) => {
    const { sessionToken, otpCode } = decodeOrThrow(StaffVerifyOtpRequest, ctx.request.body);
    await limits.consume(ctx.ip, LIMITS.staffVerifyPerIp);
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
    await staff.end(ctx.get('Authorization'));
    ctx.body = { success: true };
  });

  return router;
};
