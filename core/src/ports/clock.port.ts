/**
 * The current time, injected so rules never read the system clock themselves and tests can
 * stand at any instant (`FixedClock` in core/src/testing).
 */
export interface Clock {
  /** The current instant. Each call may return a later time; read it once per decision. */
  now(): Date;
}
