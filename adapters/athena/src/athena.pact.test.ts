/**
 * Consumer contract of the athena adapters with athenahealth: one interaction per call they make.
 * The provider sandbox (apps/provider-sandbox) verifies contracts/pacts/member-portal-api-athenahealth.json.
 *
 * Ids the sandbox chooses come from provider states (`fromProviderState`): every state below
 * returns the values its `${...}` expressions name. Responses state only what the adapters read.
 *
 * The verifier needs a requestFilter that (1) replaces `Authorization: Bearer …` with a real
 * sandbox token, and (2) re-encodes form bodies: pact-js's verifier proxy parses
 * application/x-www-form-urlencoded bodies and forwards them as JSON with the old
 * Content-Length (pact-foundation/pact-js#884). Setting `req.body` to a Buffer of
 * `new URLSearchParams(req.body).toString()` and fixing `content-length` restores them.
 */
import { describe, expect, it } from '@jest/globals';
import { MatchersV3, type PactV4 } from '@pact-foundation/pact';
import { consumerPact } from '../../../tools/src/testing/consumer-pact.ts';
import { calculatePKCECodeChallenge } from 'oauth4webapi';
import { HealthRecordRejectedError, PatientLoginError } from '@portal/core';
import { FixedClock } from '@portal/core/testing/index.ts';
import type { AthenaConfig } from './athena.config.ts';
import { AthenaHealthRecord } from './athena-health-record.adapter.ts';
import { AthenaHttpClient } from './athena-http.client.ts';
import { AthenaPatientLogin, PATIENT_SCOPE, SMART_CONFIGURATION_PATH } from './athena-patient-login.adapter.ts';
import { TEST_KID, publicJwks, signIdToken } from './testing/id-tokens.ts';

const { arrayContaining, eachLike, fromProviderState, integer, like, regex } = MatchersV3;

// No usage metrics from the Pact core: these tests run offline.
process.env['PACT_DO_NOT_TRACK'] = 'true';

const CONSUMER = 'member-portal-api';
const PROVIDER = 'athenahealth';

/** The adapters believe they talk to this host (https, as athena); fetch is redirected to the mock server. */
const ATHENA = 'https://athena.pact';
/** The example issuer (athena's real one is its Okta authorization server, on another host). */
const ISSUER = `${ATHENA}/oauth2`;
const SMART_CONFIGURATION = {
  issuer: ISSUER,
  jwks_uri: `${ATHENA}/oauth2/v1/keys`,
  authorization_endpoint: `${ATHENA}/oauth2/v1/authorize`,
  token_endpoint: `${ATHENA}/oauth2/v1/token`,
};
const KEYS_PATH = '/oauth2/v1/keys';
const SANDBOX_CLIENT_ID = 'portal-sandbox-client';
const SANDBOX_CLIENT_SECRET = 'portal-sandbox-secret';
const PATIENT_CLIENT_ID = 'portal-patient-app';
const BACKEND_TOKEN = 'pact-backend-token';

const DIGITS = '^\\d+$';
const DATE = '^\\d{2}/\\d{2}/\\d{4}$';
const TIME = '^\\d{2}:\\d{2}$';
const DATETIME = '^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}$';
const FLAG = '^(true|false)$';
const bearer = { Authorization: regex('^Bearer [A-Za-z0-9._~+/=-]+$', `Bearer ${BACKEND_TOKEN}`) };
const id = (example: string) => regex(DIGITS, example);

// Examples: what the mock answers in this test. The sandbox may answer other values of the same form.
const MARGARET = { patientName: 'Margaret Sullivan', firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '04/12/1979' };
const EXAMPLE = {
  margaretId: '1001',
  paulId: '1004',
  emmaId: '1003',
  haroldId: '1002',
  departmentId: '1',
  slotId: '5001',
  appointmentId: '4001',
  appointmentTypeId: '2',
  providerId: '7',
  carolEmail: 'carol.bennett@example.com',
};
const REDIRECT_URI = 'http://localhost:3000/api/auth/callback';
// RFC 7636 appendix B: the sandbox can check the challenge it was given against this verifier.
const CODE_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const NONCE = 'pact-nonce-3f9a';
// A one-page PDF, as the worker files signed consents.
const PDF_BASE64 = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

/** The request builder handed to withRequest (its type is not exported by the package root). */
type RequestBuilder = Parameters<NonNullable<Parameters<ReturnType<PactV4['addInteraction']>['withRequest']>[2]>>[0];

/** A provider state's name and parameters, as `given` takes them. */
type ProviderState = Parameters<ReturnType<PactV4['addInteraction']>['given']>;

const pact = consumerPact(CONSUMER, PROVIDER);

/** Answers the test gives itself instead of the mock, for calls that have an interaction of their own. */
interface LocalAnswers {
  /** The SMART configuration (default: answered here). */
  readonly smartConfiguration?: boolean;
  /** The id_token signing keys (default: answered here, the test key). */
  readonly keys?: boolean;
  /** The patient token answer of an authorization_code exchange (default: the mock's). */
  readonly patientToken?: Record<string, unknown>;
}

/**
 * The adapters' config for a mock server. `ownBackendToken` keeps the client_credentials call
 * away from the mock (it has its own interaction), and `local` the SMART configuration, the keys
 * or the patient token, so each interaction holds one request.
 */
function config(mockUrl: string, ownBackendToken = true, local: LocalAnswers = {}): AthenaConfig {
  const { smartConfiguration = true, keys = true, patientToken } = local;
  const redirect: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? init.body : '';
    if (ownBackendToken && url.pathname === '/oauth2/v1/token' && body.includes('grant_type=client_credentials')) {
      return Response.json({ access_token: BACKEND_TOKEN, expires_in: '3600', token_type: 'Bearer' });
    }
    if (smartConfiguration && url.pathname === SMART_CONFIGURATION_PATH) return Response.json(SMART_CONFIGURATION);
    if (keys && url.pathname === KEYS_PATH) return Response.json(publicJwks());
    if (patientToken !== undefined && url.pathname === '/oauth2/v1/token' && body.includes('grant_type=authorization_code')) {
      return Response.json(patientToken);
    }
    return fetch(`${mockUrl}${url.pathname}${url.search}`, init);
  };
  return {
    baseUrl: ATHENA,
    practiceId: '29391',
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: SANDBOX_CLIENT_SECRET,
    patientClientId: PATIENT_CLIENT_ID,
    retries: 0,
    fetch: redirect,
  };
}

/**
 * A form-encoded request body whose fields may hold matchers and provider-state values.
 * V4RequestBuilder has no such method (jsonBody forces application/json, body() takes raw
 * bytes without rules), but Pact core's body call turns a JSON description into a form body
 * with matching rules and generators, so we reach for it.
 */
function formBody(builder: RequestBuilder, fields: Record<string, unknown>): RequestBuilder {
  builder.headers({ 'Content-Type': 'application/x-www-form-urlencoded' });
  const { interaction } = builder as unknown as { interaction: { withRequestBody(body: string, contentType: string): boolean } };
  interaction.withRequestBody(JSON.stringify(fields), 'application/x-www-form-urlencoded');
  return builder;
}

const patientTemplate = (firstName: string, lastName: string, dob: string, patientId: string) => ({
  patientid: id(patientId),
  firstname: like(firstName),
  lastname: like(lastName),
  dob: regex(DATE, dob),
  primarydepartmentid: id(EXAMPLE.departmentId),
});

const appointmentTemplate = (appointmentId: string) => ({
  appointmentid: id(appointmentId),
  appointmentstatus: like('f'),
  patientid: id(EXAMPLE.margaretId),
  date: regex(DATE, '03/10/2026'),
  starttime: regex(TIME, '09:00'),
  departmentid: id(EXAMPLE.departmentId),
  providerid: id(EXAMPLE.providerId),
  appointmenttypeid: id(EXAMPLE.appointmentTypeId),
});

const states = {
  backendClient: ['backend client portal-sandbox-client exists', { clientId: SANDBOX_CLIENT_ID }],
  margaret: ['patient Margaret Sullivan exists', { patientName: MARGARET.patientName, dateOfBirth: MARGARET.dateOfBirth }],
  paulPaidUp: [
    'patient Paul Whitaker has custom field 21 (MDRI Paid Up) set to Yes',
    { patientName: 'Paul Whitaker', customFieldId: '21', optionId: '2101', value: 'Yes' },
  ],
  noSuchPatient: ['no patient has id 99999999', { patientId: '99999999' }],
  carolProxyForEmma: ['Carol Bennett has proxy access to Emma Bennett', { caregiverName: 'Carol Bennett', patientName: 'Emma Bennett' }],
  carolRelated: [
    'Carol Bennett is a related person of Harold Bennett and Emma Bennett',
    { caregiverName: 'Carol Bennett', patientNames: ['Harold Bennett', 'Emma Bennett'] },
  ],
  departments: ['the practice has departments', {}],
  providers: ['the practice has providers', {}],
  appointmentTypes: ['the practice has appointment types', {}],
  openSlot: ['an open slot exists', {}],
  margaretBooked: ['Margaret Sullivan has a booked appointment', { patientName: MARGARET.patientName }],
  margaretCode: [
    'Margaret Sullivan signed in and an authorization code was issued',
    {
      patientName: MARGARET.patientName,
      clientId: PATIENT_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      codeChallenge: await calculatePKCECodeChallenge(CODE_VERIFIER),
      codeChallengeMethod: 'S256',
      nonce: NONCE,
      scope: PATIENT_SCOPE,
    },
  ],
  noCode: ['no authorization code was issued', {}],
  ninaNotRegistered: [
    'no patient named Nina Newman born 02/14/1990 exists',
    { firstName: 'Nina', lastName: 'Newman', dateOfBirth: '02/14/1990' },
  ],
  margaretConsentFiled: [
    "Margaret Sullivan has a consent filed in her chart",
    { patientName: MARGARET.patientName, documentSubclass: 'ADMIN_CONSENT', internalNote: 'portal-submission:pact-0001' },
  ],
} satisfies Record<string, ProviderState>;

describe('athenahealth contract: backend token', () => {
  it('issues a client_credentials token', async () => {
    await pact
      .addInteraction()
      .given(...states.backendClient)
      .uponReceiving('a client_credentials token request from the backend client')
      .withRequest('POST', '/oauth2/v1/token', (builder) => {
        builder.headers({
          Authorization: regex('^Basic [A-Za-z0-9+/]+=*$', `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`),
        });
        formBody(builder, { grant_type: 'client_credentials', scope: 'athena/service/Athenanet.MDP.*' });
      })
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ access_token: like('sandbox-access-token'), expires_in: like('3600'), token_type: like('Bearer') }),
      )
      .executeTest(async (mock) => {
        await expect(new AthenaHttpClient(config(mock.url, false)).backendToken()).resolves.toBe('sandbox-access-token');
      });
  });
});

describe('athenahealth contract: patients', () => {
  it('gets a patient', async () => {
    await pact
      .addInteraction()
      .given(...states.margaret)
      .uponReceiving('a request for patient Margaret Sullivan with custom fields')
      .withRequest('GET', fromProviderState('/v1/29391/patients/${patientId}', `/v1/29391/patients/${EXAMPLE.margaretId}`), (builder) =>
        builder.query({ showcustomfields: 'true' }).headers(bearer),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(eachLike(patientTemplate(MARGARET.firstName, MARGARET.lastName, MARGARET.dateOfBirth, EXAMPLE.margaretId))),
      )
      .executeTest(async (mock) => {
        const patient = await new AthenaHealthRecord(config(mock.url)).getPatient(EXAMPLE.margaretId);
        expect(patient).toMatchObject({ patientId: EXAMPLE.margaretId, firstName: 'Margaret', dateOfBirth: '04/12/1979', primaryDepartmentId: '1' });
      });
  });

  it("gets a patient's custom fields", async () => {
    await pact
      .addInteraction()
      .given(...states.paulPaidUp)
      .uponReceiving('a request for patient Paul Whitaker with custom fields')
      .withRequest('GET', fromProviderState('/v1/29391/patients/${patientId}', `/v1/29391/patients/${EXAMPLE.paulId}`), (builder) =>
        builder.query({ showcustomfields: 'true' }).headers(bearer),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(
          eachLike({
            ...patientTemplate('Paul', 'Whitaker', '09/30/1958', EXAMPLE.paulId),
            customfields: arrayContaining({ customfieldid: regex('^21$', '21'), customfieldvalue: like('Yes'), optionid: regex('^2101$', '2101') }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const patient = await new AthenaHealthRecord(config(mock.url)).getPatient(EXAMPLE.paulId);
        expect(patient?.customFields).toContainEqual({ customFieldId: '21', value: 'Yes', optionId: '2101' });
      });
  });

  it('answers 404 for an unknown patient', async () => {
    await pact
      .addInteraction()
      .given(...states.noSuchPatient)
      .uponReceiving('a request for a patient that does not exist')
      .withRequest('GET', '/v1/29391/patients/99999999', (builder) => builder.query({ showcustomfields: 'true' }).headers(bearer))
      .willRespondWith(404)
      .executeTest(async (mock) => {
        await expect(new AthenaHealthRecord(config(mock.url)).getPatient('99999999')).resolves.toBeNull();
      });
  });

  it('searches patients by name and date of birth', async () => {
    await pact
      .addInteraction()
      .given(...states.margaret)
      .uponReceiving('a search for Margaret Sullivan born 04/12/1979')
      .withRequest('GET', '/v1/29391/patients', (builder) =>
        builder.query({ firstname: MARGARET.firstName, lastname: MARGARET.lastName, dob: MARGARET.dateOfBirth, showcustomfields: 'true' }).headers(bearer),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          patients: eachLike(patientTemplate(MARGARET.firstName, MARGARET.lastName, MARGARET.dateOfBirth, EXAMPLE.margaretId)),
        }),
      )
      .executeTest(async (mock) => {
        const found = await new AthenaHealthRecord(config(mock.url)).searchPatients({
          firstName: MARGARET.firstName,
          lastName: MARGARET.lastName,
          dateOfBirth: MARGARET.dateOfBirth,
        });
        expect(found.map((patient) => patient.patientId)).toEqual([EXAMPLE.margaretId]);
      });
  });

  it('lists who has portal access to a patient', async () => {
    await pact
      .addInteraction()
      .given(...states.carolProxyForEmma)
      .uponReceiving("a request for the portal access to Emma Bennett's record")
      .withRequest(
        'GET',
        fromProviderState('/v1/29391/patients/${patientId}/portalaccess', `/v1/29391/patients/${EXAMPLE.emmaId}/portalaccess`),
        (builder) => builder.headers(bearer),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(
          arrayContaining({
            name: 'Carol Bennett',
            email: fromProviderState('${caregiverEmail}', EXAMPLE.carolEmail),
            relationshiptopatient: like('Parent'),
            accesslevel: like('FULL'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const entries = await new AthenaHealthRecord(config(mock.url)).portalAccess(EXAMPLE.emmaId);
        expect(entries).toContainEqual({ name: 'Carol Bennett', email: EXAMPLE.carolEmail, relationshipToPatient: 'Parent', accessLevel: 'FULL' });
      });
  });

  it('finds the patients a person is related to (FHIR RelatedPerson)', async () => {
    const relatedPerson = (patientId: string, code: string, display: string) => ({
      resource: {
        resourceType: 'RelatedPerson',
        patient: { reference: regex('^Patient/a-29391\\.E-\\d+$', `Patient/a-29391.E-${patientId}`) },
        relationship: eachLike({ coding: eachLike({ code: like(code), display: like(display) }) }),
      },
    });
    await pact
      .addInteraction()
      .given(...states.carolRelated)
      .uponReceiving("a FHIR RelatedPerson search by Carol Bennett's email")
      .withRequest('GET', '/fhir/r4/RelatedPerson', (builder) =>
        builder
          .query({ email: fromProviderState('${caregiverEmail}', EXAMPLE.carolEmail), 'ah-practice': 'Organization/a-1.Practice-29391' })
          .headers(bearer),
      )
      .willRespondWith(200, (builder) =>
        builder
          .headers({ 'Content-Type': regex('^application/(fhir\\+)?json(;.*)?$', 'application/fhir+json') })
          .jsonBody({ resourceType: 'Bundle', entry: eachLike(relatedPerson(EXAMPLE.haroldId, 'CHILD', 'Child')) }),
      )
      .executeTest(async (mock) => {
        const related = await new AthenaHealthRecord(config(mock.url)).relatedPatients(EXAMPLE.carolEmail);
        expect(related).toEqual([{ patientId: EXAMPLE.haroldId, relationship: 'Child' }]);
      });
  });
});

describe('athenahealth contract: practice', () => {
  it('lists departments', async () => {
    await pact
      .addInteraction()
      .given(...states.departments)
      .uponReceiving('a request for the departments')
      .withRequest('GET', '/v1/29391/departments', (builder) => builder.headers(bearer))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          departments: eachLike({
            departmentid: id(EXAMPLE.departmentId),
            name: like('Downtown'),
            address: like('100 Main St'),
            city: like('Providence'),
            state: like('RI'),
            zip: like('02903'),
            phone: like('4015550100'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const departments = await new AthenaHealthRecord(config(mock.url)).departments();
        expect(departments[0]).toMatchObject({ departmentId: '1', name: 'Downtown', city: 'Providence' });
      });
  });

  it('lists providers', async () => {
    await pact
      .addInteraction()
      .given(...states.providers)
      .uponReceiving('a request for the providers')
      .withRequest('GET', '/v1/29391/providers', (builder) => builder.headers(bearer))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          providers: eachLike({ providerid: id(EXAMPLE.providerId), firstname: like('Anne'), lastname: like('Lee'), displayname: like('Anne Lee, MD') }),
        }),
      )
      .executeTest(async (mock) => {
        const providers = await new AthenaHealthRecord(config(mock.url)).providers();
        expect(providers[0]).toMatchObject({ providerId: '7', displayName: 'Anne Lee, MD' });
      });
  });

  it('lists appointment types', async () => {
    await pact
      .addInteraction()
      .given(...states.appointmentTypes)
      .uponReceiving('a request for the appointment types')
      .withRequest('GET', '/v1/29391/appointmenttypes', (builder) => builder.headers(bearer))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          appointmenttypes: eachLike({
            appointmenttypeid: id(EXAMPLE.appointmentTypeId),
            name: like('Office Visit'),
            duration: id('30'),
            patient: regex(FLAG, 'true'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const types = await new AthenaHealthRecord(config(mock.url)).appointmentTypes();
        expect(types[0]).toMatchObject({ appointmentTypeId: '2', durationMinutes: 30, patientBookable: true });
      });
  });
});

describe('athenahealth contract: appointments', () => {
  it('finds open slots', async () => {
    await pact
      .addInteraction()
      .given(...states.openSlot)
      .uponReceiving('a search for open slots')
      .withRequest('GET', '/v1/29391/appointments/open', (builder) =>
        builder
          .query({
            departmentid: fromProviderState('${slotDepartmentId}', EXAMPLE.departmentId),
            appointmenttypeid: fromProviderState('${slotAppointmentTypeId}', EXAMPLE.appointmentTypeId),
            providerid: fromProviderState('${slotProviderId}', EXAMPLE.providerId),
            startdate: fromProviderState('${startDate}', '03/09/2026'),
            enddate: fromProviderState('${endDate}', '03/13/2026'),
          })
          .headers(bearer),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          appointments: eachLike({
            appointmentid: id(EXAMPLE.slotId),
            date: regex(DATE, '03/10/2026'),
            starttime: regex(TIME, '09:00'),
            duration: id('30'),
            departmentid: id(EXAMPLE.departmentId),
            providerid: id(EXAMPLE.providerId),
            appointmenttypeid: id(EXAMPLE.appointmentTypeId),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const slots = await new AthenaHealthRecord(config(mock.url)).openSlots({
          departmentId: EXAMPLE.departmentId,
          appointmentTypeId: EXAMPLE.appointmentTypeId,
          providerId: EXAMPLE.providerId,
          startDate: '03/09/2026',
          endDate: '03/13/2026',
        });
        expect(slots[0]).toMatchObject({ appointmentId: EXAMPLE.slotId, date: '03/10/2026', startTime: '09:00', durationMinutes: 30 });
      });
  });

  it('books an open slot', async () => {
    await pact
      .addInteraction()
      .given(...states.margaret)
      .given(...states.openSlot)
      .uponReceiving('a request to book an open slot for Margaret Sullivan')
      .withRequest('PUT', fromProviderState('/v1/29391/appointments/${slotId}', `/v1/29391/appointments/${EXAMPLE.slotId}`), (builder) =>
        formBody(builder.headers(bearer), {
          patientid: fromProviderState('${patientId}', EXAMPLE.margaretId),
          appointmenttypeid: fromProviderState('${slotAppointmentTypeId}', EXAMPLE.appointmentTypeId),
          departmentid: fromProviderState('${slotDepartmentId}', EXAMPLE.departmentId),
        }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(eachLike({ ...appointmentTemplate(EXAMPLE.slotId), appointmentstatus: 'f' })))
      .executeTest(async (mock) => {
        const booked = await new AthenaHealthRecord(config(mock.url)).bookAppointment({
          appointmentId: EXAMPLE.slotId,
          patientId: EXAMPLE.margaretId,
          appointmentTypeId: EXAMPLE.appointmentTypeId,
          departmentId: EXAMPLE.departmentId,
        });
        expect(booked).toMatchObject({ appointmentId: EXAMPLE.slotId, appointmentStatus: 'f', patientId: EXAMPLE.margaretId });
      });
  });

  it('refuses to book a slot that is taken', async () => {
    await pact
      .addInteraction()
      .given(...states.margaretBooked)
      .uponReceiving('a request to book a slot that is already booked')
      .withRequest(
        'PUT',
        fromProviderState('/v1/29391/appointments/${appointmentId}', `/v1/29391/appointments/${EXAMPLE.appointmentId}`),
        (builder) =>
          formBody(builder.headers(bearer), {
            patientid: fromProviderState('${patientId}', EXAMPLE.margaretId),
            appointmenttypeid: fromProviderState('${appointmentTypeId}', EXAMPLE.appointmentTypeId),
            departmentid: fromProviderState('${appointmentDepartmentId}', EXAMPLE.departmentId),
          }),
      )
      .willRespondWith(409, (builder) => builder.jsonBody({ error: like('The appointment is already booked') }))
      .executeTest(async (mock) => {
        await expect(
          new AthenaHealthRecord(config(mock.url)).bookAppointment({
            appointmentId: EXAMPLE.appointmentId,
            patientId: EXAMPLE.margaretId,
            appointmentTypeId: EXAMPLE.appointmentTypeId,
            departmentId: EXAMPLE.departmentId,
          }),
        ).rejects.toMatchObject({ name: 'SlotTakenError', cause: { name: 'AthenaRejectedError', status: 409 } });
      });
  });

  it('cancels an appointment', async () => {
    await pact
      .addInteraction()
      .given(...states.margaretBooked)
      .uponReceiving("a request to cancel Margaret Sullivan's appointment")
      .withRequest(
        'PUT',
        fromProviderState('/v1/29391/appointments/${appointmentId}/cancel', `/v1/29391/appointments/${EXAMPLE.appointmentId}/cancel`),
        (builder) =>
          formBody(builder.headers(bearer), {
            patientid: fromProviderState('${patientId}', EXAMPLE.margaretId),
            cancellationreason: like('Cancelled by the patient in the member portal'),
          }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ status: like('x') }))
      .executeTest(async (mock) => {
        await expect(
          new AthenaHealthRecord(config(mock.url)).cancelAppointment({
            appointmentId: EXAMPLE.appointmentId,
            patientId: EXAMPLE.margaretId,
            reason: 'Cancelled by the patient in the member portal',
          }),
        ).resolves.toBeUndefined();
      });
  });

  it('reschedules an appointment to an open slot', async () => {
    await pact
      .addInteraction()
      .given(...states.margaretBooked)
      .given(...states.openSlot)
      .uponReceiving("a request to move Margaret Sullivan's appointment to an open slot")
      .withRequest(
        'PUT',
        fromProviderState('/v1/29391/appointments/${appointmentId}/reschedule', `/v1/29391/appointments/${EXAMPLE.appointmentId}/reschedule`),
        (builder) =>
          formBody(builder.headers(bearer), {
            newappointmentid: fromProviderState('${slotId}', EXAMPLE.slotId),
            patientid: fromProviderState('${patientId}', EXAMPLE.margaretId),
            reschedulereason: like('Rescheduled by the patient in the member portal'),
          }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(eachLike({ ...appointmentTemplate(EXAMPLE.slotId), rescheduledappointmentid: id(EXAMPLE.appointmentId) })),
      )
      .executeTest(async (mock) => {
        const moved = await new AthenaHealthRecord(config(mock.url)).rescheduleAppointment({
          appointmentId: EXAMPLE.appointmentId,
          newAppointmentId: EXAMPLE.slotId,
          patientId: EXAMPLE.margaretId,
          reason: 'Rescheduled by the patient in the member portal',
        });
        expect(moved).toMatchObject({ appointmentId: EXAMPLE.slotId, rescheduledAppointmentId: EXAMPLE.appointmentId });
      });
  });

  it("lists a patient's upcoming appointments", async () => {
    await pact
      .addInteraction()
      .given(...states.margaretBooked)
      .uponReceiving("a request for Margaret Sullivan's upcoming appointments")
      .withRequest(
        'GET',
        fromProviderState('/v1/29391/patients/${patientId}/appointments', `/v1/29391/patients/${EXAMPLE.margaretId}/appointments`),
        (builder) => builder.query({ showcancelled: 'false', showpast: 'false' }).headers(bearer),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ appointments: eachLike({ ...appointmentTemplate(EXAMPLE.appointmentId), appointmenttype: like('Office Visit') }) }),
      )
      .executeTest(async (mock) => {
        const appointments = await new AthenaHealthRecord(config(mock.url)).patientAppointments(EXAMPLE.margaretId, {
          showPast: false,
          showCancelled: false,
        });
        expect(appointments[0]).toMatchObject({ appointmentId: EXAMPLE.appointmentId, appointmentStatus: 'f', appointmentType: 'Office Visit' });
      });
  });
});

describe('athenahealth contract: chart writes', () => {
  it("sets a patient's MDRI Paid Up custom field", async () => {
    await pact
      .addInteraction()
      .given(...states.margaret)
      .uponReceiving("a request to set Margaret Sullivan's custom field 21 to Yes")
      .withRequest(
        'PUT',
        fromProviderState('/v1/29391/patients/${patientId}/customfields', `/v1/29391/patients/${EXAMPLE.margaretId}/customfields`),
        (builder) =>
          formBody(builder.headers(bearer), {
            departmentid: fromProviderState('${primaryDepartmentId}', EXAMPLE.departmentId),
            customfields: '[{"customfieldid":"21","optionid":"2101"}]',
          }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ success: regex(FLAG, 'true'), updatedcount: integer(1), disallowedcount: integer(0) }))
      .executeTest(async (mock) => {
        await expect(
          new AthenaHealthRecord(config(mock.url)).updateCustomFields(EXAMPLE.margaretId, EXAMPLE.departmentId, [
            { customFieldId: '21', optionId: '2101' },
          ]),
        ).resolves.toEqual({ updatedCount: 1, disallowedCount: 0 });
      });
  });

  it("files a signed PDF into a patient's chart", async () => {
    await pact
      .addInteraction()
      .given(...states.margaret)
      .uponReceiving("a request to file a consent PDF into Margaret Sullivan's chart")
      .withRequest(
        'POST',
        fromProviderState('/v1/29391/patients/${patientId}/documents/admin', `/v1/29391/patients/${EXAMPLE.margaretId}/documents/admin`),
        (builder) =>
          formBody(builder.headers(bearer), {
            departmentid: fromProviderState('${primaryDepartmentId}', EXAMPLE.departmentId),
            documentsubclass: 'ADMIN_CONSENT',
            attachmentcontents: regex('^JVBERi0[A-Za-z0-9+/]*={0,2}$', PDF_BASE64),
            internalnote: like('Membership consent signed in the member portal'),
            autoclose: 'true',
          }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ adminid: id('880') }))
      .executeTest(async (mock) => {
        await expect(
          new AthenaHealthRecord(config(mock.url)).fileAdminDocument({
            patientId: EXAMPLE.margaretId,
            departmentId: EXAMPLE.departmentId,
            documentSubclass: 'ADMIN_CONSENT',
            pdfBase64: PDF_BASE64,
            internalNote: 'Membership consent signed in the member portal',
          }),
        ).resolves.toEqual({ adminId: '880' });
      });
  });
});

describe('athenahealth contract: chart documents', () => {
  it("lists the admin documents in a patient's chart", async () => {
    await pact
      .addInteraction()
      .given(...states.margaretConsentFiled)
      .uponReceiving("a request for the admin documents in Margaret Sullivan's chart")
      .withRequest(
        'GET',
        fromProviderState('/v1/29391/patients/${patientId}/documents/admin', `/v1/29391/patients/${EXAMPLE.margaretId}/documents/admin`),
        (builder) => builder.query({ departmentid: fromProviderState('${primaryDepartmentId}', EXAMPLE.departmentId) }).headers(bearer),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          admins: arrayContaining({
            adminid: id('40001'),
            documentsubclass: 'ADMIN_CONSENT',
            internalnote: 'portal-submission:pact-0001',
            createddatetime: regex(DATETIME, '03/10/2026 09:15:02'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const documents = await new AthenaHealthRecord(config(mock.url)).listAdminDocuments(EXAMPLE.margaretId, EXAMPLE.departmentId);
        expect(documents).toContainEqual({
          adminId: '40001',
          documentSubclass: 'ADMIN_CONSENT',
          internalNote: 'portal-submission:pact-0001',
          createdAt: '03/10/2026 09:15:02',
        });
      });
  });
});

describe('athenahealth contract: patient registration', () => {
  // Invented: 900-99 is never issued, so this is nobody's SSN.
  const NINA = {
    firstName: 'Nina',
    lastName: 'Newman',
    dateOfBirth: '02/14/1990',
    departmentId: EXAMPLE.departmentId,
    email: 'nina.newman@example.com',
    mobilePhone: '4015550190',
    address1: '5 Hope Street',
    address2: null,
    city: 'Providence',
    state: 'RI',
    zip: '02906',
    ssn: '900990190',
    sex: 'F',
    emergencyContact: { name: 'Leo Newman', relationship: 'SPOUSE', mobilePhone: '4015550191' },
    primaryProviderId: '15',
    guardian: null,
  } as const;
  const ninaForm = (overrides: Record<string, unknown> = {}) => ({
    firstname: NINA.firstName,
    lastname: NINA.lastName,
    dob: NINA.dateOfBirth,
    departmentid: NINA.departmentId,
    email: NINA.email,
    mobilephone: NINA.mobilePhone,
    address1: NINA.address1,
    city: NINA.city,
    state: NINA.state,
    zip: NINA.zip,
    ssn: NINA.ssn,
    sex: NINA.sex,
    contactname: NINA.emergencyContact.name,
    contactrelationship: NINA.emergencyContact.relationship,
    contactmobilephone: NINA.emergencyContact.mobilePhone,
    primaryproviderid: NINA.primaryProviderId,
    ...overrides,
  });

  it('registers a new patient', async () => {
    await pact
      .addInteraction()
      .given(...states.ninaNotRegistered)
      .uponReceiving('a request to register Nina Newman, who is not a patient yet')
      .withRequest('POST', '/v1/29391/patients', (builder) => formBody(builder.headers(bearer), ninaForm()))
      .willRespondWith(200, (builder) => builder.jsonBody(eachLike({ patientid: id('5201') })))
      .executeTest(async (mock) => {
        await expect(new AthenaHealthRecord(config(mock.url)).createPatient(NINA)).resolves.toEqual({ patientId: '5201' });
      });
  });

  it('reports an error athena answers inside a 200', async () => {
    await pact
      .addInteraction()
      .given(...states.ninaNotRegistered)
      .uponReceiving('a request to register Nina Newman with a date of birth in the future')
      .withRequest('POST', '/v1/29391/patients', (builder) => formBody(builder.headers(bearer), ninaForm({ dob: '02/14/2999' })))
      .willRespondWith(200, (builder) => builder.jsonBody(eachLike({ patientid: '', errormessage: like('The date of birth cannot be in the future.') })))
      .executeTest(async (mock) => {
        await expect(new AthenaHealthRecord(config(mock.url)).createPatient({ ...NINA, dateOfBirth: '02/14/2999' })).rejects.toBeInstanceOf(
          HealthRecordRejectedError,
        );
      });
  });
});

describe('athenahealth contract: patient sign-in', () => {
  // The example id_token, signed RS256 with the tests' key; the adapter checks it at an instant within its life.
  const ISSUED_AT = 1_900_000_000;
  const signInClock = () => new FixedClock(new Date((ISSUED_AT + 60) * 1000));
  const idTokenExample = signIdToken({
    iss: ISSUER,
    aud: PATIENT_CLIENT_ID,
    sub: 'margaret',
    nonce: NONCE,
    iat: ISSUED_AT,
    exp: ISSUED_AT + 3600,
    fhirUser: `${ATHENA}/fhir/r4/Patient/a-29391.E-${EXAMPLE.margaretId}`,
  });
  const margaretSignIn = {
    patientId: EXAMPLE.margaretId,
    fhirUser: `${ATHENA}/fhir/r4/Patient/a-29391.E-${EXAMPLE.margaretId}`,
    accessToken: 'patient-access-token',
    refreshToken: 'patient-refresh-token',
    expiresInSeconds: 3600,
    scope: PATIENT_SCOPE,
  };
  const exchange = { code: 'pact-authorization-code', codeVerifier: CODE_VERIFIER, redirectUri: REDIRECT_URI, nonce: NONCE };

  it('reads the SMART configuration', async () => {
    const endpoint = (path: string) => regex(`^https?://[^/\\s]+${path.replace(/\./g, '\\.')}$`, `${ATHENA}${path}`);
    await pact
      .addInteraction()
      .uponReceiving('a request for the SMART configuration')
      .withRequest('GET', SMART_CONFIGURATION_PATH)
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          issuer: regex('^https?://\\S+$', ISSUER),
          jwks_uri: endpoint(KEYS_PATH),
          authorization_endpoint: endpoint('/oauth2/v1/authorize'),
          token_endpoint: endpoint('/oauth2/v1/token'),
        }),
      )
      .executeTest(async (mock) => {
        const login = new AthenaPatientLogin(config(mock.url, true, { smartConfiguration: false }));
        const url = new URL(await login.authorizeUrl({ state: 'st', nonce: NONCE, codeVerifier: CODE_VERIFIER, redirectUri: REDIRECT_URI }));
        expect(`${url.origin}${url.pathname}`).toBe(`${ATHENA}/oauth2/v1/authorize`);
        expect(url.searchParams.get('code_challenge')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
      });
  });

  it('reads the keys the id_token is signed with', async () => {
    const [key] = publicJwks().keys;
    await pact
      .addInteraction()
      .uponReceiving('a request for the id_token signing keys')
      .withRequest('GET', KEYS_PATH, (builder) => builder.query({ client_id: PATIENT_CLIENT_ID }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          keys: eachLike({ kty: 'RSA', kid: like(TEST_KID), n: like(key?.n as string), e: like(key?.e as string) }),
        }),
      )
      .executeTest(async (mock) => {
        const login = new AthenaPatientLogin({
          ...config(mock.url, true, { keys: false, patientToken: { access_token: 'patient-access-token', token_type: 'Bearer', expires_in: 3600, scope: PATIENT_SCOPE, id_token: idTokenExample, patient: EXAMPLE.margaretId, refresh_token: 'patient-refresh-token' } }),
          clock: signInClock(),
        });
        await expect(login.exchangeCode(exchange)).resolves.toEqual(margaretSignIn);
      });
  });

  it('exchanges an authorization code', async () => {
    await pact
      .addInteraction()
      .given(...states.margaretCode)
      .uponReceiving('an authorization_code token request from the patient app')
      .withRequest('POST', '/oauth2/v1/token', (builder) =>
        formBody(builder, {
          grant_type: 'authorization_code',
          code: fromProviderState('${code}', 'pact-authorization-code'),
          redirect_uri: REDIRECT_URI,
          client_id: PATIENT_CLIENT_ID,
          code_verifier: CODE_VERIFIER,
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          access_token: like('patient-access-token'),
          token_type: like('Bearer'),
          expires_in: id('3600'),
          scope: like(PATIENT_SCOPE),
          id_token: regex('^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', idTokenExample),
          patient: fromProviderState('${patientId}', EXAMPLE.margaretId),
          refresh_token: like('patient-refresh-token'),
        }),
      )
      .executeTest(async (mock) => {
        const signIn = await new AthenaPatientLogin({ ...config(mock.url), clock: signInClock() }).exchangeCode(exchange);
        expect(signIn).toEqual(margaretSignIn);
      });
  });

  it('refuses an unknown authorization code', async () => {
    await pact
      .addInteraction()
      .given(...states.noCode)
      .uponReceiving('an authorization_code token request with a code that was never issued')
      .withRequest('POST', '/oauth2/v1/token', (builder) =>
        formBody(builder, {
          grant_type: 'authorization_code',
          code: 'never-issued-code',
          redirect_uri: REDIRECT_URI,
          client_id: PATIENT_CLIENT_ID,
          code_verifier: CODE_VERIFIER,
        }),
      )
      .willRespondWith(400, (builder) => builder.jsonBody({ error: 'invalid_grant' }))
      .executeTest(async (mock) => {
        await expect(
          new AthenaPatientLogin(config(mock.url)).exchangeCode({
            code: 'never-issued-code',
            codeVerifier: CODE_VERIFIER,
            redirectUri: REDIRECT_URI,
            nonce: NONCE,
          }),
        ).rejects.toBeInstanceOf(PatientLoginError);
      });
  });
});
