/**
 * @portal/core's test fakes (in-memory ports, a fixed clock, sequential ids), for unit tests:
 * `import { FixedClock } from '@portal/core/testing/index.ts'`. Not part of core's main entry, so no
 * production code can reach them (layer rule core-fakes-not-in-main-entry).
 */
export * from './fixed-clock.ts';
export * from './sequential-ids.ts';
export * from './in-memory-enrollments.ts';
export * from './in-memory-attempt-limiter.ts';
export * from './in-memory-verification.ts';
export * from './in-memory-patient-languages.ts';
