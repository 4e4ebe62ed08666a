/**
 * The patient's language choice (issue 26, decision 0057): PUT /api/me/language { "locale": "es-US" }.
 * The shell's switch sends it when the patient chooses; the API remembers it with the patient the
 * session acts for (answers 204, no body). Only the portal's languages are accepted.
 */
import type * as t from 'io-ts';
import { LOCALES } from '@portal/core';
import { form, oneOf } from './validation.ts';

export const LANGUAGE_REQUIRED_MESSAGE = 'Language is required';
export const LANGUAGE_INVALID_MESSAGE = `Language must be one of ${LOCALES.join(', ')}`;

export const LanguageChoiceRequest = form('LanguageChoiceRequest', { locale: oneOf(LOCALES, LANGUAGE_REQUIRED_MESSAGE, LANGUAGE_INVALID_MESSAGE) });
export type LanguageChoiceRequest = t.TypeOf<typeof LanguageChoiceRequest>;
