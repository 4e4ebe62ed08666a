/** The verified guest of a request: core's GuestVerification reading the X-Verification-Token header. */
import type { Context } from 'koa';
import type { GuestIdentity, GuestVerification } from '@portal/core';
import { HttpError } from './errors.ts';

export const guestOf = (ctx: Context, guests: GuestVerification, now: Date): Promise<GuestIdentity | null> => guests.identify(ctx.get('X-Verification-Token'), now);

/** The verified guest, or the 401 the client maps to 'Verification Expired'. */
export const requireGuest = async (ctx: Context, guests: GuestVerification, now: Date): Promise<GuestIdentity> => {
  const guest = await guestOf(ctx, guests, now);
  if (!guest) throw new HttpError(401, { error: 'Verification Expired', message: 'Both email and phone verification are required. Please complete both steps.' });
  return guest;
};
