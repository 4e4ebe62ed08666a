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
