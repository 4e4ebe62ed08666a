/**
 * Error bodies shared by every route: the 400 of a failed codec and the generic error body.
 * (Area-specific ones live with their area: ConflictResponse, BookingConflictResponse,
 * SessionExpiredResponse, UploadFailureResponse.)
 */
import * as t from 'io-ts';

export const FieldErrorCodec = t.type({ field: t.string, message: t.string }, 'FieldError');

/** 400: { error: 'Validation failed', message: first message, errors: one per field }. */
export const ValidationErrorResponse = t.type(
  { error: t.string, message: t.string, errors: t.array(FieldErrorCodec) },
  'ValidationErrorResponse',
);
export type ValidationErrorResponse = t.TypeOf<typeof ValidationErrorResponse>;

/** Any other error: a short error text, optionally a message for the user and a request id. */
export const ErrorResponse = t.intersection(
  [t.type({ error: t.string }), t.partial({ message: t.string, requestId: t.string })],
  'ErrorResponse',
);
export type ErrorResponse = t.TypeOf<typeof ErrorResponse>;
