/** The verified guest of a request: core's GuestVerification reading the X-Verification-Token header. */
import type { Context } from 'koa';
import type { GuestIdentity, GuestVerification } from '@portal/core';
import { HttpError } from './errors.ts';

/** Read once per request (the caller gate and the route ask alike). */
export const guestOf = (ctx: Context, guests: GuestVerification, now: Date): Promise<GuestIdentity | null> => {
  const known = ctx.state.guestIdentity as Promise<GuestIdentity | null> | undefined;
  if (known) return known;
  const identity = guests.identify(ctx.get('X-Verification-Token'), now);
  ctx.state.guestIdentity = identity;
  return identity;
};

/** The 401 the client maps to 'Verification Expired'. */
export const VERIFICATION_EXPIRED = (): HttpError =>
  new HttpError(401, { error: 'Verification Expired', message: 'Both email and phone verification are required. Please complete both steps.' });

/** A guest's enrollment without a verified guest token. */
export const GUEST_ENROLLMENT_UNVERIFIED = (): HttpError =>
  new HttpError(401, { error: 'Authentication Error', message: 'Please verify both your email and phone number before enrolling.', redirect: '/guest-login' });

/** The verified guest, or the 401 the client maps to 'Verification Expired'. */
export const requireGuest = async (ctx: Context, guests: GuestVerification, now: Date): Promise<GuestIdentity> => {
  const guest = await guestOf(ctx, guests, now);
  if (!guest) throw VERIFICATION_EXPIRED();
  return guest;
};
