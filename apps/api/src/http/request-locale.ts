/**
 * The request's language (issue 26, decision 0057): the `portal_lang` cookie the shell writes when
 * the patient chooses, else the browser's Accept-Language, else English (core's requestLocale).
 * Set early (right after the request context), so the page the API draws, the emails a request
 * sends and what a booking remembers all read the same `ctx.state.locale`.
 */
import type { Context, Next } from 'koa';
import { requestLocale, type Locale } from '@portal/core';

declare module 'koa' {
  interface DefaultState {
    /** The request's language: set by `requestLocaleMiddleware` for every request. */
    locale: Locale;
  }
}

/** The request's language, from its Cookie and Accept-Language headers. */
export const localeOfRequest = (ctx: Pick<Context, 'get'>): Locale => requestLocale(ctx.get('Cookie') || null, ctx.get('Accept-Language') || null);

export const requestLocaleMiddleware = async (ctx: Context, next: Next): Promise<void> => {
  ctx.state.locale = localeOfRequest(ctx);
  await next();
};
