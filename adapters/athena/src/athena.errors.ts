/**
 * athena refused a write (a 4xx other than the ones the adapter turns into null or []), for
 * example 409 when an open slot was taken meanwhile. Reads never throw this: for them every
 * failure is the port's HealthRecordUnavailableError. The message holds no PHI.
 */
export class AthenaRejectedError extends Error {
  override readonly name = 'AthenaRejectedError';
  readonly status: number;
  /** athena's `error` text (e.g. "The appointment is already booked"), never `detailedmessage`. */
  readonly athenaError: string | null;

  constructor(method: string, pathTemplate: string, status: number, athenaError: string | null) {
    super(`athena ${method} ${pathTemplate} answered ${status}`);
    this.status = status;
    this.athenaError = athenaError;
  }
}

/**
 * athena answered 2xx with a body that is not JSON or does not match the codec. It travels as
 * the `cause` of a HealthRecordUnavailableError; the message names fields, never values.
 */
export class AthenaDecodeError extends Error {
  override readonly name = 'AthenaDecodeError';
}
