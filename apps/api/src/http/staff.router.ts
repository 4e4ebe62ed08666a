/** Staff sign-in (booking-dashboard-staff §7): /api/staff/send-otp, verify-otp, verify-session, logout. */
import Router from '@koa/router';
import type { Context } from 'koa';
import { StaffSendOtpRequest, StaffVerifyOtpRequest, StaffVerifySessionRequest } from '@portal/contracts';
import type { RequestAudit } from './audit.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import type { RateLimits } from '../verification/rate-limits.ts';
import type { StaffAuth } from '../verification/staff-auth.ts';

const LIMITS = {
  sendPerAddress: { name: 'staff_send_addr', points: 5, durationSeconds: 3600 },
  sendPerIp: { name: 'staff_send_ip', points: 20, durationSeconds: 3600 },
  verifyPerIp: { name: 'staff_verify_ip', points: 30, durationSeconds: 900 },
} as const;

export const STAFF_CODE_SENT = 'If this address belongs to practice staff, a sign-in code has been sent to it.';

/** The signed-in staff member, or 401. */
export const requireStaff = async (ctx: Context, staff: StaffAuth, now: Date): Promise<{ email: string; expiresAt: Date }> => {
  const session = await staff.session(ctx.get('Authorization'), now);
  if (!session) throw new HttpError(401, { error: 'Session expired', message: 'Please sign in again.' });
  ctx.state.staffEmail = session.email;
  return session;
};

export const staffRouter = (deps: { staff: StaffAuth; limits: RateLimits; audit: RequestAudit; hashAddress: (email: string) => string; now: () => Date }): Router => {
  const { staff, limits, audit, hashAddress, now } = deps;
  const router = new Router();

  router.post('/api/staff/send-otp', async (ctx) => {
    const { email } = decodeOrThrow(StaffSendOtpRequest, ctx.request.body);
    await limits.consume(hashAddress(email), LIMITS.sendPerAddress);
    await limits.consume(ctx.ip, LIMITS.sendPerIp);
    const sessionToken = await staff.sendCode(email, now());
    ctx.body = { sessionToken, message: STAFF_CODE_SENT };
  });

  router.post('/api/staff/verify-otp', async (ctx) => {
    const { sessionToken, otpCode } = decodeOrThrow(StaffVerifyOtpRequest, ctx.request.body);
    await limits.consume(ctx.ip, LIMITS.verifyPerIp);
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
