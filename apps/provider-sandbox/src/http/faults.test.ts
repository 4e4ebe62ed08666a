import { describe, expect, it } from '@jest/globals';
import { createFaultRegistry } from './faults.ts';

describe('fault registry', () => {
  it('keeps one fault per route and normalises the method', () => {
    const faults = createFaultRegistry(10);
    faults.set({ route: 'get ^/a$', errorRate: 0.5 });
    faults.set({ route: 'get ^/a$', latencyMs: 20 });
    expect(faults.list()).toEqual([{ route: 'get ^/a$', latencyMs: 20, errorRate: 0, timeoutRate: 0 }]);
    faults.clear();
    expect(faults.list()).toEqual([]);
  });

  it('rejects rates outside 0..1 and bad routes', () => {
    const faults = createFaultRegistry(10);
    expect(() => faults.set({ route: 'GET /a', timeoutRate: -0.1 })).toThrow();
    expect(() => faults.set({ route: '/a' })).toThrow();
    expect(() => faults.set({ route: 'GET /a', latencyMs: 'slow' })).toThrow();
    expect(() => faults.set(null)).toThrow();
  });

  it('lists timeoutAfterWrite only when set, from JSON or form text', () => {
    const faults = createFaultRegistry(10);
    expect(faults.set({ route: 'POST ^/a$', timeoutRate: 1, timeoutAfterWrite: true })).toEqual({
      route: 'POST ^/a$',
      latencyMs: 0,
      errorRate: 0,
      timeoutRate: 1,
      timeoutAfterWrite: true,
    });
    expect(faults.set({ route: 'POST ^/b$', timeoutRate: 1, timeoutAfterWrite: 'false' })).toEqual({ route: 'POST ^/b$', latencyMs: 0, errorRate: 0, timeoutRate: 1 });
    expect(faults.set({ route: 'POST ^/c$', timeoutAfterWrite: 'true' })).toMatchObject({ timeoutAfterWrite: true });
    expect(() => faults.set({ route: 'POST ^/d$', timeoutAfterWrite: 1 })).toThrow();
  });
});

describe('provider faults and held answers (issue 16)', () => {
  it('maps {provider, mode} to the provider routes, and up removes them', () => {
    const faults = createFaultRegistry(10);
    expect(faults.set({ provider: 'stripe', mode: 'down' })).toMatchObject({ route: '* ^/v1/[a-z]', errorRate: 1, provider: 'stripe' });
    expect(faults.set({ provider: 'athena', mode: 'slow' })).toMatchObject({ latencyMs: 5_000, provider: 'athena' });
    faults.set({ provider: 'mail', mode: 'down' });
    expect(faults.mail()).toEqual({ down: true, latencyMs: 0 });
    faults.set({ provider: 'stripe', mode: 'up' });
    faults.set({ provider: 'mail', mode: 'up' });
    expect(faults.list().map((fault) => fault.provider)).toEqual(['athena']);
    expect(faults.mail()).toEqual({ down: false, latencyMs: 0 });
    expect(() => faults.set({ provider: 'fax', mode: 'down' })).toThrow();
    expect(() => faults.set({ provider: 'stripe', mode: 'sideways' })).toThrow();
  });

  it('runs the handler of a held request, then answers only when released', async () => {
    const faults = createFaultRegistry(10_000);
    faults.set({ route: 'POST ^/charge$', hold: true });
    let wrote = false;
    const ctx = { method: 'POST', path: '/charge', req: { socket: { remotePort: 40123 } } } as never;
    const done = faults.middleware()(ctx, async () => {
      wrote = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(wrote).toBe(true);
    expect(faults.held()).toMatchObject([{ method: 'POST', path: '/charge', remotePort: 40123 }]);
    expect(faults.release()).toBe(1);
    await done;
    expect(faults.held()).toEqual([]);
  });
});
