/**
 * Online enrollment eligibility (enrollment-and-payment §1, §5 "Eligibility"):
 * - age 27 or older on the practice's calendar (America/New_York) at `now`;
 * - not a Medicaid participant (hasMedicareInsurance 'medicaid' or 'both' must enroll at the office).
 *
 * Checks run in this order, first failure wins: date of birth present and valid, age, Medicaid.
 * Age comes before Medicaid because a patient under 27 cannot enroll at the office either, so
 * sending them to the office would only waste a trip.
 *
 * Age is counted in whole years; the birthday itself counts (turning 27 today is eligible).
 * Someone born on 29 February reaches their birthday on 1 March in a non-leap year.
 */
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { domainError } from '../domain/domain-error.ts';
import type { DomainError } from '../domain/domain-error.ts';
import { MINIMUM_ENROLLMENT_AGE, PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { calendarDateIn, compareCalendarDates, isLeapYear, parseCalendarDate } from '../domain/zoned-time.ts';
import type { CalendarDate } from '../domain/zoned-time.ts';

export const HAS_MEDICARE_INSURANCE_VALUES = ['no', 'medicare', 'medicaid', 'both'] as const;
export type HasMedicareInsurance = (typeof HAS_MEDICARE_INSURANCE_VALUES)[number];

export const OFFICE_ENROLLMENT_REQUIRED_TITLE = 'Office Enrollment Required';
export const OFFICE_ENROLLMENT_REQUIRED_MESSAGE =
  'Medicaid participants must complete enrollment by calling or visiting our office during business hours.';
export const AGE_REQUIREMENT_NOT_MET_TITLE = 'Age Requirement Not Met';
export const AGE_REQUIREMENT_NOT_MET_MESSAGE = `Enrollment is currently only open to patients aged ${MINIMUM_ENROLLMENT_AGE} and older.`;
export const DATE_OF_BIRTH_REQUIRED_MESSAGE = 'Date of birth is required';
export const INVALID_DATE_OF_BIRTH_TITLE = 'Invalid Date of Birth';
export const INVALID_DATE_OF_BIRTH_MESSAGE = 'Please enter a valid date of birth (MM/DD/YYYY).';
export const FUTURE_DATE_OF_BIRTH_MESSAGE = 'Date of birth cannot be in the future.';

export type DateOfBirthError = DomainError<'ENROLLMENT.DATE_OF_BIRTH_REQUIRED' | 'ENROLLMENT.INVALID_DATE_OF_BIRTH'>;
export type EligibilityError =
  | DateOfBirthError
  | DomainError<'ENROLLMENT.AGE_REQUIREMENT_NOT_MET' | 'ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED'>;

export interface EligibilityInput {
  /** 'YYYY-MM-DD' (FHIR, session) or 'MM/DD/YYYY' (forms, athenahealth). */
  readonly dateOfBirth: string;
  /** Unanswered is allowed here; whether the answer is required is a form rule. */
  readonly hasMedicareInsurance?: string | null;
}

export interface Eligible {
  readonly age: number;
}

/** Whole years between a date of birth and a calendar day (29 February → 1 March in non-leap years). */
export const ageOn = (dateOfBirth: CalendarDate, today: CalendarDate): number => {
  const leapDayInCommonYear = dateOfBirth.month === 2 && dateOfBirth.day === 29 && !isLeapYear(today.year);
  const birthdayThisYear: CalendarDate = leapDayInCommonYear
    ? { year: today.year, month: 3, day: 1 }
    : { year: today.year, month: dateOfBirth.month, day: dateOfBirth.day };
  const years = today.year - dateOfBirth.year;
  return compareCalendarDates(today, birthdayThisYear) < 0 ? years - 1 : years;
};

/**
 * Age in whole years at `now` on the calendar of `timeZone` (the practice's by default).
 * Fails for a missing, malformed, impossible or future date of birth.
 */
export const ageInYears = (
  dateOfBirth: string,
  now: Date,
  timeZone: string = PRACTICE_TIME_ZONE,
): E.Either<DateOfBirthError, number> => {
  if (dateOfBirth.trim() === '') {
    return E.left(domainError('ENROLLMENT.DATE_OF_BIRTH_REQUIRED', DATE_OF_BIRTH_REQUIRED_MESSAGE));
  }
  const parsed = parseCalendarDate(dateOfBirth);
  if (O.isNone(parsed)) {
    return E.left(domainError('ENROLLMENT.INVALID_DATE_OF_BIRTH', INVALID_DATE_OF_BIRTH_MESSAGE, INVALID_DATE_OF_BIRTH_TITLE));
  }
  const today = calendarDateIn(now, timeZone);
  if (compareCalendarDates(parsed.value, today) > 0) {
    return E.left(domainError('ENROLLMENT.INVALID_DATE_OF_BIRTH', FUTURE_DATE_OF_BIRTH_MESSAGE, INVALID_DATE_OF_BIRTH_TITLE));
  }
  return E.right(ageOn(parsed.value, today));
};

/** 'medicaid' and 'both' cannot enroll online. */
export const requiresOfficeEnrollment = (hasMedicareInsurance: string | null | undefined): boolean =>
  hasMedicareInsurance === 'medicaid' || hasMedicareInsurance === 'both';

export const isOldEnoughToEnroll = (age: number): boolean => age >= MINIMUM_ENROLLMENT_AGE;

/** Right({ age }) when the patient may enroll online at `now`. */
export const checkEligibility = (
  input: EligibilityInput,
  now: Date,
  timeZone: string = PRACTICE_TIME_ZONE,
): E.Either<EligibilityError, Eligible> => {
  const age = ageInYears(input.dateOfBirth, now, timeZone);
  if (E.isLeft(age)) return age;
  if (!isOldEnoughToEnroll(age.right)) {
    return E.left(
      domainError('ENROLLMENT.AGE_REQUIREMENT_NOT_MET', AGE_REQUIREMENT_NOT_MET_MESSAGE, AGE_REQUIREMENT_NOT_MET_TITLE),
    );
  }
  if (requiresOfficeEnrollment(input.hasMedicareInsurance)) {
    return E.left(
      domainError('ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED', OFFICE_ENROLLMENT_REQUIRED_MESSAGE, OFFICE_ENROLLMENT_REQUIRED_TITLE),
    );
  }
  return E.right({ age: age.right });
};
