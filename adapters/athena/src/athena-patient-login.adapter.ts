/**
 * A patient's SMART on FHIR standalone sign-in against athenahealth's authorization server, on
 * oauth4webapi (decision 0022): the endpoints, the issuer and the signing keys come from athena's
 * SMART configuration; the library computes the PKCE S256 challenge, makes the code exchange,
 * checks the id_token (alg RS256 only, iss, aud, exp, iat, sub, nonce, azp) and verifies its
 * signature against the issuer's JWKS. `state` stays with the caller: it is a hashed single-use
 * record bound to the browser (apps/api's PatientAuthService).
 */
import * as E from 'fp-ts/lib/Either.js';
import * as oauth from 'oauth4webapi';
import { HealthRecordUnavailableError, PatientLoginError } from '@portal/core';
import type { AuthorizationRequest, Clock, PatientLogin, PatientSignIn } from '@portal/core';
import type { AthenaConfig } from './athena.config.ts';
import { PatientTokenResponse, SmartConfiguration } from './athena.codecs.ts';
import { AthenaHttpClient } from './athena-http.client.ts';
import type { AthenaMethod } from './athena-http.client.ts';

export const PATIENT_SCOPE = 'openid fhirUser offline_access launch/patient patient/Patient.read';

/** athena's SMART configuration, under the FHIR base. */
export const SMART_CONFIGURATION_PATH = '/fhir/r4/.well-known/smart-configuration';

/** athena's Okta signs id_tokens RS256; nothing else is accepted (no `none`, no HMAC). */
export const ID_TOKEN_ALG = 'RS256';

/** How long the SMART configuration is kept before it is read again (the JWKS has its own cache in oauth4webapi). */
export const METADATA_TTL_MS = 60 * 60 * 1000;

export interface CodeExchange {
  readonly code: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  readonly nonce: string;
}

const systemClock: Clock = { now: () => new Date() };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http is allowed for the local provider sandbox only: a loopback host, never a real issuer. */
export function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
}

interface CachedMetadata {
  readonly server: Promise<oauth.AuthorizationServer>;
  readonly fetchedAt: number;
}

export class AthenaPatientLogin implements PatientLogin {
  readonly clientId: string;
  readonly #baseUrl: string;
  readonly #clock: Clock;
  readonly #http: AthenaHttpClient;
  readonly #insecure: boolean;
  #metadata: CachedMetadata | undefined;

  constructor(config: AthenaConfig, http: AthenaHttpClient = new AthenaHttpClient(config)) {
    this.clientId = config.patientClientId;
    this.#baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.#clock = config.clock ?? systemClock;
    this.#http = http;
    this.#insecure = isLoopbackHttp(this.#baseUrl);
  }

  /** The FHIR base, which is the `aud` of the authorize request. */
  get fhirBaseUrl(): string {
    return `${this.#baseUrl}/fhir/r4`;
  }

  /** The authorize URL from athena's SMART configuration; HealthRecordUnavailableError when it cannot be read. */
  async authorizeUrl(request: AuthorizationRequest): Promise<string> {
    const server = await this.#server();
    const url = new URL(server.authorization_endpoint as string);
    if (url.protocol !== 'https:' && !this.#insecure) throw new HealthRecordUnavailableError('athena authorization_endpoint is not https');
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: this.clientId,
      redirect_uri: request.redirectUri,
      scope: PATIENT_SCOPE,
      state: request.state,
      nonce: request.nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      aud: this.fhirBaseUrl,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  }

  /**
   * PatientLoginError when athena refuses the code (invalid_grant: reused, expired, wrong
   * verifier or redirect) or the answer or its id_token fails a check (signature, alg, issuer,
   * audience, nonce, expiry); HealthRecordUnavailableError when athena (its SMART configuration,
   * token endpoint or keys) does not answer or answers 5xx. Never retried: a code is single-use.
   */
  async exchangeCode(input: CodeExchange): Promise<PatientSignIn> {
    const server = await this.#server();
    const client = this.#client();
    const options = this.#requestOptions();
    // The caller has checked `state` (and there is no `iss` to check): the library only needs the code.
    const callback = oauth.validateAuthResponse(server, client, new URLSearchParams({ code: input.code }), oauth.skipStateCheck);
    let answer: Response;
    try {
      answer = await oauth.authorizationCodeGrantRequest(server, client, oauth.None(), callback, input.redirectUri, input.codeVerifier, options.token);
    } catch (error) {
      throw loginFailure(error);
    }
    let tokens: oauth.TokenEndpointResponse;
    try {
      tokens = await oauth.processAuthorizationCodeResponse(server, client, answer, { expectedNonce: input.nonce, requireIdToken: true });
      await oauth.validateApplicationLevelSignature(server, answer, options.keys);
    } catch (error) {
      throw loginFailure(error);
    }
    const decoded = PatientTokenResponse.decode(tokens);
    if (E.isLeft(decoded)) throw new PatientLoginError('athena token answer: no patient in context or no expires_in');
    const response = decoded.right;
    const expiresInSeconds = Number(response.expires_in);
    if (!Number.isFinite(expiresInSeconds) || expiresInSeconds <= 0) throw new PatientLoginError('athena token answer: unusable expires_in');
    const patientId = proprietaryPatientId(response.patient);
    if (patientId === null) throw new PatientLoginError('athena token answer: no patient in context');
    const fhirUser = oauth.getValidatedIdTokenClaims(tokens)?.['fhirUser'];
    return {
      patientId,
      fhirUser: typeof fhirUser === 'string' ? fhirUser : null,
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? null,
      expiresInSeconds,
      scope: response.scope ?? '',
    };
  }

  /** athena's SMART configuration, read once an hour (single flight; a failed read is not kept). */
  #server(): Promise<oauth.AuthorizationServer> {
    const now = this.#clock.now().getTime();
    const cached = this.#metadata;
    if (cached !== undefined && now - cached.fetchedAt < METADATA_TTL_MS) return cached.server;
    const server = this.#readConfiguration();
    this.#metadata = { server, fetchedAt: now };
    server.catch(() => {
      if (this.#metadata?.server === server) this.#metadata = undefined;
    });
    return server;
  }

  async #readConfiguration(): Promise<oauth.AuthorizationServer> {
    const request = { method: 'GET' as const, path: SMART_CONFIGURATION_PATH, auth: 'none' as const };
    const configuration = await this.#http.send(request, SmartConfiguration, (failure) => {
      throw new HealthRecordUnavailableError(`athena GET ${SMART_CONFIGURATION_PATH} answered ${failure.status}`);
    });
    // athena documents client_id as required on its keys endpoint.
    const jwksUri = new URL(configuration.jwks_uri);
    if (!jwksUri.searchParams.has('client_id')) jwksUri.searchParams.set('client_id', this.clientId);
    return {
      issuer: configuration.issuer,
      authorization_endpoint: configuration.authorization_endpoint,
      token_endpoint: configuration.token_endpoint,
      jwks_uri: jwksUri.href,
      id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    };
  }

  /** The patient app as oauth4webapi's client: public, RS256 id_tokens, and our clock (tests move it). */
  #client(): oauth.Client {
    return {
      client_id: this.clientId,
      id_token_signed_response_alg: ID_TOKEN_ALG,
      [oauth.clockSkew]: Math.round((this.#clock.now().getTime() - Date.now()) / 1000),
    };
  }

  /** The library's requests go through our HTTP client: timeouts, retries of GETs, request ids, events. */
  #requestOptions(): { readonly token: oauth.TokenEndpointRequestOptions; readonly keys: oauth.ValidateSignatureOptions } {
    const send = async (url: string, init: { method: AthenaMethod; headers: Record<string, string>; body?: URLSearchParams | undefined }): Promise<Response> => {
      const path = new URL(url).pathname;
      const response = await this.#http.respond({
        method: init.method,
        path,
        url,
        auth: 'none',
        headers: init.headers,
        ...(init.body === undefined ? {} : { body: init.body.toString() }),
        // The keys may be read again; the code exchange never (the code is single-use).
        retrySafe: init.method === 'GET',
      });
      // The keys not answering is athena being unavailable, not a refused sign-in.
      if (init.method === 'GET' && response.status !== 200) throw new HealthRecordUnavailableError(`athena GET ${path} answered ${response.status}`);
      return response;
    };
    const insecure = this.#insecure ? { [oauth.allowInsecureRequests]: true } : {};
    return {
      token: { [oauth.customFetch]: send, ...insecure },
      keys: { [oauth.customFetch]: send, ...insecure },
    };
  }
}

/**
 * What a failed exchange means for the patient: unavailable stays unavailable; athena's OAuth
 * error and every check oauth4webapi refuses become PatientLoginError. Only the library's code
 * and message are kept — its `cause` holds the token answer, which must not reach a log.
 */
function loginFailure(error: unknown): Error {
  if (error instanceof HealthRecordUnavailableError) return error;
  if (error instanceof oauth.ResponseBodyError) return new PatientLoginError(`athena refused the authorization code: ${error.error}`);
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    return new PatientLoginError(`athena token answer refused (${error.code ?? 'unsupported'}): ${error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** `patient` is the proprietary id ("1001"); accept the FHIR form ("a-29391.E-1001") too. */
export function proprietaryPatientId(patient: string | number): string | null {
  const value = String(patient).trim();
  if (/^\d+$/.test(value)) return value;
  const match = /(?:^|\/)a-\d+\.E-(\d+)$/.exec(value);
  return match?.[1] ?? null;
}
