/**
 * The Firebase Auth emulator's REST API, the subset phone sign-in uses, at the paths the Firebase
 * JS SDK calls after `connectAuthEmulator(auth, 'http://127.0.0.1:<port>')` (it prefixes the
 * production host: `/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=…`) and
 * the paths firebase-admin calls with FIREBASE_AUTH_EMULATOR_HOST set. No SMS is sent: each code
 * lands in the inbox. Errors have Google's shape: 400 `{error:{code, message, errors:[…]}}`.
 *
 * Paths hold colons (`accounts:lookup`), so this is a small dispatcher rather than a koa router.
 */
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import {
  decodeJwtPayload,
  idToken,
  idTokenClaims,
  ID_TOKEN_SECONDS,
  isE164,
  newLocalId,
  newRefreshToken,
  newSessionInfo,
  newSmsCode,
} from '../firebase/tokens.ts';
import { FIREBASE_PROJECT_ID, FIREBASE_PROJECT_NUMBER } from '../seed/providers.ts';
import { TABLES } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';

const IDENTITY_TOOLKIT = '/identitytoolkit.googleapis.com';
const SECURE_TOKEN = '/securetoken.googleapis.com';
const EMULATOR = '/emulator/v1/projects/';

/** A code is good for this long (sandbox clock). */
export const SMS_CODE_SECONDS = 10 * 60;
export const DEFAULT_SMS_PER_NUMBER_PER_HOUR = 5;
export const SMS_TEXT = (code: string): string => `Your Member Portal verification code is ${code}.`;

export const isFirebasePath = (path: string): boolean =>
  path.startsWith(`${IDENTITY_TOOLKIT}/`) || path.startsWith(`${SECURE_TOKEN}/`) || path.startsWith(EMULATOR);

interface ErrorItem {
  readonly message: string;
  readonly reason: string;
  readonly domain?: string;
}

/** Google's API error: `{error: {code, message, errors, status?}}`. */
export class GoogleApiError extends Error {
  override readonly name = 'GoogleApiError';
  readonly code: number;
  readonly status: string | undefined;
  readonly errors: readonly ErrorItem[];

  constructor(code: number, message: string, errors: readonly ErrorItem[], status?: string) {
    super(message);
    this.code = code;
    this.status = status;
    this.errors = errors;
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, errors: this.errors, ...(this.status === undefined ? {} : { status: this.status }) };
  }
}

/** HTTP 400 with a server error code, e.g. INVALID_CODE (the SDK maps it to auth/invalid-verification-code). */
export const firebaseError = (message: string): GoogleApiError => new GoogleApiError(400, message, [{ message, domain: 'global', reason: 'invalid' }]);

const notFound = (): GoogleApiError => new GoogleApiError(404, 'Not Found', [{ message: 'Not Found', reason: 'notFound' }], 'NOT_FOUND');

const notImplemented = (message: string): GoogleApiError =>
  new GoogleApiError(501, message, [{ message, reason: 'unimplemented' }], 'NOT_IMPLEMENTED');

/** Errors on the Firebase paths, including body parser failures, in Google's shape. */
export const firebaseErrorBoundary = () => async (ctx: Context, next: Next): Promise<void> => {
  if (!isFirebasePath(ctx.path)) return next();
  try {
    await next();
  } catch (error) {
    let apiError: GoogleApiError;
    if (error instanceof GoogleApiError) apiError = error;
    else {
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        const message = status === 413 ? 'Request payload too large.' : 'Invalid JSON payload received.';
        apiError = new GoogleApiError(status, message, [{ message, domain: 'global', reason: status === 413 ? 'invalid' : 'parseError' }], 'INVALID_ARGUMENT');
      } else {
        console.error('provider-sandbox: Firebase stand-in failed', error instanceof Error ? error.stack : String(error));
        apiError = new GoogleApiError(500, 'INTERNAL', [{ message: 'INTERNAL', reason: 'unknown' }], 'INTERNAL');
      }
    }
    ctx.status = apiError.code;
    ctx.body = { error: apiError.toJSON() };
  }
};

interface UserRow {
  readonly local_id: string;
  readonly phone_number: string;
  readonly created_at: Date;
  readonly last_login_at: Date;
  readonly last_refresh_at: Date | null;
}

interface VerificationRow {
  readonly session_info: string;
  readonly phone_number: string;
  readonly code: string;
  readonly created_at: Date;
  readonly used_at: Date | null;
}

const text = (body: unknown, ...names: string[]): string => {
  for (const name of names) {
    const value = (body as Record<string, unknown> | undefined)?.[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return '';
};

const stringList = (body: unknown, name: string): string[] => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
};

/** The user as accounts:lookup answers (the emulator's fields for a phone user). */
const userJson = (user: UserRow): Record<string, unknown> => ({
  localId: user.local_id,
  phoneNumber: user.phone_number,
  providerUserInfo: [{ providerId: 'phone', rawId: user.phone_number, phoneNumber: user.phone_number }],
  lastLoginAt: String(user.last_login_at.getTime()),
  createdAt: String(user.created_at.getTime()),
  ...(user.last_refresh_at === null ? {} : { lastRefreshAt: user.last_refresh_at.toISOString() }),
});

export interface FirebaseOptions {
  /** More codes than this to one number within an hour: TOO_MANY_ATTEMPTS_TRY_LATER. */
  readonly smsPerNumberPerHour: number;
}

type Handler = (ctx: Context, params: readonly string[]) => Promise<unknown> | unknown;

interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  /** Client calls carry `?key=` (any non-empty key); admin calls a bearer token. */
  readonly auth: 'key' | 'bearer' | 'none';
  readonly handler: Handler;
}

export const firebaseAuthEmulator = (sandbox: SandboxContext, options: FirebaseOptions) => {
  const { db, now, inbox } = sandbox;

  const issueTokens = async (user: UserRow, trx?: Knex.Transaction) => {
    const refreshToken = newRefreshToken();
    await db.table(TABLES.firebaseRefreshTokens, trx).insert({ token: refreshToken, local_id: user.local_id, created_at: now() });
    return {
      idToken: idToken(idTokenClaims({ localId: user.local_id, phoneNumber: user.phone_number, lastLoginAt: user.last_login_at }, now())),
      refreshToken,
      expiresIn: String(ID_TOKEN_SECONDS),
    };
  };

  const userFromIdToken = async (token: string): Promise<UserRow> => {
    if (token === '') throw firebaseError('MISSING_ID_TOKEN');
    const payload = decodeJwtPayload(token);
    const localId = typeof payload?.user_id === 'string' ? payload.user_id : typeof payload?.sub === 'string' ? payload.sub : null;
    if (localId === null) throw firebaseError('INVALID_ID_TOKEN');
    const user = (await db.table(TABLES.firebaseUsers).where({ local_id: localId }).first()) as UserRow | undefined;
    if (user === undefined) throw firebaseError('USER_NOT_FOUND');
    return user;
  };

  const sendVerificationCode: Handler = async (ctx) => {
    // recaptchaToken, captchaResponse, clientType…: ignored, as by the emulator.
    const phoneNumber = text(ctx.request.body, 'phoneNumber').trim();
    if (phoneNumber === '') throw firebaseError('MISSING_PHONE_NUMBER');
    if (!isE164(phoneNumber)) throw firebaseError('INVALID_PHONE_NUMBER : Invalid format.');
    const sessionInfo = newSessionInfo();
    const code = newSmsCode();
    await db.knex.transaction(async (trx) => {
      // One number at a time, so the hourly count is exact under concurrent sends.
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`provider-sandbox:sms:${db.schema}:${phoneNumber}`]);
      const since = new Date(now().getTime() - 3600_000);
      const [{ count } = { count: '0' }] = (await db
        .table(TABLES.firebaseVerifications, trx)
        .where({ phone_number: phoneNumber })
        .where('created_at', '>', since)
        .count({ count: '*' })) as { count: string }[];
      if (Number(count) >= options.smsPerNumberPerHour) throw firebaseError('TOO_MANY_ATTEMPTS_TRY_LATER');
      await db.table(TABLES.firebaseVerifications, trx).insert({ session_info: sessionInfo, phone_number: phoneNumber, code, created_at: now() });
      await inbox.add({ channel: 'sms', from: 'Member Portal', to: phoneNumber, subject: 'SMS', text: SMS_TEXT(code) }, trx);
    });
    return { sessionInfo };
  };

  const signInWithPhoneNumber: Handler = async (ctx) => {
    const sessionInfo = text(ctx.request.body, 'sessionInfo');
    const code = text(ctx.request.body, 'code').trim();
    if (sessionInfo === '') throw firebaseError('MISSING_SESSION_INFO');
    if (code === '') throw firebaseError('MISSING_CODE');
    return db.knex.transaction(async (trx) => {
      const verification = (await db.table(TABLES.firebaseVerifications, trx).where({ session_info: sessionInfo }).forUpdate().first()) as
        | VerificationRow
        | undefined;
      if (verification === undefined || verification.used_at !== null) throw firebaseError('INVALID_SESSION_INFO');
      const at = now();
      if (at.getTime() - verification.created_at.getTime() > SMS_CODE_SECONDS * 1000) throw firebaseError('SESSION_EXPIRED');
      if (verification.code !== code) throw firebaseError('INVALID_CODE');
      await db.table(TABLES.firebaseVerifications, trx).where({ session_info: sessionInfo }).update({ used_at: at });

      const phoneNumber = verification.phone_number;
      const existing = (await db.table(TABLES.firebaseUsers, trx).where({ phone_number: phoneNumber }).forUpdate().first()) as UserRow | undefined;
      let user: UserRow;
      if (existing === undefined) {
        user = { local_id: newLocalId(), phone_number: phoneNumber, created_at: at, last_login_at: at, last_refresh_at: at };
        await db.table(TABLES.firebaseUsers, trx).insert(user);
      } else {
        user = { ...existing, last_login_at: at, last_refresh_at: at };
        await db.table(TABLES.firebaseUsers, trx).where({ local_id: user.local_id }).update({ last_login_at: at, last_refresh_at: at });
      }
      return {
        kind: 'identitytoolkit#VerifyPhoneNumberResponse',
        ...(await issueTokens(user, trx)),
        localId: user.local_id,
        isNewUser: existing === undefined,
        phoneNumber,
      };
    });
  };

  const lookup: Handler = async (ctx) => {
    const user = await userFromIdToken(text(ctx.request.body, 'idToken'));
    return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [userJson(user)] };
  };

  /** firebase-admin's getUser (which verifyIdToken calls in emulator mode) and friends. */
  const adminLookup: Handler = async (ctx, [projectId]) => {
    const body = ctx.request.body;
    if (projectId !== FIREBASE_PROJECT_ID) return { kind: 'identitytoolkit#GetAccountInfoResponse' };
    const localIds = stringList(body, 'localId');
    const phoneNumbers = stringList(body, 'phoneNumber');
    const idTokenValue = text(body, 'idToken');
    const users = new Map<string, UserRow>();
    if (idTokenValue !== '') {
      const user = await userFromIdToken(idTokenValue);
      users.set(user.local_id, user);
    }
    if (localIds.length > 0 || phoneNumbers.length > 0) {
      const rows = (await db
        .table(TABLES.firebaseUsers)
        .where((query) => {
          if (localIds.length > 0) query.orWhereIn('local_id', localIds);
          if (phoneNumbers.length > 0) query.orWhereIn('phone_number', phoneNumbers);
        })
        .orderBy('created_at')) as UserRow[];
      for (const row of rows) users.set(row.local_id, row);
    }
    // No `users` key when none match, as the emulator (firebase-admin reads that as user-not-found).
    return { kind: 'identitytoolkit#GetAccountInfoResponse', ...(users.size === 0 ? {} : { users: [...users.values()].map(userJson) }) };
  };

  const grantToken: Handler = async (ctx) => {
    const body = ctx.request.body;
    const grantType = text(body, 'grant_type', 'grantType');
    const refreshToken = text(body, 'refresh_token', 'refreshToken');
    if (grantType === '') throw firebaseError('MISSING_GRANT_TYPE');
    if (grantType !== 'refresh_token') throw firebaseError('INVALID_GRANT_TYPE');
    if (refreshToken === '') throw firebaseError('MISSING_REFRESH_TOKEN');
    return db.knex.transaction(async (trx) => {
      const row = (await db.table(TABLES.firebaseRefreshTokens, trx).where({ token: refreshToken }).first()) as { local_id: string } | undefined;
      if (row === undefined) throw firebaseError('INVALID_REFRESH_TOKEN');
      const found = (await db.table(TABLES.firebaseUsers, trx).where({ local_id: row.local_id }).first()) as UserRow | undefined;
      if (found === undefined) throw firebaseError('USER_NOT_FOUND');
      const user = { ...found, last_refresh_at: now() };
      await db.table(TABLES.firebaseUsers, trx).where({ local_id: user.local_id }).update({ last_refresh_at: user.last_refresh_at });
      const tokens = await issueTokens(user, trx);
      return {
        access_token: tokens.idToken,
        expires_in: tokens.expiresIn,
        token_type: 'Bearer',
        refresh_token: tokens.refreshToken,
        id_token: tokens.idToken,
        user_id: user.local_id,
        project_id: FIREBASE_PROJECT_NUMBER,
      };
    });
  };

  const verificationCodes: Handler = async (_ctx, [projectId]) => {
    if (projectId !== FIREBASE_PROJECT_ID) return { verificationCodes: [] };
    const rows = (await db
      .table(TABLES.firebaseVerifications)
      .whereNull('used_at')
      .orderBy([{ column: 'created_at' }, { column: 'session_info' }])) as VerificationRow[];
    return { verificationCodes: rows.map((row) => ({ phoneNumber: row.phone_number, sessionInfo: row.session_info, code: row.code })) };
  };

  const deleteAllAccounts: Handler = async (_ctx, [projectId]) => {
    if (projectId === FIREBASE_PROJECT_ID) {
      await db.knex.transaction(async (trx) => {
        await db.table(TABLES.firebaseRefreshTokens, trx).delete();
        await db.table(TABLES.firebaseUsers, trx).delete();
      });
    }
    return {};
  };

  const routes: readonly Route[] = [
    { method: 'POST', pattern: /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:sendVerificationCode$/, auth: 'key', handler: sendVerificationCode },
    { method: 'POST', pattern: /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:signInWithPhoneNumber$/, auth: 'key', handler: signInWithPhoneNumber },
    { method: 'POST', pattern: /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:lookup$/, auth: 'key', handler: lookup },
    {
      method: 'GET',
      pattern: /^\/identitytoolkit\.googleapis\.com\/v1\/recaptchaParams$/,
      auth: 'key',
      // The emulator's fake values: the SDK needs a site key, and never loads reCAPTCHA in emulator mode.
      handler: () => ({
        kind: 'identitytoolkit#GetRecaptchaParamResponse',
        recaptchaStoken: 'This-is-a-fake-token__Dont-send-this-to-the-Recaptcha-service__The-Auth-Emulator-does-not-support-Recaptcha',
        recaptchaSiteKey: 'Fake-key__Do-not-send-this-to-Recaptcha_',
      }),
    },
    {
      method: 'GET',
      pattern: /^\/identitytoolkit\.googleapis\.com\/v2\/recaptchaConfig$/,
      auth: 'key',
      // As the emulator: 501, upon which the SDK logs a line and goes on with its (mock) reCAPTCHA v2 path.
      handler: () => {
        throw notImplemented('identitytoolkit.getRecaptchaConfig is not implemented in the Auth Emulator.');
      },
    },
    {
      method: 'GET',
      pattern: /^\/identitytoolkit\.googleapis\.com\/v1\/projects$/,
      auth: 'key',
      handler: () => ({ projectId: FIREBASE_PROJECT_NUMBER, authorizedDomains: ['localhost'] }),
    },
    { method: 'POST', pattern: /^\/identitytoolkit\.googleapis\.com\/v1\/projects\/([^/]+)\/accounts:lookup$/, auth: 'bearer', handler: adminLookup },
    { method: 'POST', pattern: /^\/securetoken\.googleapis\.com\/v1\/token$/, auth: 'key', handler: grantToken },
    { method: 'GET', pattern: /^\/emulator\/v1\/projects\/([^/]+)\/verificationCodes$/, auth: 'none', handler: verificationCodes },
    { method: 'DELETE', pattern: /^\/emulator\/v1\/projects\/([^/]+)\/accounts$/, auth: 'none', handler: deleteAllAccounts },
  ];

  return async (ctx: Context, next: Next): Promise<void> => {
    if (!isFirebasePath(ctx.path)) return next();
    for (const route of routes) {
      const match = route.pattern.exec(ctx.path);
      if (match === null || route.method !== ctx.method) continue;
      const key = ctx.query.key;
      if (route.auth === 'key' && (typeof key !== 'string' || key === '')) {
        const message = 'The request is missing a valid API key.';
        throw new GoogleApiError(403, message, [{ message, domain: 'global', reason: 'forbidden' }], 'PERMISSION_DENIED');
      }
      if (route.auth === 'bearer' && !/^bearer\s+\S+/i.test(ctx.get('Authorization'))) {
        throw new GoogleApiError(401, 'Request is missing required authentication credential.', [
          { message: 'Login Required.', domain: 'global', reason: 'required' },
        ], 'UNAUTHENTICATED');
      }
      const params = match.slice(1).map((param) => decodeURIComponent(param));
      ctx.body = await route.handler(ctx, params);
      ctx.status = 200;
      return;
    }
    throw notFound();
  };
};
