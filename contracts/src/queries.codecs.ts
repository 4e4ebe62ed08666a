/**
 * Query strings and path ids of the API (issue 25): each route's query string is decoded with one
 * of these codecs before anything reads it, and an id in a path is checked with `AthenaId` (the
 * one shape check of athenahealth's ids, `isAthenaId` in fields.ts). Koa gives a query value as a
 * string, an array of strings (the key repeated) or undefined; only a string is an answer.
 *
 * Each codec fails with the message its route answers (400, `{ error: 'Validation failed',
 * message[, errors] }`); the routes' answers are unchanged by the move here.
 */
import * as t from 'io-ts';
import { isAthenaId } from './fields.ts';

/** An athenahealth id (patient, appointment, department, provider, appointment type): 1 to 12 digits. */
export const AthenaId = new t.Type<string, string, unknown>(
  'AthenaId',
  (u): u is string => typeof u === 'string' && isAthenaId(u),
  (u, c) => (typeof u === 'string' && isAthenaId(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/** The value as an athenahealth id, or null for anything else (a path id that names nothing). */
export const athenaIdOrNull = (value: unknown): string | null => (AthenaId.is(value) ? value : null);

const withFailureMessage = <A, O>(codec: t.Type<A, O, unknown>, message: string): t.Type<A, O, unknown> =>
  new t.Type<A, O, unknown>(codec.name, codec.is, (u, c) => {
    const result = codec.validate(u, c);
    return result._tag === 'Left' ? t.failure(u, c, message) : result;
  }, codec.encode);

// ---------------------------------------------------------------------------------------------
// GET /api/appointments/availability and GET /api/staff/appointments/availability

/** The one message of a refused availability query (both routes). */
export const AVAILABILITY_QUERY_MESSAGE = 'departmentId, appointmentTypeId, providerId (or any) and week (0-5) are required';

/**
 * A booking week's index as sent: one digit. Which digits are weeks (0 to 5) is core's rule
 * (`bookingWeek`), which answers 6 to 9 with its own message.
 */
export const WeekIndexText = new t.Type<number, string, unknown>(
  'WeekIndexText',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 0 && u <= 9,
  (u, c) => (typeof u === 'string' && /^\d$/.test(u) ? t.success(Number(u)) : t.failure(u, c)),
  (week) => String(week),
);

/** A provider, or 'any' (No Preference), decoded as null. */
export const ProviderChoice = new t.Type<string | null, string, unknown>(
  'ProviderChoice',
  (u): u is string | null => u === null || AthenaId.is(u),
  (u, c) => (u === 'any' ? t.success(null) : AthenaId.is(u) ? t.success(u) : t.failure(u, c)),
  (provider) => provider ?? 'any',
);

const availabilityProps = { departmentId: AthenaId, appointmentTypeId: AthenaId, week: WeekIndexText };

/** GET /api/appointments/availability?departmentId=&appointmentTypeId=&week=[&providerId=(id|any)]: no providerId is any. */
export const AvailabilityQuery = withFailureMessage(
  t.intersection([t.type(availabilityProps), t.partial({ providerId: ProviderChoice })], 'AvailabilityQuery'),
  AVAILABILITY_QUERY_MESSAGE,
);
export type AvailabilityQuery = t.TypeOf<typeof AvailabilityQuery>;

/** GET /api/staff/appointments/availability?departmentId=&providerId=(id|any)&appointmentTypeId=&week=: providerId required. */
export const StaffAvailabilityQuery = withFailureMessage(
  t.type({ ...availabilityProps, providerId: ProviderChoice }, 'StaffAvailabilityQuery'),
  AVAILABILITY_QUERY_MESSAGE,
);
export type StaffAvailabilityQuery = t.TypeOf<typeof StaffAvailabilityQuery>;

// ---------------------------------------------------------------------------------------------
// GET /api/staff/document-submissions?status=failed[&limit=1..500]

export const DOCUMENT_SUBMISSIONS_DEFAULT_LIMIT = 100;
export const DOCUMENT_SUBMISSIONS_MAX_LIMIT = 500;

/** Fails with `message` at `field`, one error at a time (the first failing field answers, as before). */
const fieldFailure = <A>(u: unknown, c: t.Context, field: string, message: string): t.Validation<A> =>
  t.failure<A>(u, t.appendContext(c, field, t.unknown, u), message);

const queryRecord = (u: unknown): Record<string, unknown> => (typeof u === 'object' && u !== null ? (u as Record<string, unknown>) : {});

/** status: only 'failed' (the default); limit: 1 to 500 (default 100). A repeated key is the default. */
export const DocumentSubmissionsQuery = new t.Type<{ readonly status: 'failed'; readonly limit: number }, { status: string; limit: string }, unknown>(
  'DocumentSubmissionsQuery',
  (u): u is { readonly status: 'failed'; readonly limit: number } => {
    const record = queryRecord(u);
    return record.status === 'failed' && typeof record.limit === 'number';
  },
  (u, c) => {
    const query = queryRecord(u);
    const status = typeof query.status === 'string' ? query.status : 'failed';
    if (status !== 'failed') return fieldFailure(u, c, 'status', 'status must be failed');
    const rawLimit = typeof query.limit === 'string' ? query.limit : String(DOCUMENT_SUBMISSIONS_DEFAULT_LIMIT);
    const limit = Number(rawLimit);
    if (!/^\d{1,4}$/.test(rawLimit) || limit < 1 || limit > DOCUMENT_SUBMISSIONS_MAX_LIMIT) {
      return fieldFailure(u, c, 'limit', `limit must be a number from 1 to ${DOCUMENT_SUBMISSIONS_MAX_LIMIT}`);
    }
    return t.success({ status: 'failed' as const, limit });
  },
  (query) => ({ status: query.status, limit: String(query.limit) }),
);
export type DocumentSubmissionsQuery = t.TypeOf<typeof DocumentSubmissionsQuery>;

// ---------------------------------------------------------------------------------------------
// GET /api/staff/report?from=YYYY-MM-DD&to=YYYY-MM-DD

/**
 * from and to as sent (at most 10 characters); whether they are dates, and in order, is core's
 * `practiceReport`. The first failing of from, to answers.
 */
export const StaffReportQuery = new t.Type<{ readonly from: string; readonly to: string }, { from: string; to: string }, unknown>(
  'StaffReportQuery',
  (u): u is { readonly from: string; readonly to: string } => {
    const record = queryRecord(u);
    return typeof record.from === 'string' && typeof record.to === 'string';
  },
  (u, c) => {
    const query = queryRecord(u);
    for (const field of ['from', 'to'] as const) {
      const value = query[field];
      if (typeof value !== 'string' || value === '') return fieldFailure(u, c, field, `${field} is required (YYYY-MM-DD)`);
      if (value.length > 10) return fieldFailure(u, c, field, `${field} must be a date (YYYY-MM-DD)`);
    }
    return t.success({ from: query.from as string, to: query.to as string });
  },
  (query) => ({ from: query.from, to: query.to }),
);
export type StaffReportQuery = t.TypeOf<typeof StaffReportQuery>;

// ---------------------------------------------------------------------------------------------
// Provider login: GET /api/auth/athena?workflow=&redirect= and GET /api/auth/callback?code=&state=&error=

/** A query value that is read only when it is one string: anything else (absent, repeated) is undefined. It never refuses. */
export const OptionalQueryText = new t.Type<string | undefined, string | undefined, unknown>(
  'OptionalQueryText',
  (u): u is string | undefined => u === undefined || typeof u === 'string',
  (u) => t.success(typeof u === 'string' ? u : undefined),
  t.identity,
);

const textQuery = <const K extends string>(name: string, keys: ReadonlyArray<K>) =>
  new t.Type<{ readonly [key in K]?: string }, { [key in K]?: string }, unknown>(
    name,
    (u): u is { readonly [key in K]?: string } => typeof u === 'object' && u !== null && keys.every((key) => OptionalQueryText.is((u as Record<string, unknown>)[key])),
    (u) => {
      const query = queryRecord(u);
      const out: { [key in K]?: string } = {};
      for (const key of keys) {
        const value = query[key];
        if (typeof value === 'string') out[key] = value;
      }
      return t.success(out);
    },
    (query) => ({ ...query }),
  );

/**
 * The sign-in's start: the workflow it returns to and the page after it, as sent. Which workflows
 * exist and which paths are safe is the sign-in's (`WORKFLOWS`, `safeRedirectPath`): an unknown
 * one is the default, never a refusal.
 */
export const SignInQuery = textQuery('SignInQuery', ['workflow', 'redirect']);
export type SignInQuery = t.TypeOf<typeof SignInQuery>;

/** The provider's redirect back: the code and state, or its error. The sign-in decides what they mean. */
export const OAuthCallbackQuery = textQuery('OAuthCallbackQuery', ['code', 'state', 'error']);
export type OAuthCallbackQuery = t.TypeOf<typeof OAuthCallbackQuery>;
