/**
 * The session cookie: an opaque 256-bit token, HttpOnly, SameSite=Lax, Path=/. On https it is
 * Secure with the `__Host-` prefix (no Domain, so no subdomain can set or read it); on
 * http://localhost browsers refuse both, so there it is a plain HttpOnly cookie.
 */
import type { Context } from 'koa';

export interface CookieNames {
  readonly session: string;
  /** Binds a pending sign-in to the browser that started it (login CSRF defence). */
  readonly signIn: string;
}

export const cookieNames = (https: boolean): CookieNames =>
  https ? { session: '__Host-portal_session', signIn: '__Host-portal_signin' } : { session: 'portal_session', signIn: 'portal_signin' };

export const setCookie = (ctx: Context, name: string, value: string, https: boolean, maxAgeMs: number): void => {
  ctx.cookies.set(name, value, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: maxAgeMs, overwrite: true });
};

export const clearCookie = (ctx: Context, name: string, https: boolean): void => {
  ctx.cookies.set(name, '', { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: 0, overwrite: true });
};
