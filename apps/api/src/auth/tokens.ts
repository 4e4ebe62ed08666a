/** Opaque random tokens and their stored form: only SHA-256 hashes reach the database. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits from the system's secure random source, base64url. */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};
