import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { OAUTH_NOT_CONFIGURED, SIGN_IN_UNAVAILABLE, startProviderSignIn } from './sign-in-out.ts';

const globals = globalThis as Record<string, unknown>;
const saved = { fetch: globals.fetch, window: globals.window };
let assign: jest.Mock<(url: string) => void>;

/** The page's `api` answers /api/auth/config with `config`; anything else (the mismatch report) with 204. */
const answerConfig = (config: unknown): void => {
  globals.fetch = async (input: unknown) =>
    String(input) === '/api/auth/config'
      ? new Response(JSON.stringify(config), { status: 200, headers: { 'Content-Type': 'application/json' } })
      : new Response(null, { status: 204 });
};

beforeEach(() => {
  assign = jest.fn<(url: string) => void>();
  globals.window = { location: { origin: 'http://localhost:3000', assign } };
});
afterEach(() => {
  globals.fetch = saved.fetch;
  globals.window = saved.window;
});

describe('startProviderSignIn', () => {
  it("goes to our server's authorize endpoint with the workflow and the way back", async () => {
    answerConfig({ clientId: 'portal-client', redirectUri: 'http://localhost:3000/api/auth/callback', authorizeUrl: '/api/auth/athena' });
    await startProviderSignIn('switch', '/enrollment');
    expect(assign).toHaveBeenCalledWith('/api/auth/athena?workflow=switch&redirect=%2Fenrollment');
  });

  it('says sign-in is not configured when there is no client id', async () => {
    answerConfig({ clientId: ' ', redirectUri: '', authorizeUrl: '/api/auth/athena' });
    await expect(startProviderSignIn('dashboard', '/dashboard')).rejects.toThrow(OAUTH_NOT_CONFIGURED);
    expect(assign).not.toHaveBeenCalled();
  });

  it('gives the generic message, not the field names, for an answer in a shape the page does not know', async () => {
    answerConfig({ clientId: 'portal-client' });
    await expect(startProviderSignIn('dashboard', '/dashboard')).rejects.toThrow(new Error(SIGN_IN_UNAVAILABLE));
    expect(assign).not.toHaveBeenCalled();
  });
});
