import { describe, expect, it } from '@jest/globals';
import { normalizePath, safeReturnPath, withReturn } from './navigation.ts';

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
