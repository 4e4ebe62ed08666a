import { describe, expect, it } from '@jest/globals';
import { NAVIGATION_KEY_FIELD, navigationKeyOf, navigationKind, normalizePath, safeReturnPath, stateWithNavigationKey, withReturn } from './navigation.ts';

describe('safeReturnPath', () => {
  it('accepts paths on this site', () => {
    expect(safeReturnPath('/enrollment')).toBe('/enrollment');
    expect(safeReturnPath('/appointments?verified=true')).toBe('/appointments?verified=true');
  });
  it('refuses other origins and empty values', () => {
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('//evil.example/')).toBeNull();
    expect(safeReturnPath('/\\evil.example/')).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('withReturn', () => {
  it('keeps a safe return path in the query', () => {
    expect(withReturn('/guest-login', '/enrollment')).toBe('/guest-login?return=%2Fenrollment');
  });
  it('drops an unsafe or missing one', () => {
    expect(withReturn('/login', 'https://evil.example')).toBe('/login');
    expect(withReturn('/login', null)).toBe('/login');
  });
});

describe('normalizePath', () => {
  it('removes trailing slashes but keeps the root', () => {
    expect(normalizePath('/login/')).toBe('/login');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('navigationKind', () => {
  const at = (href: string) => new URL(href, 'http://portal.test');
  it('is "again" to the address already shown: the screen starts again (a menu item on its own page)', () => {
    expect(navigationKind(at('/appointments'), at('/appointments'), false)).toBe('again');
    expect(navigationKind(at('/appointments/'), at('/appointments'), false)).toBe('again');
    expect(navigationKind(at('/dashboard?nurse=1'), at('/dashboard?nurse=1'), false)).toBe('again');
    expect(navigationKind(at('/appointments'), at('/appointments'), true)).toBe('again');
  });
  it('pushes (or replaces, when asked) another address, a different query included', () => {
    expect(navigationKind(at('/appointments/practice-location'), at('/appointments'), false)).toBe('push');
    expect(navigationKind(at('/appointments?reschedule=12'), at('/appointments'), false)).toBe('push');
    expect(navigationKind(at('/dashboard'), at('/login?return=%2Fdashboard'), true)).toBe('replace');
  });
  it('leaves an anchor on the same page to the browser', () => {
    expect(navigationKind(at('/enrollment'), at('/enrollment#payment'), false)).toBe('hash');
  });
});

describe('the navigation key in history.state', () => {
  it('is read from a portal entry, and is empty for any other', () => {
    expect(navigationKeyOf({ [NAVIGATION_KEY_FIELD]: 'k1' })).toBe('k1');
    expect(navigationKeyOf(null)).toBe('');
    expect(navigationKeyOf({ other: 1 })).toBe('');
    expect(navigationKeyOf({ [NAVIGATION_KEY_FIELD]: 3 })).toBe('');
  });
  it("is written beside the entry's other fields", () => {
    expect(stateWithNavigationKey({ other: 1, [NAVIGATION_KEY_FIELD]: 'old' }, 'new')).toEqual({ other: 1, [NAVIGATION_KEY_FIELD]: 'new' });
    expect(stateWithNavigationKey(null, 'k')).toEqual({ [NAVIGATION_KEY_FIELD]: 'k' });
  });
});
