import { describe, it, expect } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import {
  canTransition,
  DEFAULT_ENROLLMENT_STATUS,
  ENROLLMENT_STATUSES,
  invoiceNumber,
  isEnrollmentStatus,
  isTerminalEnrollmentStatus,
  transition,
} from './enrollment.ts';
import type { EnrollmentStatus } from './enrollment.ts';

// Written out independently of ENROLLMENT_TRANSITIONS so a wrong edit to the table fails here.
const LEGAL: readonly (readonly [EnrollmentStatus, EnrollmentStatus])[] = [
  ['pending', 'signed'],
  ['pending', 'declined'],
  ['pending', 'cancelled'],
  ['signed', 'privacy_signed'],
  ['signed', 'payment_pending'],
  ['signed', 'cancelled'],
  ['privacy_signed', 'payment_pending'],
  ['privacy_signed', 'cancelled'],
  ['payment_pending', 'active'],
  ['payment_pending', 'cancelled'],
  ['active', 'past_due'],
  ['active', 'cancelled'],
  ['past_due', 'active'],
  ['past_due', 'cancelled'],
];

const isLegal = (from: EnrollmentStatus, to: EnrollmentStatus): boolean =>
  LEGAL.some(([f, t]) => f === from && t === to);

const ALL_PAIRS = ENROLLMENT_STATUSES.flatMap((from) => ENROLLMENT_STATUSES.map((to) => [from, to] as const));
const ILLEGAL = ALL_PAIRS.filter(([from, to]) => !isLegal(from, to));

describe('enrollment statuses', () => {
  it('has the eight statuses of the design and starts at pending', () => {
    expect([...ENROLLMENT_STATUSES].sort()).toEqual(
      ['active', 'cancelled', 'declined', 'past_due', 'payment_pending', 'pending', 'privacy_signed', 'signed'],
    );
    expect(DEFAULT_ENROLLMENT_STATUS).toBe('pending');
  });

  it('recognises status strings and nothing else', () => {
    expect(isEnrollmentStatus('privacy_signed')).toBe(true);
    expect(isEnrollmentStatus('canceled')).toBe(false);
    expect(isEnrollmentStatus('ACTIVE')).toBe(false);
    expect(isEnrollmentStatus(undefined)).toBe(false);
    expect(isEnrollmentStatus(3)).toBe(false);
  });
});

describe('transition', () => {
  it.each(LEGAL)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(transition(from, to)).toEqual(E.right(to));
  });

  it('has exactly 14 legal moves out of 64 pairs', () => {
    expect(ALL_PAIRS).toHaveLength(64);
    expect(ILLEGAL).toHaveLength(50);
  });

  it.each(ILLEGAL)('refuses %s → %s with ENROLLMENT.ILLEGAL_TRANSITION', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(transition(from, to)).toEqual(
      E.left({
        code: 'ENROLLMENT.ILLEGAL_TRANSITION',
        message: `An enrollment cannot move from ${from} to ${to}.`,
        from,
        to,
      }),
    );
  });

  it('refuses skipping signing and payment', () => {
    expect(E.isLeft(transition('pending', 'active'))).toBe(true);
    expect(E.isLeft(transition('pending', 'payment_pending'))).toBe(true);
    expect(E.isLeft(transition('signed', 'active'))).toBe(true);
  });

  it('refuses staying in the same status', () => {
    for (const status of ENROLLMENT_STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  it('treats declined and cancelled as terminal, nothing else', () => {
    const terminal = ENROLLMENT_STATUSES.filter(isTerminalEnrollmentStatus);
    expect(terminal).toEqual(['declined', 'cancelled']);
    expect(E.isLeft(transition('cancelled', 'active'))).toBe(true);
    expect(E.isLeft(transition('declined', 'pending'))).toBe(true);
  });
});

describe('invoiceNumber', () => {
  it('is INV- followed by the last 8 characters of the id', () => {
    expect(invoiceNumber('clx9a8b7c6d5e4f3')).toBe('INV-c6d5e4f3');
    expect(invoiceNumber('3f2b8c1e-9a7d-4e2f-b6c5-1d2e3f4a5b6c')).toBe('INV-3f4a5b6c');
  });

  it('keeps the characters exactly as they are (no case change)', () => {
    expect(invoiceNumber('xxAbCdEfGh')).toBe('INV-AbCdEfGh');
  });

  it('uses a short id whole', () => {
    expect(invoiceNumber('12345678')).toBe('INV-12345678');
    expect(invoiceNumber('abc')).toBe('INV-abc');
  });
});
