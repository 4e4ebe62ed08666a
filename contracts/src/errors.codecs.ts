/**
 * Error bodies shared by every route: the 400 of a failed codec and the generic error body.
 * (Area-specific ones live with their area: ConflictResponse, BookingConflictResponse,
 * SessionExpiredResponse, UploadFailureResponse.)
 */
import * as t from 'io-ts';
import { form, matches, oneOf, requiredText, withMessage } from './validation.ts';

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

/**
 * POST /api/client-errors: a frontend got an answer it could not decode (an API changed under a
 * deployed remote). Names only — the method, the path with ids replaced, the fields — never values.
 */
const fieldName = requiredText('Field name is required', { maxLength: 100, checks: [matches(/^[\w.()]+$/, 'Field names only')] });
export const ClientErrorReport = form('ClientErrorReport', {
  kind: oneOf(['contract-mismatch'], 'Kind is required'),
  method: oneOf(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], 'Method is required'),
  path: requiredText('Path is required', { maxLength: 200, checks: [matches(/^\/api\/[\w\-/:.]*$/, 'An API path only')] }),
  fields: withMessage(t.array(fieldName), 'Fields must be a list of field names'),
});
export type ClientErrorReport = t.TypeOf<typeof ClientErrorReport>;
