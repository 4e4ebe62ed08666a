import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { LANGUAGE_INVALID_MESSAGE, LANGUAGE_REQUIRED_MESSAGE, LanguageChoiceRequest } from './locale.codecs.ts';
import { decodeBody } from './validation.ts';

describe('LanguageChoiceRequest', () => {
  it("accepts the portal's languages", () => {
    expect(decodeBody(LanguageChoiceRequest, { locale: 'es-US' })).toEqual(E.right({ locale: 'es-US' }));
    expect(decodeBody(LanguageChoiceRequest, { locale: 'en-US' })).toEqual(E.right({ locale: 'en-US' }));
  });

  it('refuses a missing, unknown or hostile language with a field message', () => {
    const message = (body: unknown) => {
      const decoded = decodeBody(LanguageChoiceRequest, body);
      return E.isLeft(decoded) ? decoded.left.errors[0]?.message : null;
    };
    expect(message({})).toBe(LANGUAGE_REQUIRED_MESSAGE);
    for (const locale of ['fr-FR', 'es', 'ES-us', 'es-US\u0000', '\u202ees-US', 'x'.repeat(10_000), 7, ['es-US'], { toString: 'es-US' }]) {
      expect(message({ locale })).toBe(LANGUAGE_INVALID_MESSAGE);
    }
  });
});
