/**
 * The browser that asked for a code (issue 10, finding 4). A random id in an HttpOnly,
 * SameSite=Strict cookie, set by the first send-otp; codes and the limits that protect a person
 * are counted per address AND device, so a stranger's sends and wrong guesses spend the
 * stranger's own allowance, never the person's. Only its HMAC is stored.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export const deviceCookieName = (https: boolean): string => (https ? '__Host-portal_device' : 'portal_device');

const SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The request's device id, or null when it sent none (or a malformed one). */
export const readDevice = (ctx: Context, https: boolean): string | null => {
  const value = ctx.cookies.get(deviceCookieName(https)) ?? '';
  return SHAPE.test(value) ? value : null;
};

/** The request's device id, giving the browser a new one when it has none. */
export const ensureDevice = (ctx: Context, https: boolean): string => {
  const existing = readDevice(ctx, https);
  if (existing) return existing;
  const fresh = randomBytes(32).toString('base64url');
  ctx.cookies.set(deviceCookieName(https), fresh, { httpOnly: true, sameSite: 'strict', secure: https, path: '/', maxAge: YEAR_MS, overwrite: true });
  return fresh;
};
