/**
 * Guest verification (enrollment-and-payment §7): /api/verify-email/send-otp, verify-otp,
 * check-session, and ours: /api/verify-phone (issues the signed guest token) and
 * /api/guest/session. Limits are core's ATTEMPT_LIMITS (PostgreSQL-backed, shared by all
 * instances), counted caller first: the IP, the device (a cookie), then the address on that
 * device; a code is filed under address and device, so a stranger can neither try nor replace
 * someone else's code, and the resend lock (2 minutes) is per address and device too.
 */
import Router from '@koa/router';
import { ATTEMPT_LIMITS as LIMITS, PhoneAuthError, RESEND_AFTER_MS, verificationCodeEmail, type AttemptLimiter, type EmailCodes, type GuestVerification, type HumanCheck, type Mailer } from '@portal/core';
import { CheckEmailSessionRequest, SendEmailOtpRequest, VerifyEmailOtpRequest, VerifyPhoneRequest } from '@portal/contracts';
import type { Logger } from '@portal/composition';
import type { RequestAudit } from './audit.ts';
import { HttpError, decodeOrThrow } from './errors.ts';
import { requireGuest } from './guest.ts';
import { consumeAttempts, tooMany } from './limits.ts';
import { ensureDevice, readDevice } from './device.ts';

export const SECURITY_CHECK_REQUIRED = 'Please complete security verification to continue';

export const verificationRouter = (deps: {
  codes: EmailCodes;
  limits: AttemptLimiter;
  mailer: Mailer;
  humanCheck: HumanCheck;
  guests: GuestVerification;
  audit: RequestAudit;
  logger: Logger;
  https: boolean;
  now: () => Date;
}): Router => {
  const { codes, limits, mailer, humanCheck, guests, audit, logger, https, now } = deps;
  const router = new Router();

  router.post('/api/verify-email/send-otp', async (ctx) => {
    const body = decodeOrThrow(SendEmailOtpRequest, ctx.request.body);
    const email = body.email.toLowerCase();
    if (humanCheck.enabled && !(await humanCheck.verify(String(body['cf-turnstile-response'] ?? ''), ctx.ip))) {
      throw new HttpError(403, { error: SECURITY_CHECK_REQUIRED });
    }
    const at = now();
    const device = ensureDevice(ctx, https);
    await consumeAttempts(limits, ctx.ip, LIMITS.emailSendPerIp);
    await consumeAttempts(limits, codes.deviceKey(device), LIMITS.emailSendPerDevice);
    const wait = await codes.resendWaitSeconds('guest_email', email, device, at);
    if (wait > 0) throw tooMany(wait);
    await consumeAttempts(limits, codes.deviceSubjectHash('guest_email', email, device), LIMITS.emailSendPerAddress);
    await consumeAttempts(limits, codes.subjectHash('guest_email', email), LIMITS.emailSendPerAddressAllDevices);
    const { code, expiresAt, resendAvailableAt } = await codes.issue('guest_email', email, device, at);
    try {
      // In the request's language (core's verificationCodeEmail; English word for word as before).
      await mailer.send({ to: email, ...verificationCodeEmail(code, ctx.state.locale) });
    } catch (error) {
      logger.error({ err: error }, 'verification email not sent');
      // A code nobody received must not hold the address for two minutes (resend wait): take it back.
      await codes.withdraw('guest_email', email, device, code).catch((withdrawError: unknown) => logger.warn({ err: withdrawError }, 'unsent verification code not withdrawn'));
      throw new HttpError(502, { error: 'Failed to send verification code' });
    }
    await audit(ctx, { eventType: 'verification', action: 'email_code_sent', hipaaRelevant: false });
    ctx.body = { testMode: false, message: 'Verification code sent', expiresAt: expiresAt.toISOString(), resendAvailableAt: resendAvailableAt.toISOString() };
  });

  router.post('/api/verify-email/verify-otp', async (ctx) => {
    const body = decodeOrThrow(VerifyEmailOtpRequest, ctx.request.body);
    const email = body.email.toLowerCase();
    await consumeAttempts(limits, ctx.ip, LIMITS.emailVerifyPerIp);
    // No device cookie: no code can be filed under it, so nothing of anyone's is tried or spent.
    const device = readDevice(ctx, https);
    if (device === null) throw new HttpError(400, { error: 'No verification in progress. Please request a new code.' });
    await consumeAttempts(limits, codes.deviceKey(device), LIMITS.emailVerifyPerDevice);
    await consumeAttempts(limits, codes.deviceSubjectHash('guest_email', email, device), LIMITS.emailVerifyPerAddress);
    const at = now();
    const { result, attemptsRemaining } = await codes.check('guest_email', email, device, body.code, at);
    await audit(ctx, { eventType: 'verification', action: `email_code_${result}`, hipaaRelevant: false, severity: result === 'ok' ? 'info' : 'warning' });
    if (result === 'expired') throw new HttpError(410, { error: 'Verification code has expired. Please request a new one' });
    if (result === 'exhausted') throw tooMany(Math.ceil(RESEND_AFTER_MS / 1000));
    if (result === 'none') throw new HttpError(400, { error: 'No verification in progress. Please request a new code.' });
    if (result === 'wrong') throw new HttpError(400, { error: 'Invalid verification code. Please try again.', attemptsRemaining });
    const session = await guests.emailSession(email, at);
    ctx.body = { sessionToken: session.sessionToken, expiresAt: session.expiresAt.toISOString() };
  });

  router.post('/api/verify-email/check-session', async (ctx) => {
    const body = decodeOrThrow(CheckEmailSessionRequest, ctx.request.body);
    const session = await guests.readEmailSession(ctx.get('X-Email-Session'), now());
    ctx.body = { verified: session !== null && session.email === body.email.toLowerCase() };
  });

  router.post('/api/verify-phone', async (ctx) => {
    const body = decodeOrThrow(VerifyPhoneRequest, ctx.request.body);
    await consumeAttempts(limits, ctx.ip, LIMITS.phoneVerifyPerIp);
    const at = now();
    const emailSession = await guests.readEmailSession(body.emailSessionToken, at);
    if (!emailSession) throw new HttpError(401, { error: 'Session Expired', message: 'Your email verification has expired. Please verify your email again.' });
    try {
      const { token, guest } = await guests.issueGuestToken(emailSession.email, body.phone, body.firebaseIdToken, at);
      await audit(ctx, { eventType: 'verification', action: 'guest_verified', hipaaRelevant: false });
      ctx.body = { verificationToken: token, expiresAt: guest.expiresAt.toISOString(), email: guest.email, phone: guest.phone };
    } catch (error) {
      if (!(error instanceof PhoneAuthError)) throw error;
      await audit(ctx, { eventType: 'verification', action: 'phone_refused', hipaaRelevant: false, severity: 'warning' });
      throw new HttpError(401, { error: 'Phone verification failed', message: 'Phone verification failed. Please try again' });
    }
  });

  router.get('/api/guest/session', async (ctx) => {
    const guest = await requireGuest(ctx, guests, now());
    ctx.body = { verified: true, email: guest.email, phone: guest.phone, expiresAt: guest.expiresAt.toISOString() };
  });

  return router;
};
