/**
 * @portal/contracts: io-ts codecs for every request and response of the API, the validation
 * toolkit that gives the spec's messages, and the reference data frontends may show.
 * Frontends import from here, never from @portal/core.
 */
export * from './validation.ts';
export * from './fields.ts';
export * from './reference.ts';
export * from './messages.ts';
export * from './errors.codecs.ts';
export * from './config.codecs.ts';
export * from './practice.codecs.ts';
export * from './auth.codecs.ts';
export * from './verification.codecs.ts';
export * from './enrollment.codecs.ts';
export * from './payment.codecs.ts';
export * from './appointments.codecs.ts';
export * from './staff.codecs.ts';
export * from './queries.codecs.ts';
export * from './locale.codecs.ts';
export * from './screen-rules.ts';

export {
  TIERS,
  TIER_CODES,
  PAID_TIER_CODES,
  DEFAULT_TIER,
  PRACTICE_LOCATIONS,
  DEPARTMENT_IDS,
  MINIMUM_ENROLLMENT_AGE,
  HAS_MEDICARE_INSURANCE_VALUES,
  ENROLLMENT_STATUSES,
  formatDollars,
  locationName,
  type Tier,
  type TierCode,
  type PracticeLocation,
  type DepartmentId,
  type HasMedicareInsurance,
  type EnrollmentStatus,
} from '@portal/core';
