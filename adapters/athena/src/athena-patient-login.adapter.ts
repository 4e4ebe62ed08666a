/**
 * A patient's SMART on FHIR standalone sign-in against athenahealth's authorization server:
 * authorization code with PKCE S256, `state` and `nonce`. The id_token comes straight from the
 * token endpoint over TLS, so its claims are checked and its signature is not (OIDC Core
 * 3.1.3.7); the provider sandbox does not sign it at all.
 */
import { timingSafeEqual } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { HealthRecordUnavailableError, PatientLoginError } from '@portal/core';
import type { AuthorizationRequest, Clock, PatientLogin, PatientSignIn } from '@portal/core';
import type { AthenaConfig } from './athena.config.ts';
import { IdTokenClaims, OAuthErrorBody, PatientTokenResponse } from './athena.codecs.ts';
import { AthenaHttpClient } from './athena-http.client.ts';
import type { AthenaRequest } from './athena-http.client.ts';
import { AthenaDecodeError, AthenaRejectedError } from './athena.errors.ts';

export const PATIENT_SCOPE = 'openid fhirUser offline_access launch/patient patient/Patient.read';

export interface CodeExchange {
  readonly code: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  readonly nonce: string;
}

const systemClock: Clock = { now: () => new Date() };

export class AthenaPatientLogin implements PatientLogin {
  readonly clientId: string;
  readonly #baseUrl: string;
  readonly #clock: Clock;
  readonly #http: AthenaHttpClient;

  constructor(config: AthenaConfig, http: AthenaHttpClient = new AthenaHttpClient(config)) {
    this.clientId = config.patientClientId;
    this.#baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.#clock = config.clock ?? systemClock;
    this.#http = http;
  }

  /** The issuer the id_token must name. */
  get issuer(): string {
    return `${this.#baseUrl}/oauth2`;
  }

  /** The FHIR base, which is the `aud` of the authorize request. */
  get fhirBaseUrl(): string {
    return `${this.#baseUrl}/fhir/r4`;
  }

  authorizeUrl(request: AuthorizationRequest): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.clientId,
      redirect_uri: request.redirectUri,
      scope: PATIENT_SCOPE,
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      aud: this.fhirBaseUrl,
    });
    return `${this.#baseUrl}/oauth2/v1/authorize?${query.toString()}`;
  }

  /**
   * PatientLoginError when athena refuses the code (invalid_grant: reused, expired, wrong
   * verifier or redirect) or the answer/id_token fails a check; HealthRecordUnavailableError when
   * athena does not answer. Never retried: a code is single-use.
   */
  async exchangeCode(input: CodeExchange): Promise<PatientSignIn> {
    const request: AthenaRequest = {
      method: 'POST',
      path: '/oauth2/v1/token',
      auth: 'none',
      form: {
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        client_id: this.clientId,
        code_verifier: input.codeVerifier,
      },
    };
    let response: PatientTokenResponse;
    try {
      response = await this.#http.send(request, PatientTokenResponse, (failure) => {
        if (failure.status >= 400 && failure.status < 500) {
          const error = OAuthErrorBody.is(failure.body) ? failure.body.error : `status ${failure.status}`;
          throw new PatientLoginError(`athena refused the authorization code: ${error}`);
        }
        return undefined;
      });
    } catch (error) {
      if (error instanceof AthenaRejectedError) throw new PatientLoginError(error.message, { cause: error });
      if (error instanceof PatientLoginError) throw error;
      // A token answer of the wrong shape cannot sign anyone in; timeouts and 5xx stay "unavailable".
      if (error instanceof HealthRecordUnavailableError && error.cause instanceof AthenaDecodeError) {
        throw new PatientLoginError(error.message, { cause: error });
      }
      throw error;
    }
    const claims = checkIdToken(response.id_token, {
      issuer: this.issuer,
      clientId: this.clientId,
      nonce: input.nonce,
      now: this.#clock.now(),
    });
    const expiresInSeconds = Number(response.expires_in);
    if (!Number.isFinite(expiresInSeconds) || expiresInSeconds <= 0) throw new PatientLoginError('athena token answer: unusable expires_in');
    const patientId = proprietaryPatientId(response.patient);
    if (patientId === null) throw new PatientLoginError('athena token answer: no patient in context');
    return {
      patientId,
      fhirUser: claims.fhirUser ?? null,
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? null,
      expiresInSeconds,
      scope: response.scope ?? '',
    };
  }
}

export interface IdTokenExpectations {
  readonly issuer: string;
  readonly clientId: string;
  readonly nonce: string;
  readonly now: Date;
}

/** Decodes the id_token's payload and checks iss, aud, nonce and exp; PatientLoginError if any fails. */
export function checkIdToken(idToken: string, expected: IdTokenExpectations): IdTokenClaims {
  const parts = idToken.split('.');
  if (parts.length !== 3 || parts[1] === undefined || parts[1] === '') throw new PatientLoginError('id_token is not a JWT');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch (cause) {
    throw new PatientLoginError('id_token payload is not JSON', { cause });
  }
  const decoded = IdTokenClaims.decode(payload);
  if (E.isLeft(decoded)) throw new PatientLoginError('id_token is missing iss, aud or exp');
  const claims = decoded.right;
  if (claims.iss !== expected.issuer) throw new PatientLoginError('id_token issuer does not match');
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : claims.aud;
  if (!audiences.includes(expected.clientId)) throw new PatientLoginError('id_token audience does not match');
  if (claims.nonce === undefined || !sameText(claims.nonce, expected.nonce)) throw new PatientLoginError('id_token nonce does not match');
  if (claims.exp * 1000 <= expected.now.getTime()) throw new PatientLoginError('id_token has expired');
  return claims;
}

/** `patient` is the proprietary id ("1001"); accept the FHIR form ("a-29391.E-1001") too. */
export function proprietaryPatientId(patient: string | number): string | null {
  const value = String(patient).trim();
  if (/^\d+$/.test(value)) return value;
  const match = /(?:^|\/)a-\d+\.E-(\d+)$/.exec(value);
  return match?.[1] ?? null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
