/** Helpers for the contracts' unit tests (not part of the package API). */
import { expect } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { decodeBody } from './validation.ts';

/** The input fails with exactly one error: this field, this message. */
export const expectOnlyError = (codec: t.Decoder<unknown, unknown>, input: unknown, field: string, message: string): void => {
  expect(decodeBody(codec, input)).toEqual(E.left({ errors: [{ field, message }] }));
};

/** The input decodes; returns the decoded value. */
export const expectValid = <A>(codec: t.Decoder<unknown, A>, input: unknown): A => {
  const result = decodeBody(codec, input);
  if (E.isLeft(result)) throw new Error(`expected a valid input, got ${JSON.stringify(result.left.errors)}`);
  return result.right;
};

/** A copy of `base` without `keys`. */
export const without = <T extends Record<string, unknown>>(base: T, ...keys: ReadonlyArray<string>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...base };
  for (const key of keys) delete out[key];
  return out;
};

/** One row per spec message: [message, codec, input, field]. */
export type MessageCase = readonly [message: string, codec: t.Decoder<unknown, unknown>, input: unknown, field: string];
