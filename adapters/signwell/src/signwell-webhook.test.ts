import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { signwellEventHash, verifySignwellEvent } from './signwell-webhook.ts';

const HOOK_ID = '6f6c1c86-2f0c-4a3e-9b77-0c6b3f4b5a10';
const DOCUMENT_ID = 'c8a7f1a4-2c6e-4f3a-8d1e-5b9f0a7c3e21';

const event = (type: string, time: number | string, hash = signwellEventHash(type, time, HOOK_ID)) => ({
  event: { type, time, hash },
  data: { object: { id: DOCUMENT_ID, status: 'Completed' } },
});

describe('verifySignwellEvent', () => {
  it('accepts hex(HMAC-SHA256(webhook id, "type@time")), parsed or raw', () => {
    const hash = createHmac('sha256', HOOK_ID).update('document_completed@1767225600').digest('hex');
    const body = event('document_completed', 1767225600, hash);
    const expected = E.right({ type: 'document_completed', time: 1767225600, hash, documentId: DOCUMENT_ID });
    expect(verifySignwellEvent(body, HOOK_ID)).toEqual(expected);
    expect(verifySignwellEvent(JSON.stringify(body), HOOK_ID)).toEqual(expected);
    expect(verifySignwellEvent(Buffer.from(JSON.stringify(body)), HOOK_ID)).toEqual(expected);
  });

  it('signs the time as it was sent (a string time stays a string)', () => {
    expect(E.isRight(verifySignwellEvent(event('document_signed', '1767225600'), HOOK_ID))).toBe(true);
  });

  it('reads the document id from data.id too (the SDK example)', () => {
    const body = { event: event('document_declined', 1).event, data: { id: DOCUMENT_ID } };
    expect(verifySignwellEvent(body, HOOK_ID)).toEqual(E.right(expect.objectContaining({ documentId: DOCUMENT_ID })));
    expect(verifySignwellEvent({ event: body.event }, HOOK_ID)).toEqual(E.right(expect.objectContaining({ documentId: null })));
  });

  it('refuses another webhook id, a changed type or time, and an upper-case or short hash of the wrong value', () => {
    expect(verifySignwellEvent(event('document_completed', 100), 'another-hook')).toEqual(E.left('bad-hash'));
    const original = event('document_viewed', 100);
    expect(verifySignwellEvent({ ...original, event: { ...original.event, type: 'document_completed' } }, HOOK_ID)).toEqual(E.left('bad-hash'));
    expect(verifySignwellEvent({ ...original, event: { ...original.event, time: 101 } }, HOOK_ID)).toEqual(E.left('bad-hash'));
    expect(verifySignwellEvent({ ...original, event: { ...original.event, hash: original.event.hash.slice(2) } }, HOOK_ID)).toEqual(E.left('malformed'));
    expect(E.isRight(verifySignwellEvent({ ...original, event: { ...original.event, hash: original.event.hash.toUpperCase() } }, HOOK_ID))).toBe(true);
  });

  it('calls anything else malformed', () => {
    for (const body of [null, 'not json', '{}', { event: { type: 'x', time: 1 } }, { event: { type: '', time: 1, hash: 'a'.repeat(64) } }, { event: { type: 'x', time: 'soon', hash: 'a'.repeat(64) } }]) {
      expect(verifySignwellEvent(body, HOOK_ID)).toEqual(E.left('malformed'));
    }
    expect(() => verifySignwellEvent(event('x', 1), '')).toThrow('empty');
  });

  it('refuses an event outside the tolerance when one is given', () => {
    const now = () => new Date(1_000_000 * 1000);
    expect(E.isRight(verifySignwellEvent(event('document_completed', 1_000_000 - 299), HOOK_ID, { toleranceSeconds: 300, now }))).toBe(true);
    expect(verifySignwellEvent(event('document_completed', 1_000_000 - 301), HOOK_ID, { toleranceSeconds: 300, now })).toEqual(E.left('stale'));
  });
});
