import { describe, expect, it } from '@jest/globals';
import { storable } from './audit.ts';

describe('storable (what an audit row may hold)', () => {
  it('replaces NUL and lone surrogate halves, keeps clean text and real pairs as they are', () => {
    expect(storable('a\u0000b')).toBe('a\ufffdb');
    expect(storable('x\ud800y')).toBe('x\ufffdy');
    expect(storable('x\udc00y')).toBe('x\ufffdy');
    expect(storable('emoji 😀 and text')).toBe('emoji 😀 and text');
    expect(storable('plain')).toBe('plain');
  });

  it('cleans keys and values inside objects and lists, dates and numbers untouched', () => {
    const at = new Date('2026-11-26T00:00:00Z');
    expect(storable({ 'k\u0000': ['v\u0000', 7], at, nested: { ok: 'fine' } })).toEqual({ 'k\ufffd': ['v\ufffd', 7], at, nested: { ok: 'fine' } });
  });

  it('gives the same answer on repeated calls (no state left between them)', () => {
    for (let i = 0; i < 3; i += 1) expect(storable('a\u0000')).toBe('a\ufffd');
  });
});
