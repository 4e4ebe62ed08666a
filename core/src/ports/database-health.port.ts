/** Whether the system of record answers; used by GET /api/health. */
export interface DatabaseHealth {
  /** Resolves true when a round trip succeeds within the timeout. */
  ping(timeoutMs: number): Promise<boolean>;
}
