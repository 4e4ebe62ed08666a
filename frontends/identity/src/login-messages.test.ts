import { describe, expect, it } from '@jest/globals';
import { LOGGED_OUT, LOGIN_FAILED, SESSION_EXPIRED, loginNotice } from './login-messages.ts';

describe('loginNotice', () => {
  it('maps the query parameters to the spec texts', () => {
    expect(loginNotice(new URLSearchParams('auth=error'))?.text).toBe(LOGIN_FAILED);
    expect(loginNotice(new URLSearchParams('logout=expired'))?.text).toBe(SESSION_EXPIRED);
    expect(loginNotice(new URLSearchParams('logout=success'))?.text).toBe(LOGGED_OUT);
  });
  it('shows nothing otherwise', () => {
    expect(loginNotice(new URLSearchParams('auth=success'))).toBeNull();
    expect(loginNotice(new URLSearchParams(''))).toBeNull();
  });
});
