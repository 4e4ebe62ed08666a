import { describe, expect, it } from '@jest/globals';
import type { ProviderCall } from '@portal/http-support';
import { TurnstileHumanCheck } from './index.ts';

const check = (fetch: typeof globalThis.fetch, heard: ProviderCall[]) =>
  new TurnstileHumanCheck({ enabled: true, verifyUrl: 'http://turnstile.test/siteverify', secret: 's', fetch, onCall: (call) => heard.push(call) });

describe('TurnstileHumanCheck: the call observer (metrics)', () => {
  it('hears each siteverify call with its status, or how it got no answer', async () => {
    const heard: ProviderCall[] = [];
    await expect(check(async () => Response.json({ success: true }), heard).verify('token', null)).resolves.toBe(true);
    await expect(check(async () => new Response('busy', { status: 503 }), heard).verify('token', null)).resolves.toBe(false);
    await expect(check(async () => Promise.reject(new TypeError('fetch failed')), heard).verify('token', null)).resolves.toBe(false);
    await expect(check(async () => Promise.reject(new DOMException('timed out', 'TimeoutError')), heard).verify('token', null)).resolves.toBe(false);
    expect(heard.map(({ status, failure }) => ({ status, failure }))).toEqual([
      { status: 200, failure: null },
      { status: 503, failure: null },
      { status: null, failure: 'network' },
      { status: null, failure: 'timeout' },
    ]);
    expect(heard.every((call) => call.provider === 'turnstile' && call.operation === 'POST /siteverify')).toBe(true);
  });
});
