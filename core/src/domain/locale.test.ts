import { describe, expect, it } from '@jest/globals';
import { localeFromCookieHeader, negotiateLocale, requestLocale } from './locale.ts';

describe('the language a request asks for', () => {
  it('follows Accept-Language by weight, English when nothing supported is asked', () => {
    expect(negotiateLocale('es-MX,es;q=0.9,en;q=0.8')).toBe('es-US');
    expect(negotiateLocale('en-US,en;q=0.9,es;q=0.8')).toBe('en-US');
    expect(negotiateLocale('fr-FR, es;q=0.5')).toBe('es-US');
    expect(negotiateLocale('fr-FR, de')).toBe('en-US');
    expect(negotiateLocale('en;q=0.2, es;q=0.7')).toBe('es-US');
    expect(negotiateLocale('es;q=0')).toBe('en-US');
    expect(negotiateLocale(undefined)).toBe('en-US');
    expect(negotiateLocale('\u0000;;;q=junk,'.repeat(5000))).toBe('en-US');
  });

  it('prefers the choice remembered in the cookie, and ignores a cookie that names no language of ours', () => {
    expect(localeFromCookieHeader('a=1; portal_lang=es-US; b=2')).toBe('es-US');
    expect(localeFromCookieHeader('portal_lang=fr-FR')).toBeNull();
    expect(requestLocale('portal_lang=en-US', 'es')).toBe('en-US');
    expect(requestLocale('portal_lang=<script>', 'es')).toBe('es-US');
    expect(requestLocale(undefined, undefined)).toBe('en-US');
  });
});
