/**
 * athenahealth's authorization server as the wire contract describes it: the backend token
 * (client_credentials, HTTP Basic), the SMART standalone launch (authorize pages → one-time code
 * → token with PKCE S256) and refresh, the id_token signing keys (JWKS) and the issuer's OpenID
 * discovery document. The authorize parameters wait server-side in a pending row between pages;
 * the forms carry only its random id.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { departmentById, AH_PRACTICE, BACKEND_CLIENT_ID, BACKEND_CLIENT_SECRET, FHIR_PATIENT_PREFIX, PATIENT_APP_CLIENT_ID, PATIENT_APP_NAME } from '../seed/practice.ts';
import { TABLES } from '../store/schema.ts';
import { randomToken, sameSecret, verifyPkce } from '../oauth/crypto.ts';
import { ID_TOKEN_ALG } from '../oauth/id-tokens.ts';
import type { SandboxContext } from './context.ts';
import { AthenaError } from './errors.ts';
import { choosePatientPage, errorPage, signInPage, type DependentCard, type PersonCard } from './pages.ts';
import type { PatientRow } from './shapes.ts';
import { baseUrl, field } from './shapes.ts';

export const ACCESS_TOKEN_SECONDS = 3600;
export const CODE_SECONDS = 60;
const PENDING_SECONDS = 15 * 60;
const REFRESH_TOKEN_SECONDS = 90 * 24 * 3600;
const BACKEND_SCOPE = 'athena/service/Athenanet.MDP.*';

interface PendingRow {
  readonly id: string;
  readonly client_id: string;
  readonly redirect_uri: string;
  readonly scope: string;
  readonly state: string;
  readonly nonce: string | null;
  readonly code_challenge: string;
  readonly person_patientid: number | null;
  readonly expires_at: Date;
}

interface CodeRow {
  readonly code: string;
  readonly client_id: string;
  readonly redirect_uri: string;
  readonly code_challenge: string;
  readonly nonce: string | null;
  readonly scope: string;
  readonly patientid: number;
  readonly person_patientid: number;
  readonly expires_at: Date;
  readonly used_at: Date | null;
}

interface RefreshRow {
  readonly token: string;
  readonly client_id: string;
  readonly scope: string;
  readonly patientid: number;
  readonly person_patientid: number;
  readonly expires_at: Date;
}

interface ProxyJoinRow extends PatientRow {
  readonly patientrelationtoproxy: string;
}

/** The issuer of the id_tokens (athena's real one is an Okta authorization server on another host). */
export const issuerOf = (base: string): string => `${base}/oauth2`;

/**
 * What both discovery documents say about the authorization server: the FHIR base's
 * /.well-known/smart-configuration (athena's) and the issuer's /.well-known/openid-configuration.
 */
export const authorizationServerMetadata = (base: string) => ({
  issuer: issuerOf(base),
  jwks_uri: `${base}/oauth2/v1/keys`,
  authorization_endpoint: `${base}/oauth2/v1/authorize`,
  token_endpoint: `${base}/oauth2/v1/token`,
  grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
});

const later = (now: Date, seconds: number): Date => new Date(now.getTime() + seconds * 1000);

const oauthError = (status: number, error: string, description?: string): AthenaError =>
  new AthenaError(status, description === undefined ? { error } : { error, error_description: description });

/** The registered redirect URIs of the patient app (athena-wire.md). */
export const isRegisteredRedirectUri = (uri: string, extra: readonly string[]): boolean => {
  if (extra.includes(uri)) return true;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (
    url.protocol === 'http:' &&
    (url.hostname === 'localhost' || url.hostname === '127.0.0.1') &&
    url.pathname === '/api/auth/callback' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    `${url.origin}${url.pathname}` === uri
  );
};

const redirectWith = (redirectUri: string, params: Record<string, string | undefined>): string => {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(key, value);
  return url.toString();
};

const sendHtml = (ctx: Context, status: number, html: string, formTarget?: string): void => {
  let targetOrigin = '';
  if (formTarget) {
    try {
      targetOrigin = ` ${new URL(formTarget).origin}`;
    } catch {
      targetOrigin = '';
    }
  }
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  // form-action also governs the redirect that follows a form post, so the client's origin is listed.
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${targetOrigin}; frame-ancestors 'none'; base-uri 'none'`,
  );
  ctx.body = html;
};

const fullName = (patient: Pick<PatientRow, 'firstname' | 'lastname'>): string => `${patient.firstname} ${patient.lastname}`;

const personCard = (patient: PatientRow): PersonCard => ({
  patientid: patient.patientid,
  name: fullName(patient),
  detail: [
    patient.email ?? 'No email on file',
    `Born ${patient.dob}`,
    departmentById(patient.primarydepartmentid)?.name ?? `Department ${patient.primarydepartmentid}`,
  ].join(' · '),
  note: patient.note,
});

const basicCredentials = (ctx: Context): { id: string; secret: string } | null => {
  const match = /^Basic\s+(\S+)$/i.exec(ctx.get('Authorization'));
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
};

export const oauthRouter = (sandbox: SandboxContext): Router => {
  const router = new Router({ prefix: '/oauth2' });
  const { db, now } = sandbox;

  const portalPeople = async (): Promise<PatientRow[]> =>
    (await db.table(TABLES.patients).where({ portalaccount: true }).orderBy('patientid')) as PatientRow[];

  const patient = async (id: number, trx?: Knex.Transaction): Promise<PatientRow | undefined> =>
    (await db.table(TABLES.patients, trx).where({ patientid: id }).first()) as PatientRow | undefined;

  const dependentsOf = async (personId: number): Promise<ProxyJoinRow[]> =>
    (await db
      .table(`${TABLES.proxies} as x`)
      .join(`${TABLES.patients} as p`, 'p.patientid', 'x.patientid')
      .where('x.proxypatientid', personId)
      .orderBy('p.patientid')
      .select('p.*', 'x.patientrelationtoproxy')) as ProxyJoinRow[];

  const loadPending = async (ctx: Context, id: string): Promise<PendingRow | null> => {
    const row = id
      ? ((await db.table(TABLES.pendingAuthorizations).where({ id }).andWhere('expires_at', '>', now()).first()) as PendingRow | undefined)
      : undefined;
    if (row === undefined) {
      sendHtml(ctx, 400, errorPage('This sign-in has expired', 'Go back to the portal and start signing in again.'));
      return null;
    }
    return row;
  };

  const cancelHref = (id: string) => `/oauth2/v1/authorize/cancel?request=${encodeURIComponent(id)}`;

  /** Issues the one-time code and sends the browser back to the client. */
  const complete = async (ctx: Context, pending: PendingRow, personId: number, patientId: number): Promise<void> => {
    const code = randomToken();
    await db.knex.transaction(async (trx) => {
      await db.table(TABLES.authorizationCodes, trx).insert({
        code,
        client_id: pending.client_id,
        redirect_uri: pending.redirect_uri,
        code_challenge: pending.code_challenge,
        nonce: pending.nonce,
        scope: pending.scope,
        patientid: patientId,
        person_patientid: personId,
        expires_at: later(now(), CODE_SECONDS),
      });
      await db.table(TABLES.pendingAuthorizations, trx).where({ id: pending.id }).delete();
    });
    ctx.status = 302;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(redirectWith(pending.redirect_uri, { code, state: pending.state }));
  };

  router.get('/v1/authorize', async (ctx) => {
    const q = ctx.query;
    const clientId = field(q, 'client_id');
    const redirectUri = field(q, 'redirect_uri');
    if (clientId !== PATIENT_APP_CLIENT_ID) {
      sendHtml(ctx, 400, errorPage('Unknown application', 'The application that sent you here is not registered with this practice.'));
      return;
    }
    if (!isRegisteredRedirectUri(redirectUri, sandbox.redirectUris)) {
      sendHtml(ctx, 400, errorPage('Invalid redirect', 'The address this application asked to return to is not registered.'));
      return;
    }
    const state = field(q, 'state');
    const fail = (error: string, description: string) => {
      ctx.status = 302;
      ctx.redirect(redirectWith(redirectUri, { error, error_description: description, state }));
    };
    if (field(q, 'response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code.');
    if (state === '') return fail('invalid_request', 'state is required.');
    const aud = field(q, 'aud').replace(/\/+$/, '');
    if (aud === '') return fail('invalid_request', 'aud is required.');
    if (aud !== `${baseUrl(ctx)}/fhir/r4`) return fail('invalid_request', `aud must be ${baseUrl(ctx)}/fhir/r4.`);
    const codeChallenge = field(q, 'code_challenge');
    if (field(q, 'code_challenge_method') !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.');
    if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) return fail('invalid_request', 'code_challenge must be a base64url SHA-256 digest.');
    const scope = field(q, 'scope');
    if (scope === '') return fail('invalid_scope', 'scope is required.');

    const id = randomToken();
    await db.table(TABLES.pendingAuthorizations).insert({
      id,
      client_id: clientId,
      redirect_uri: redirectUri,
      scope,
      state,
      nonce: field(q, 'nonce') || null,
      code_challenge: codeChallenge,
      expires_at: later(now(), PENDING_SECONDS),
    });
    const people = await portalPeople();
    sendHtml(
      ctx,
      200,
      signInPage({ requestId: id, clientName: PATIENT_APP_NAME, people: people.map(personCard), cancelHref: cancelHref(id) }),
      redirectUri,
    );
  });

  router.post('/v1/authorize/signin', async (ctx) => {
    const pending = await loadPending(ctx, field(ctx.request.body, 'request'));
    if (pending === null) return;
    const personId = Number(field(ctx.request.body, 'patientid'));
    const person = Number.isInteger(personId) ? await patient(personId) : undefined;
    if (person === undefined || !person.portalaccount) {
      sendHtml(ctx, 400, errorPage('Unknown account', 'That patient portal account does not exist.'));
      return;
    }
    const dependents = await dependentsOf(person.patientid);
    if (dependents.length === 0) return complete(ctx, pending, person.patientid, person.patientid);
    await db.table(TABLES.pendingAuthorizations).where({ id: pending.id }).update({ person_patientid: person.patientid });
    // Post/redirect/get: a reload of the next page does not post the sign-in again.
    ctx.status = 303;
    ctx.redirect(`/oauth2/v1/authorize/choose?request=${encodeURIComponent(pending.id)}`);
  });

  router.get('/v1/authorize/choose', async (ctx) => {
    const pending = await loadPending(ctx, field(ctx.query, 'request'));
    if (pending === null) return;
    const person = pending.person_patientid === null ? undefined : await patient(pending.person_patientid);
    if (person === undefined) {
      sendHtml(ctx, 400, errorPage('This sign-in has expired', 'Go back to the portal and start signing in again.'));
      return;
    }
    const dependents = await dependentsOf(person.patientid);
    sendHtml(
      ctx,
      200,
      choosePatientPage({
        requestId: pending.id,
        clientName: PATIENT_APP_NAME,
        self: personCard(person),
        dependents: dependents.map((row): DependentCard => ({ ...personCard(row), relation: row.patientrelationtoproxy })),
        cancelHref: cancelHref(pending.id),
      }),
      pending.redirect_uri,
    );
  });

  router.post('/v1/authorize/choose', async (ctx) => {
    const pending = await loadPending(ctx, field(ctx.request.body, 'request'));
    if (pending === null) return;
    const chosen = Number(field(ctx.request.body, 'patientid'));
    const personId = pending.person_patientid;
    const allowed =
      personId !== null &&
      (chosen === personId || (await dependentsOf(personId)).some((dependent) => dependent.patientid === chosen));
    if (!allowed || personId === null) {
      sendHtml(ctx, 403, errorPage('Not allowed', 'This account cannot open that patient record.'));
      return;
    }
    return complete(ctx, pending, personId, chosen);
  });

  router.get('/v1/authorize/cancel', async (ctx) => {
    const pending = await loadPending(ctx, field(ctx.query, 'request'));
    if (pending === null) return;
    await db.table(TABLES.pendingAuthorizations).where({ id: pending.id }).delete();
    ctx.status = 302;
    ctx.redirect(redirectWith(pending.redirect_uri, { error: 'access_denied', error_description: 'The user cancelled sign-in.', state: pending.state }));
  });

  const issuePatientTokens = async (
    ctx: Context,
    grant: { clientId: string; scope: string; patientId: number; personId: number; code: string | null; nonce: string | null; withIdToken: boolean; refreshToken: string | null },
  ): Promise<Record<string, unknown>> => {
    const issuedAt = now();
    const accessToken = randomToken();
    await db.table(TABLES.accessTokens).insert({
      token: accessToken,
      kind: 'patient',
      client_id: grant.clientId,
      scope: grant.scope,
      patientid: grant.patientId,
      person_patientid: grant.personId,
      code: grant.code,
      expires_at: later(issuedAt, ACCESS_TOKEN_SECONDS),
    });
    let refreshToken = grant.refreshToken;
    if (refreshToken === null && grant.scope.split(/\s+/).includes('offline_access')) {
      refreshToken = randomToken();
      await db.table(TABLES.refreshTokens).insert({
        token: refreshToken,
        client_id: grant.clientId,
        scope: grant.scope,
        patientid: grant.patientId,
        person_patientid: grant.personId,
        code: grant.code,
        expires_at: later(issuedAt, REFRESH_TOKEN_SECONDS),
      });
    }
    const iat = Math.floor(issuedAt.getTime() / 1000);
    const idToken = grant.withIdToken
      ? await sandbox.idTokens.sign({
          iss: issuerOf(baseUrl(ctx)),
          aud: grant.clientId,
          sub: `${FHIR_PATIENT_PREFIX}${grant.personId}`,
          ...(grant.nonce === null ? {} : { nonce: grant.nonce }),
          iat,
          exp: iat + ACCESS_TOKEN_SECONDS,
          fhirUser: `${baseUrl(ctx)}/fhir/r4/Patient/${FHIR_PATIENT_PREFIX}${grant.personId}`,
        })
      : undefined;
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: grant.scope,
      ...(idToken === undefined ? {} : { id_token: idToken }),
      patient: String(grant.patientId),
      ah_practice: AH_PRACTICE,
      ...(refreshToken === null ? {} : { refresh_token: refreshToken }),
    };
  };

  // OpenID Connect discovery for the issuer (Okta publishes it under the issuer; athena's SMART
  // configuration under the FHIR base names the same endpoints).
  router.get('/.well-known/openid-configuration', (ctx) => {
    ctx.set('Cache-Control', 'max-age=300');
    ctx.body = {
      ...authorizationServerMetadata(baseUrl(ctx)),
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
      scopes_supported: ['openid', 'fhirUser', 'offline_access', 'launch/patient', 'patient/Patient.read', 'patient/RelatedPerson.read'],
      claims_supported: ['iss', 'aud', 'sub', 'nonce', 'iat', 'exp', 'fhirUser'],
    };
  });

  // The public keys the id_tokens are signed with. athena documents client_id as required (U: what
  // it answers without one); the sandbox asks for a client it knows.
  router.get('/v1/keys', (ctx) => {
    const clientId = field(ctx.query, 'client_id');
    if (clientId !== PATIENT_APP_CLIENT_ID && clientId !== BACKEND_CLIENT_ID) {
      throw oauthError(400, 'invalid_client', 'client_id must name a registered client.');
    }
    ctx.set('Cache-Control', 'max-age=300');
    ctx.body = sandbox.idTokens.jwks;
  });

  router.post('/v1/token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Pragma', 'no-cache');
    const body = ctx.request.body;
    const grantType = field(body, 'grant_type');
    const basic = basicCredentials(ctx);

    if (grantType === 'client_credentials') {
      const id = basic?.id ?? field(body, 'client_id');
      const secret = basic?.secret ?? field(body, 'client_secret');
      if (id !== BACKEND_CLIENT_ID || !sameSecret(secret, BACKEND_CLIENT_SECRET)) {
        ctx.set('WWW-Authenticate', 'Basic realm="athenahealth"');
        throw new AthenaError(401, { error: 'invalid_client' });
      }
      const scope = field(body, 'scope') || BACKEND_SCOPE;
      const accessToken = randomToken();
      await db.table(TABLES.accessTokens).insert({
        token: accessToken,
        kind: 'backend',
        client_id: id,
        scope,
        expires_at: later(now(), ACCESS_TOKEN_SECONDS),
      });
      ctx.body = { access_token: accessToken, expires_in: String(ACCESS_TOKEN_SECONDS), token_type: 'Bearer', scope };
      return;
    }

    if (grantType === 'authorization_code') {
      const clientId = basic?.id ?? field(body, 'client_id');
      const code = field(body, 'code');
      const redirectUri = field(body, 'redirect_uri');
      const verifier = field(body, 'code_verifier');
      if (clientId !== PATIENT_APP_CLIENT_ID) throw oauthError(401, 'invalid_client', 'Unknown client_id.');
      if (code === '' || redirectUri === '' || verifier === '') {
        throw oauthError(400, 'invalid_request', 'code, redirect_uri, client_id and code_verifier are required.');
      }
      const row = (await db.table(TABLES.authorizationCodes).where({ code }).first()) as CodeRow | undefined;
      if (row === undefined) throw oauthError(400, 'invalid_grant', 'Unknown authorization code.');
      if (row.used_at !== null) {
        // A replayed code: the tokens it gave are revoked too (RFC 6749 §4.1.2).
        await db.table(TABLES.accessTokens).where({ code }).delete();
        await db.table(TABLES.refreshTokens).where({ code }).delete();
        throw oauthError(400, 'invalid_grant', 'The authorization code was already used.');
      }
      if (row.expires_at.getTime() <= now().getTime()) throw oauthError(400, 'invalid_grant', 'The authorization code has expired.');
      if (row.client_id !== clientId) throw oauthError(400, 'invalid_grant', 'The code was issued to another client.');
      if (row.redirect_uri !== redirectUri) throw oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
      if (!verifyPkce(verifier, row.code_challenge)) throw oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
      const consumed = await db.table(TABLES.authorizationCodes).where({ code }).whereNull('used_at').update({ used_at: now() });
      if (consumed !== 1) throw oauthError(400, 'invalid_grant', 'The authorization code was already used.');
      ctx.body = await issuePatientTokens(ctx, {
        clientId,
        scope: row.scope,
        patientId: row.patientid,
        personId: row.person_patientid,
        code,
        nonce: row.nonce,
        withIdToken: true,
        refreshToken: null,
      });
      return;
    }

    if (grantType === 'refresh_token') {
      const clientId = basic?.id ?? field(body, 'client_id');
      const token = field(body, 'refresh_token');
      const scope = field(body, 'scope');
      if (clientId !== PATIENT_APP_CLIENT_ID) throw oauthError(401, 'invalid_client', 'Unknown client_id.');
      if (token === '' || scope === '') throw oauthError(400, 'invalid_request', 'refresh_token, client_id and scope are required.');
      const row = (await db
        .table(TABLES.refreshTokens)
        .where({ token })
        .andWhere('expires_at', '>', now())
        .first()) as RefreshRow | undefined;
      if (row === undefined || row.client_id !== clientId) throw oauthError(400, 'invalid_grant', 'Unknown or expired refresh token.');
      const granted = new Set(row.scope.split(/\s+/));
      if (!scope.split(/\s+/).every((item) => granted.has(item))) {
        throw oauthError(400, 'invalid_scope', 'The scope asks for more than was granted.');
      }
      ctx.body = await issuePatientTokens(ctx, {
        clientId,
        scope,
        patientId: row.patientid,
        personId: row.person_patientid,
        code: null,
        nonce: null,
        withIdToken: false,
        refreshToken: row.token,
      });
      return;
    }

    throw oauthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials, authorization_code or refresh_token.');
  });

  return router;
};
