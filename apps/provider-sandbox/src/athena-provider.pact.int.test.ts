/**
 * Provider verification: the running sandbox answers every interaction of the adapters'
 * consumer contract, contracts/pacts/member-portal-api-athenahealth.json (written by
 * adapters/athena/src/athena.pact.test.ts: run that test first to regenerate it).
 *
 * Provider states are set up through the sandbox's own interfaces: its reset, its proprietary
 * API (searches, bookings, custom fields) and its real sign-in pages. States whose data the
 * interactions change reset the sandbox first; 'an open slot exists' does not, because it is
 * combined with other states in one interaction and only picks a slot that is open now.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { VerifierOptions } from '@pact-foundation/pact';
import { createTestDatabase, type TestDatabase } from '../../../tools/src/testing/test-database.ts';
import { startSandbox, type RunningSandbox } from './index.ts';
import { type StateParams, type StateValues, providerStatesIn, stateRecorder, stateText, verifySandboxAgainst } from './pact-verification.ts';
import { BACKEND_CLIENT_ID, DEPARTMENTS, PRACTICE_ID } from './seed/practice.ts';
import { backendToken, call, signIn, type JsonResponse } from './testing.ts';
import { addDays, dayIn, formatUsDate } from './time.ts';

// No usage metrics from the Pact core: this test runs offline.
process.env['PACT_DO_NOT_TRACK'] = 'true';

const PACT_FILE = fileURLToPath(new URL('../../../contracts/pacts/member-portal-api-athenahealth.json', import.meta.url));
const P = `/v1/${PRACTICE_ID}`;

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
type RequestFilter = NonNullable<VerifierOptions['requestFilter']>;
type Params = StateParams;

interface WirePatient {
  readonly patientid: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly primarydepartmentid: string;
  readonly email?: string;
}

interface WireSlot {
  readonly appointmentid: number;
  readonly date: string;
  readonly departmentid: number;
  readonly providerid: number;
  readonly appointmenttypeid: number;
}

let db: TestDatabase | undefined;
let sandbox: RunningSandbox | undefined;
let token = '';

const running = (): RunningSandbox => {
  if (sandbox === undefined) throw new Error('the sandbox is not running');
  return sandbox;
};

// ---- the sandbox's own API, as a backend client ------------------------------------------------

const api = async (
  method: string,
  path: string,
  body?: Record<string, string>,
  expected = 200,
): Promise<JsonResponse> => {
  const response = await call(running().url, token, method, path, body);
  if (response.status !== expected) {
    throw new Error(`${method} ${path}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response;
};

const text = stateText;

const texts = (params: Params | undefined, name: string): string[] => {
  const value = params?.[name];
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
    throw new Error(`provider state parameter '${name}' must be a list of names`);
  }
  return value as string[];
};

/** The one patient of that name (and date of birth), found with the sandbox's patient search. */
const patientNamed = async (name: string, dob?: string): Promise<WirePatient> => {
  const [firstname = '', ...rest] = name.trim().split(/\s+/);
  const query = new URLSearchParams({ firstname, lastname: rest.join(' '), ...(dob === undefined ? {} : { dob }) });
  const { body } = await api('GET', `${P}/patients?${query.toString()}`);
  const patients = (body as { patients: WirePatient[] }).patients;
  if (patients.length !== 1) throw new Error(`expected one patient named ${name}, found ${patients.length}`);
  return patients[0] as WirePatient;
};

const requireProxy = async (patient: WirePatient, caregiverName: string): Promise<void> => {
  const { body } = await api('GET', `${P}/patients/${patient.patientid}/portalaccess`);
  if (!(body as { name: string }[]).some((entry) => entry.name === caregiverName)) {
    throw new Error(`${caregiverName} has no portal access to ${patient.firstname} ${patient.lastname}`);
  }
};

/** The first slot open from tomorrow (practice calendar) on, so it cannot start during the run. */
const firstOpenSlot = async (departmentIds: readonly string[]): Promise<WireSlot> => {
  const tomorrow = addDays(dayIn(new Date()), 1);
  const query = new URLSearchParams({
    departmentid: departmentIds.join(','),
    startdate: formatUsDate(tomorrow),
    enddate: formatUsDate(addDays(tomorrow, 20)),
  });
  const { body } = await api('GET', `${P}/appointments/open?${query.toString()}`);
  const slot = (body as { appointments: WireSlot[] }).appointments[0];
  if (slot === undefined) throw new Error(`no open slot in department(s) ${departmentIds.join(', ')}`);
  return slot;
};

const reset = (): Promise<void> => running().reset();

// ---- provider states -----------------------------------------------------------------------

const { state, failures: stateFailures } = stateRecorder();

const stateHandlers: StateHandlers = {
  'backend client portal-sandbox-client exists': state('backend client', async (params) => {
    if (text(params, 'clientId') !== BACKEND_CLIENT_ID) throw new Error(`the sandbox's backend client is ${BACKEND_CLIENT_ID}`);
    return {};
  }),

  'patient Margaret Sullivan exists': state('Margaret', async (params) => {
    await reset();
    const patient = await patientNamed(text(params, 'patientName'), text(params, 'dateOfBirth'));
    return { patientId: patient.patientid, primaryDepartmentId: patient.primarydepartmentid };
  }),

  'patient Paul Whitaker has custom field 21 (MDRI Paid Up) set to Yes': state('Paul paid up', async (params) => {
    await reset();
    const patient = await patientNamed(text(params, 'patientName'));
    const customFieldId = text(params, 'customFieldId');
    const optionId = text(params, 'optionId');
    const { body } = await api('PUT', `${P}/patients/${patient.patientid}/customfields`, {
      departmentid: patient.primarydepartmentid,
      customfields: JSON.stringify([{ customfieldid: customFieldId, optionid: optionId }]),
    });
    if ((body as { updatedcount: number }).updatedcount !== 1) throw new Error(`custom field ${customFieldId} was not set`);
    const { body: fields } = await api('GET', `${P}/patients/${patient.patientid}/customfields`);
    const field = (fields as { customfieldid: string; customfieldvalue: string }[]).find((f) => f.customfieldid === customFieldId);
    if (field?.customfieldvalue !== text(params, 'value')) throw new Error(`custom field ${customFieldId} is not ${text(params, 'value')}`);
    return { patientId: patient.patientid };
  }),

  'no patient has id 99999999': state('no such patient', async (params) => {
    await api('GET', `${P}/patients/${text(params, 'patientId')}`, undefined, 404);
    return {};
  }),

  'Carol Bennett has proxy access to Emma Bennett': state('Carol for Emma', async (params) => {
    await reset();
    const caregiverName = text(params, 'caregiverName');
    const caregiver = await patientNamed(caregiverName);
    const patient = await patientNamed(text(params, 'patientName'));
    await requireProxy(patient, caregiverName);
    if (caregiver.email === undefined) throw new Error(`${caregiverName} has no email`);
    return { patientId: patient.patientid, caregiverEmail: caregiver.email };
  }),

  'Carol Bennett is a related person of Harold Bennett and Emma Bennett': state('Carol related', async (params) => {
    await reset();
    const caregiverName = text(params, 'caregiverName');
    const caregiver = await patientNamed(caregiverName);
    for (const name of texts(params, 'patientNames')) await requireProxy(await patientNamed(name), caregiverName);
    if (caregiver.email === undefined) throw new Error(`${caregiverName} has no email`);
    return { caregiverEmail: caregiver.email };
  }),

  // Reference data: fixed in the sandbox, nothing to set up.
  'the practice has departments': state('departments', async () => ({})),
  'the practice has providers': state('providers', async () => ({})),
  'the practice has appointment types': state('appointment types', async () => ({})),

  'an open slot exists': state('open slot', async () => {
    const slot = await firstOpenSlot(DEPARTMENTS.map((department) => department.departmentid));
    return {
      slotId: String(slot.appointmentid),
      slotDepartmentId: String(slot.departmentid),
      slotAppointmentTypeId: String(slot.appointmenttypeid),
      slotProviderId: String(slot.providerid),
      startDate: slot.date,
      endDate: slot.date,
    };
  }),

  'Margaret Sullivan has a booked appointment': state('Margaret booked', async (params) => {
    await reset();
    const patient = await patientNamed(text(params, 'patientName'));
    const slot = await firstOpenSlot([patient.primarydepartmentid]);
    const { body } = await api('PUT', `${P}/appointments/${slot.appointmentid}`, {
      patientid: patient.patientid,
      appointmenttypeid: String(slot.appointmenttypeid),
      departmentid: String(slot.departmentid),
    });
    const booked = (body as { appointmentid: string; appointmentstatus: string; appointmenttypeid: string; departmentid: string }[])[0];
    if (booked?.appointmentstatus !== 'f') throw new Error(`slot ${slot.appointmentid} was not booked`);
    return {
      patientId: patient.patientid,
      appointmentId: booked.appointmentid,
      appointmentTypeId: booked.appointmenttypeid,
      appointmentDepartmentId: booked.departmentid,
    };
  }),

  'Margaret Sullivan signed in and an authorization code was issued': state('Margaret signed in', async (params) => {
    const patient = await patientNamed(text(params, 'patientName'));
    const redirectUri = text(params, 'redirectUri');
    const expectedState = randomUUID();
    // The browser's steps: the authorize page, then "Sign in as Margaret Sullivan".
    const callback = await signIn(running().url, Number(patient.patientid), Number(patient.patientid), {
      client_id: text(params, 'clientId'),
      redirect_uri: redirectUri,
      scope: text(params, 'scope'),
      nonce: text(params, 'nonce'),
      code_challenge: text(params, 'codeChallenge'),
      code_challenge_method: text(params, 'codeChallengeMethod'),
      state: expectedState,
    });
    const code = callback.searchParams.get('code');
    if (`${callback.origin}${callback.pathname}` !== redirectUri || callback.searchParams.get('state') !== expectedState || !code) {
      throw new Error(`sign-in did not return a code to ${redirectUri}: ${callback.toString()}`);
    }
    return { code, patientId: patient.patientid };
  }),

  'no authorization code was issued': state('no code', async () => ({})),

  'no patient named Nina Newman born 02/14/1990 exists': state('Nina not registered', async (params) => {
    await reset();
    const query = new URLSearchParams({
      firstname: text(params, 'firstName'),
      lastname: text(params, 'lastName'),
      dob: text(params, 'dateOfBirth'),
    });
    const { body } = await api('GET', `${P}/patients?${query.toString()}`);
    if ((body as { totalcount: number }).totalcount !== 0) throw new Error(`${query.get('firstname')} ${query.get('lastname')} is already a patient`);
    return {};
  }),

  'Margaret Sullivan has a consent filed in her chart': state('Margaret consent filed', async (params) => {
    await reset();
    const patient = await patientNamed(text(params, 'patientName'));
    await api('POST', `${P}/patients/${patient.patientid}/documents/admin`, {
      departmentid: patient.primarydepartmentid,
      documentsubclass: text(params, 'documentSubclass'),
      attachmentcontents: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      internalnote: text(params, 'internalNote'),
      autoclose: 'true',
    });
    return { patientId: patient.patientid, primaryDepartmentId: patient.primarydepartmentid };
  }),
};

// ---- pact-js#884 and the bearer token ----------------------------------------------------------

/**
 * The verifier's proxy parses form bodies and would forward them as JSON with the old
 * Content-Length: send them form-encoded again. Bearer tokens are matched by regex only, so
 * the contract's example token is swapped for a real backend token of this sandbox.
 */
const requestFilter: RequestFilter = (req, _res, next) => {
  if (/^Bearer\s/i.test(req.headers.authorization ?? '')) req.headers.authorization = `Bearer ${token}`;
  const contentType = req.headers['content-type'] ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType) && req.body !== null && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(req.body as Record<string, unknown>)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item !== 'string') {
          next(new Error(`form field ${key} is not flat text`));
          return;
        }
        form.append(key, item);
      }
    }
    const encoded = Buffer.from(form.toString(), 'utf8');
    req.body = encoded;
    req.headers['content-length'] = String(encoded.length);
  }
  next();
};

// ---- the test --------------------------------------------------------------------------------

beforeAll(async () => {
  db = await createTestDatabase();
  sandbox = await startSandbox({ databaseUrl: db.url, port: 0 });
  token = await backendToken(sandbox.url);
}, 30_000);

afterAll(async () => {
  await sandbox?.close();
  await db?.drop();
});

describe('the provider sandbox against the athenahealth consumer contract', () => {
  it('has a state handler for every provider state in the contract', () => {
    expect(existsSync(PACT_FILE)).toBe(true);
    expect(providerStatesIn(PACT_FILE).filter((name) => !(name in stateHandlers))).toEqual([]);
  });

  it('satisfies every interaction', async () => {
    await verifySandboxAgainst({ provider: 'athenahealth', url: running().url, pactFile: PACT_FILE, stateHandlers, requestFilter });
    expect(stateFailures).toEqual([]);
  }, 60_000);
});
