import { describe, expect, it } from '@jest/globals';
import { LOGGED_OUT, LOGIN_FAILED, SESSION_EXPIRED, loginNotice } from './login-messages.ts';

describe('loginNotice', () => {
  it('maps the query parameters to the spec texts', () => {
    expect(loginNotice(new URLSearchParams('auth=error'))?.text).toBe(LOGIN_FAILED);
    expect(loginNotice(new URLSearchParams('auth=error'))?.variant).toBe('destructive');
    expect(loginNotice(new URLSearchParams('logout=expired'))?.text).toBe(SESSION_EXPIRED);
    expect(loginNotice(new URLSearchParams('logout=success'))?.text).toBe(LOGGED_OUT);
  });

  it('adds the message parameter as details', () => {
    expect(loginNotice(new URLSearchParams('auth=error&message=Access%20denied'))).toEqual({
      variant: 'destructive',
      text: LOGIN_FAILED,
      detail: 'Access denied',
    });
    expect(loginNotice(new URLSearchParams('message=Please%20sign%20in'))).toEqual({ variant: 'info', text: 'Please sign in', detail: null });
  });

  it('shortens a long message', () => {
    const detail = loginNotice(new URLSearchParams({ auth: 'error', message: 'x'.repeat(500) }))?.detail ?? '';
    expect(detail.length).toBe(200);
  });

  it('shows nothing otherwise', () => {
    expect(loginNotice(new URLSearchParams('auth=success'))).toBeNull();
    expect(loginNotice(new URLSearchParams('auth=success&message=Welcome'))).toBeNull();
    expect(loginNotice(new URLSearchParams(''))).toBeNull();
  });
});
