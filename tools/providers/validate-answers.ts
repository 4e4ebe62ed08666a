/**
 * Checks what a provider answered an adapter (recorded by recording-fetch.ts) against the
 * provider's published schema: athenahealth's documented fields per endpoint
 * (athena-schemas.ts), HL7's FHIR R4 JSON schema for everything under `/fhir/r4`
 * (fhir-schema.ts), SignWell's API reference (signwell-schemas.ts). A call that no schema
 * covers is a problem too: the suite must keep up with the adapters.
 */
import { athenaEndpoints, athenaErrorSchema } from './athena-schemas.ts';
import { fhirProblems } from './fhir-schema.ts';
import type { RecordedAnswer } from './recording-fetch.ts';
import { closed, fieldCount, problems, type Schema } from './schema-kit.ts';
import { errorResponse, signwellEndpoints, validationErrors } from './signwell-schemas.ts';

export type ProviderName = 'athena' | 'fhir' | 'signwell';

export interface AnswerCheck {
  readonly provider: ProviderName;
  /** e.g. `GET /patients/{patientid} 200` */
  readonly call: string;
  readonly fields: number;
  readonly problems: readonly string[];
}

/** athenahealth's backend token answer (authentication page): expires_in may be a string. */
const athenaToken: Schema = closed(
  { access_token: { type: 'string' }, expires_in: { type: ['string', 'number'] }, token_type: { type: 'string' }, scope: { type: 'string' }, refresh_token: { type: 'string' } },
  ['access_token', 'expires_in'],
);

const ok = (status: number): boolean => status >= 200 && status < 300;

export const checkAnswer = (answer: RecordedAnswer, practiceId: string): AnswerCheck => {
  const { method, path, status, body } = answer;
  const fields = fieldCount(body);
  const v1 = `/v1/${practiceId}`;
  if (path === '/oauth2/v1/token') {
    return { provider: 'athena', call: `${method} /oauth2/v1/token ${status}`, fields, problems: ok(status) ? problems(athenaToken, body) : problems(closed({ error: { type: 'string' }, error_description: { type: 'string' } }, ['error']), body) };
  }
  if (path.startsWith(`${v1}/`)) {
    const rest = path.slice(v1.length);
    const endpoint = athenaEndpoints.find((candidate) => candidate.method === method && candidate.path.test(rest));
    const call = `${endpoint?.name ?? `${method} ${rest}`} ${status}`;
    if (endpoint === undefined) return { provider: 'athena', call, fields, problems: ['no documented schema for this call'] };
    if (body === undefined) return { provider: 'athena', call, fields, problems: ['the answer is not JSON'] };
    return { provider: 'athena', call, fields, problems: problems(ok(status) ? endpoint.ok : athenaErrorSchema, body) };
  }
  if (path.startsWith('/fhir/r4/') && !path.includes('/.well-known/')) {
    const call = `${method} ${path.replace(/\/fhir\/r4\/(\w+)\/.+$/, '/fhir/r4/$1/{id}')} ${status}`;
    if (body === null || typeof body !== 'object' || typeof (body as { resourceType?: unknown }).resourceType !== 'string') {
      return { provider: 'fhir', call, fields, problems: ['the answer is not a FHIR resource'] };
    }
    const found = fhirProblems(body);
    // A Bundle's problems name no entry; each entry's resource on its own says which.
    const entries = (body as { entry?: Array<{ resource?: unknown }> }).entry ?? [];
    const perEntry = found.length === 0 ? [] : entries.flatMap((entry, index) => fhirProblems(entry.resource ?? {}).map((problem) => `entry[${index}].resource${problem}`));
    return { provider: 'fhir', call, fields, problems: [...found, ...perEntry] };
  }
  const api = path.indexOf('/api/v1/');
  if (api >= 0 && (path.startsWith('/signwell/') || api === 0)) {
    const rest = path.slice(api + '/api/v1'.length);
    const endpoint = signwellEndpoints.find((candidate) => candidate.method === method && candidate.path.test(rest));
    const call = `${endpoint?.name ?? `${method} ${rest}`} ${status}`;
    if (endpoint === undefined) return { provider: 'signwell', call, fields, problems: ['no documented schema for this call'] };
    if (ok(status)) {
      if (endpoint.ok === null || (body === undefined && !answer.contentType.includes('json'))) return { provider: 'signwell', call, fields, problems: [] };
      return { provider: 'signwell', call, fields, problems: problems(endpoint.ok, body) };
    }
    const schema = status === 400 || status === 422 ? validationErrors : errorResponse;
    return { provider: 'signwell', call, fields, problems: body === undefined ? ['the error is not JSON'] : problems(schema, body) };
  }
  return { provider: 'athena', call: `${method} ${path} ${status}`, fields, problems: ['a call no schema covers'] };
};

export interface ProviderTally {
  calls: number;
  fields: number;
  readonly distinct: Set<string>;
}

export const tally = (checks: readonly AnswerCheck[]): Record<ProviderName, ProviderTally> => {
  const result: Record<ProviderName, ProviderTally> = {
    athena: { calls: 0, fields: 0, distinct: new Set() },
    fhir: { calls: 0, fields: 0, distinct: new Set() },
    signwell: { calls: 0, fields: 0, distinct: new Set() },
  };
  for (const check of checks) {
    const entry = result[check.provider];
    entry.calls += 1;
    entry.fields += check.fields;
    entry.distinct.add(check.call);
  }
  return result;
};
