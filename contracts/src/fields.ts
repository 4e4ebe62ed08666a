/**
 * Field codecs shared by several request codecs: the spec's formats (phone, ZIP, state, SSN,
 * dates) with their normalisations, parameterised by the messages each form uses.
 */
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as t from 'io-ts';
import {
  DEPARTMENT_IDS,
  HAS_MEDICARE_INSURANCE_VALUES,
  TIER_CODES,
  formatUsDate,
  parseCalendarDate,
  parseWallTime,
} from '@portal/core';
import {
  EMAIL_PATTERN,
  check,
  exactLength,
  fieldCodec,
  isBlank,
  matches,
  minLength,
  normalize,
  oneOf,
  optionalText,
  requiredText,
  TEXT_LIMITS,
} from './validation.ts';
import type { Check, TextOptions } from './validation.ts';

/** 10 to 15 digits, the first not 0 (enrollment-and-payment §5, §9). */
export const PHONE_PATTERN = /^[1-9]\d{9,14}$/;
/** 5 digits or 5+4, hyphenated after normalisation. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
/** 'MM/DD/YYYY'. */
export const US_DATE_PATTERN = /^\d{2}\/\d{2}\/\d{4}$/;

export const MEMBERSHIP_TIER_MESSAGE = 'Please select a membership tier';

/** Any id: a non-blank string, or a JSON number read as text; at most TEXT_LIMITS.id characters. */
export const requiredId = (requiredMessage: string, options: TextOptions = {}): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { acceptNumber: true, maxLength: TEXT_LIMITS.id, ...options });

export const optionalId = (options: TextOptions = {}): t.Type<string | undefined, string | undefined, unknown> =>
  optionalText({ acceptNumber: true, maxLength: TEXT_LIMITS.id, ...options });

// ---------------------------------------------------------------------------------------------
// Ids of a known shape: checked before any query or provider call

/** Our enrollment ids and SignWell's document ids: UUIDs. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** athenahealth's ids (patients, providers, departments): digits. */
export const ATHENA_ID_PATTERN = /^\d{1,12}$/;
export const isAthenaId = (value: string): boolean => ATHENA_ID_PATTERN.test(value);

/** Stripe's ids: a prefix, '_', then letters and digits (at most 255 characters in all). */
export const STRIPE_ID_MAX_LENGTH = 255;
export const isStripeId = (value: string, prefixes: ReadonlyArray<string>): boolean =>
  value.length <= STRIPE_ID_MAX_LENGTH && prefixes.some((prefix) => value.startsWith(`${prefix}_`)) && /^[a-z]+_[A-Za-z0-9_]+$/.test(value);

/** An athenahealth patient id (also a contact to enroll): digits, else `invalidMessage`. */
export const athenaPatientId = (requiredMessage: string, invalidMessage = 'Invalid patient ID', label = 'Patient ID'): t.Type<string, string, unknown> =>
  requiredId(requiredMessage, { label, unsafeMessage: invalidMessage, checks: [check(isAthenaId, invalidMessage)] });

/** A SignWell document id: a UUID, else `invalidMessage`. */
export const signingDocumentId = (requiredMessage: string, invalidMessage = 'Invalid document ID'): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { maxLength: 36, label: 'Document ID', unsafeMessage: invalidMessage, checks: [check(isUuid, invalidMessage)] });

/** A Stripe id with one of `prefixes` ('pm', 'in', 'sub'), else `invalidMessage`. */
export const stripeId = (prefixes: ReadonlyArray<string>, requiredMessage: string, invalidMessage: string): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { maxLength: STRIPE_ID_MAX_LENGTH, unsafeMessage: invalidMessage, checks: [check((value) => isStripeId(value, prefixes), invalidMessage)] });

export const optionalStripeId = (prefixes: ReadonlyArray<string>, invalidMessage: string): t.Type<string | undefined, string | undefined, unknown> =>
  optionalText({ maxLength: STRIPE_ID_MAX_LENGTH, unsafeMessage: invalidMessage, checks: [check((value) => isStripeId(value, prefixes), invalidMessage)] });

/** Patient phone: non-digits stripped, at least 10 digits, then the 10–15 digit pattern. */
export const phoneChecks: ReadonlyArray<Check<string>> = [
  minLength(10, 'Phone number must be at least 10 digits'),
  matches(PHONE_PATTERN, 'Please enter a valid phone number'),
];

export const phoneNumber = (requiredMessage = 'Phone number is required'): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { normalize: normalize.digits, checks: phoneChecks, acceptNumber: true, maxLength: 32, tooLongMessage: 'Please enter a valid phone number' });

/**
 * A phone that must be "digits only" (emergency contact, guardian): typing aids (spaces,
 * parentheses, hyphens, dots) are removed, anything else is refused by `digitsMessage`.
 */
export const digitsOnlyPhoneChecks = (minMessage: string, digitsMessage: string): ReadonlyArray<Check<string>> => [
  minLength(10, minMessage),
  matches(/^\d+$/, digitsMessage),
];

export const emailChecks = (invalidMessage: string): ReadonlyArray<Check<string>> => [
  matches(EMAIL_PATTERN, invalidMessage),
];

export const emailAddress = (
  requiredMessage: string,
  invalidMessage: string,
  options: { readonly lowercase?: boolean } = {},
): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, {
    checks: emailChecks(invalidMessage),
    maxLength: TEXT_LIMITS.email,
    ...(options.lowercase === true ? { normalize: normalize.lower } : {}),
  });

export const optionalEmailAddress = (invalidMessage: string, options: TextOptions = {}): t.Type<string | undefined, string | undefined, unknown> =>
  optionalText({ checks: emailChecks(invalidMessage), maxLength: TEXT_LIMITS.email, ...options });

export const streetAddress = (requiredMessage: string): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { normalize: normalize.beforeComma, maxLength: TEXT_LIMITS.address });

/** A person's name (first, last, a contact's full name): at most TEXT_LIMITS.name characters. */
export const personName = (requiredMessage: string): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { maxLength: TEXT_LIMITS.name });

export const optionalPersonName = (label?: string): t.Type<string | undefined, string | undefined, unknown> =>
  optionalText({ maxLength: TEXT_LIMITS.name, ...(label === undefined ? {} : { label }) });

export const stateChecks = (lengthMessage: string): ReadonlyArray<Check<string>> => [exactLength(2, lengthMessage)];

/** State: uppercased, exactly 2 characters. */
export const stateCode = (requiredMessage: string, lengthMessage: string): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { normalize: normalize.upper, checks: stateChecks(lengthMessage), tooLongMessage: lengthMessage });

export const zipChecks = (invalidMessage: string): ReadonlyArray<Check<string>> => [matches(ZIP_PATTERN, invalidMessage)];

/** ZIP: 5 digits or 5+4, written with a hyphen. */
export const zipCode = (requiredMessage: string, invalidMessage: string): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { normalize: normalize.zip, checks: zipChecks(invalidMessage), tooLongMessage: invalidMessage });

/** A real calendar day as 'YYYY-MM-DD' or 'MM/DD/YYYY'. */
export const isCalendarDate = (value: string): boolean => O.isSome(parseCalendarDate(value));

/** Rewrites a valid 'YYYY-MM-DD' or 'MM/DD/YYYY' as 'MM/DD/YYYY'; leaves anything else as is. */
export const toUsDate = (value: string): string => {
  const parsed = parseCalendarDate(value);
  return O.isSome(parsed) ? formatUsDate(parsed.value) : value;
};

/**
 * A date of birth (or any calendar day) given as 'YYYY-MM-DD' (date input) or 'MM/DD/YYYY',
 * decoded as 'MM/DD/YYYY' — the form athenahealth and the screens use.
 */
export const calendarDate = (requiredMessage: string, invalidMessage: string): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, {
    checks: [check(isCalendarDate, invalidMessage)],
    normalize: toUsDate,
    tooLongMessage: invalidMessage,
  });

export const calendarDateChecks = (invalidMessage: string): ReadonlyArray<Check<string>> => [
  check(isCalendarDate, invalidMessage),
];

/** Strictly 'MM/DD/YYYY' and a real day (staff search input, appointment slots). */
export const usDate = (requiredMessage: string, invalidMessage: string): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, {
    checks: [matches(US_DATE_PATTERN, invalidMessage), check(isCalendarDate, invalidMessage)],
    tooLongMessage: invalidMessage,
  });

/** 24-hour 'HH:mm'. */
export const wallTime = (requiredMessage: string, invalidMessage: string): t.Type<string, string, unknown> =>
  requiredText(requiredMessage, { checks: [check((value) => O.isSome(parseWallTime(value)), invalidMessage)], tooLongMessage: invalidMessage });

export const departmentId = (requiredMessage: string, invalidMessage = 'Invalid practice location') =>
  oneOf(DEPARTMENT_IDS, requiredMessage, invalidMessage);

export const membershipTier = () => oneOf(TIER_CODES, MEMBERSHIP_TIER_MESSAGE);

export const MEDICARE_STATUS_REQUIRED_MESSAGE = 'Medicare/Medicaid participation required';

export const medicareStatus = () =>
  oneOf(HAS_MEDICARE_INSURANCE_VALUES, MEDICARE_STATUS_REQUIRED_MESSAGE, 'Invalid Medicare/Medicaid status');

/** An absolute http(s) URL, or a same-origin path starting with '/'. */
export const isUrl = (value: string): boolean => {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const urlString = (message: string): t.Type<string, string, unknown> =>
  fieldCodec('Url', (u): u is string => typeof u === 'string' && isUrl(u), (u) =>
    typeof u === 'string' && !isBlank(u) && isUrl(u.trim()) ? E.right(u.trim()) : E.left(message),
  );
