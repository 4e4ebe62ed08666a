/**
 * SignWell webhook events: `{event: {type, time, hash}, data: {...}}`, where
 * hash = hex(HMAC-SHA256(key = the webhook's id, `${type}@${time}`)). Only type and time are
 * signed, so treat a verified event as a hint and re-fetch the document before acting on it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { SignwellEventPayload } from './signwell.codecs.ts';

export interface VerifiedSignwellEvent {
  /** e.g. `document_completed`, `document_declined`, `document_viewed`. */
  readonly type: string;
  /** Unix seconds, as SignWell sent it. */
  readonly time: number;
  readonly hash: string;
  /** `data.object.id` (the sandbox, SignWell's docs) or `data.id` (SignWell's SDK example); null when neither is there. */
  readonly documentId: string | null;
}

/** malformed: not JSON or no event.type/time/hash; bad-hash: not signed with this webhook id; stale: outside the tolerance. */
export type SignwellEventRejection = 'malformed' | 'bad-hash' | 'stale';

export interface VerifyOptions {
  /** SignWell defines no window; give one to refuse replays of old events (needs a numeric time). */
  readonly toleranceSeconds?: number;
  readonly now?: () => Date;
}

/** hex(HMAC-SHA256(webhookId, `${type}@${time}`)). */
export function signwellEventHash(type: string, time: number | string, webhookId: string): string {
  return createHmac('sha256', webhookId).update(`${type}@${time}`, 'utf8').digest('hex');
}

/**
 * Checks a webhook delivery. `body` is the raw body (string or bytes) or the parsed JSON.
 * The comparison is constant-time.
 */
export function verifySignwellEvent(body: unknown, webhookId: string, options: VerifyOptions = {}): E.Either<SignwellEventRejection, VerifiedSignwellEvent> {
  if (webhookId === '') throw new TypeError('verifySignwellEvent: the webhook id is empty');
  const payload = parseBody(body);
  if (!SignwellEventPayload.is(payload)) return E.left('malformed');
  const { type, time, hash } = payload.event;
  const seconds = typeof time === 'number' ? time : /^\d{1,12}$/.test(time) ? Number(time) : Number.NaN;
  if (type === '' || !Number.isFinite(seconds) || !/^[0-9a-f]{64}$/i.test(hash)) return E.left('malformed');
  const expected = Buffer.from(signwellEventHash(type, time, webhookId), 'utf8');
  if (!timingSafeEqual(expected, Buffer.from(hash.toLowerCase(), 'utf8'))) return E.left('bad-hash');
  if (options.toleranceSeconds !== undefined) {
    const now = (options.now ?? (() => new Date()))().getTime() / 1000;
    if (Math.abs(now - seconds) > options.toleranceSeconds) return E.left('stale');
  }
  return E.right({ type, time: seconds, hash: hash.toLowerCase(), documentId: documentIdOf(payload) });
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) return body;
  try {
    return JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function documentIdOf(payload: unknown): string | null {
  const data = (payload as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const object = (data as { object?: unknown }).object;
  const fromObject = typeof object === 'object' && object !== null ? (object as { id?: unknown }).id : undefined;
  if (typeof fromObject === 'string' && fromObject !== '') return fromObject;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : null;
}
