import { describe, it, expect } from '@jest/globals';
import { HealthRecordRejectedError, HealthRecordUnavailableError } from '@portal/core';
import type { NewPatient } from '@portal/core';
import { APPOINTMENT_TYPES_TTL_MS, AthenaHealthRecord } from './athena-health-record.adapter.ts';
import { AthenaRejectedError } from './athena.errors.ts';
import { ScriptedFetch, json } from './testing/scripted-fetch.ts';

function setup(clock?: { now: () => Date }) {
  const fake = new ScriptedFetch().withTokens();
  const record = new AthenaHealthRecord({
    ...(clock === undefined ? {} : { clock }),
    baseUrl: 'https://athena.test',
    practiceId: '29391',
    clientId: 'backend-client',
    clientSecret: 's3cret',
    patientClientId: 'patient-app',
    fetch: fake.fetch,
    sleep: async () => undefined,
    // Short, for the tests of requests that never answer.
    timeoutMs: 300,
  });
  return { fake, record };
}

const margaret = {
  patientid: '1001',
  firstname: 'Margaret',
  lastname: 'Sullivan',
  dob: '04/12/1979',
  sex: 'F',
  email: 'margaret@example.com',
  mobilephone: '4015550101',
  homephone: '',
  address1: '12 Elm St',
  city: 'Providence',
  state: 'RI',
  zip: '02903',
  primarydepartmentid: '1',
  primaryproviderid: 7,
  status: 'active',
  customfields: [
    { customfieldid: '21', customfieldvalue: 'Yes', optionid: '2101' },
    { customfieldid: 81, customfieldvalue: 'No', optionid: 8102 },
  ],
};

const form = (fake: ScriptedFetch, method: string, path: RegExp) => Object.fromEntries(fake.to(method, path)[0]?.form ?? []);

describe('AthenaHealthRecord reads', () => {
  it('gets a patient with custom fields, mapped to the domain shape', async () => {
    const { fake, record } = setup();
    fake.on('GET', /^\/v1\/29391\/patients\/1001$/, json([margaret]));

    await expect(record.getPatient('1001')).resolves.toEqual({
      patientId: '1001',
      firstName: 'Margaret',
      lastName: 'Sullivan',
      dateOfBirth: '04/12/1979',
      sex: 'F',
      email: 'margaret@example.com',
      mobilePhone: '4015550101',
      homePhone: null,
      address1: '12 Elm St',
      address2: null,
      city: 'Providence',
      state: 'RI',
      zip: '02903',
      primaryDepartmentId: '1',
      primaryProviderId: '7',
      customFields: [
        { customFieldId: '21', value: 'Yes', optionId: '2101' },
        { customFieldId: '81', value: 'No', optionId: '8102' },
      ],
      ssnLastFour: null,
    });
    expect(fake.to('GET', /patients/)[0]?.url.search).toBe('?showcustomfields=true');
  });

  it('keeps only the last four digits of the masked SSN athena answers', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/v1\/29391\/patients\/1001$/,
      json([{ ...margaret, ssn: '*****6789' }]),
      json([{ ...margaret, ssn: 'XXX-XX-0042' }]),
      json([{ ...margaret, ssn: '' }]),
      json([{ ...margaret, ssn: null }]),
    );

    const lastFours = [];
    for (let i = 0; i < 4; i += 1) lastFours.push((await record.getPatient('1001'))?.ssnLastFour);

    expect(lastFours).toEqual(['6789', '0042', null, null]);
  });

  it('answers null for an unknown patient', async () => {
    const { fake, record } = setup();
    fake.on('GET', /^\/v1\/29391\/patients\/\d+$/, json({ error: 'Patient not found' }, 404));

    await expect(record.getPatient('999')).resolves.toBeNull();
  });

  it('keeps the port promise: a refused read is HealthRecordUnavailableError', async () => {
    const { fake, record } = setup();
    fake.on('GET', /^\/v1\/29391\/patients\/[^/]+$/, json({ error: 'Invalid patientid' }, 400));

    const failure = record.getPatient('x');
    await expect(failure).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    await expect(failure).rejects.toThrow('athena GET /v1/{practiceid}/patients/{patientid} answered 400');
  });

  it('searches patients by name and date of birth, following totalcount across pages', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/v1\/29391\/patients$/,
      json({ patients: [margaret], totalcount: 2 }),
      json({ patients: [{ ...margaret, patientid: '1002', customfields: undefined }], totalcount: 2 }),
    );

    const found = await record.searchPatients({ firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '04/12/1979' });

    expect(found.map((patient) => [patient.patientId, patient.customFields.length])).toEqual([
      ['1001', 2],
      ['1002', 0],
    ]);
    const [first, second] = fake.to('GET', /patients$/);
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({ firstname: 'Margaret', lastname: 'Sullivan', dob: '04/12/1979', showcustomfields: 'true' });
    expect(second?.url.searchParams.get('offset')).toBe('1');
  });

  it('maps who has portal access, and an unknown patient to []', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/v1\/29391\/patients\/1003\/portalaccess$/,
      json([
        { name: 'Carol Bennett', email: 'carol@example.com', relationshiptopatient: 'Parent', accesslevel: 'FULL' },
        { name: 'Emma Bennett', email: null, relationshiptopatient: 'Self' },
      ]),
    );
    fake.on('GET', /^\/v1\/29391\/patients\/9\/portalaccess$/, json({ error: 'Patient not found' }, 404));

    await expect(record.portalAccess('1003')).resolves.toEqual([
      { name: 'Carol Bennett', email: 'carol@example.com', relationshipToPatient: 'Parent', accessLevel: 'FULL' },
      { name: 'Emma Bennett', email: null, relationshipToPatient: 'Self', accessLevel: null },
    ]);
    await expect(record.portalAccess('9')).resolves.toEqual([]);
  });

  it('finds related patients through FHIR RelatedPerson, keeping only this practice', async () => {
    const { fake, record } = setup();
    const person = (reference: string, display?: string, text?: string) => ({
      resource: {
        resourceType: 'RelatedPerson',
        patient: { reference },
        relationship: [{ coding: display === undefined ? [] : [{ code: 'X', display }], text }],
      },
    });
    fake.on(
      'GET',
      /^\/fhir\/r4\/RelatedPerson$/,
      json({
        resourceType: 'Bundle',
        type: 'searchset',
        entry: [
          person('Patient/a-29391.E-1002', 'Parent'),
          person('https://athena.test/fhir/r4/Patient/a-29391.E-1003', undefined, 'Grandparent'),
          person('Patient/a-29391.E-1002', 'Duplicate'),
          person('Patient/a-80000.E-55', 'Other practice'),
          { resource: { resourceType: 'OperationOutcome', issue: [] } },
        ],
      }),
    );

    await expect(record.relatedPatients('carol+kids@example.com')).resolves.toEqual([
      { patientId: '1002', relationship: 'Parent' },
      { patientId: '1003', relationship: 'Grandparent' },
    ]);
    const [request] = fake.to('GET', /RelatedPerson/);
    expect(request?.url.searchParams.get('email')).toBe('carol+kids@example.com');
    expect(request?.url.searchParams.get('ah-practice')).toBe('Organization/a-1.Practice-29391');
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it("follows a paged RelatedPerson search's next links on the record's own origin", async () => {
    const { fake, record } = setup();
    const person = (id: string, display: string) => ({ resource: { resourceType: 'RelatedPerson', patient: { reference: `Patient/a-29391.E-${id}` }, relationship: [{ coding: [{ display }] }] } });
    const page = (entries: unknown[], next: string | null) => json({ resourceType: 'Bundle', type: 'searchset', total: 3, link: next === null ? [{ relation: 'self', url: 'x' }] : [{ relation: 'next', url: next }], entry: entries });
    fake.on(
      'GET',
      /^\/fhir\/r4\/RelatedPerson$/,
      page([person('1002', 'Parent')], 'https://athena.test/fhir/r4/RelatedPerson?email=carol&_count=1&_offset=1'),
      page([person('1003', 'Child')], 'https://athena.test/fhir/r4/RelatedPerson?email=carol&_count=1&_offset=2'),
      page([person('1004', 'Spouse')], null),
    );
    await expect(record.relatedPatients('carol@example.com')).resolves.toEqual([
      { patientId: '1002', relationship: 'Parent' },
      { patientId: '1003', relationship: 'Child' },
      { patientId: '1004', relationship: 'Spouse' },
    ]);
    const requests = fake.to('GET', /RelatedPerson/);
    expect(requests.map((request) => request.url.searchParams.get('_offset'))).toEqual([null, '1', '2']);
    expect(requests.every((request) => request.headers.get('authorization') === 'Bearer token-1')).toBe(true);
  });

  it('never follows a next link to another origin (the token would go with it)', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/fhir\/r4\/RelatedPerson$/,
      json({ resourceType: 'Bundle', link: [{ relation: 'next', url: 'https://evil.example/fhir/r4/RelatedPerson?_offset=1' }], entry: [] }),
    );
    await expect(record.relatedPatients('carol@example.com')).rejects.toThrow(/leaves the health record's origin/);
    expect(fake.requests.filter((request) => request.url.host === 'evil.example')).toEqual([]);
  });

  it('answers [] for an empty bundle and refuses a malformed RelatedPerson', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /RelatedPerson/,
      json({ resourceType: 'Bundle', total: 0 }),
      json({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'RelatedPerson', patient: {} } }] }),
    );

    await expect(record.relatedPatients('nobody@example.com')).resolves.toEqual([]);
    await expect(record.relatedPatients('nobody@example.com')).rejects.toThrow(HealthRecordUnavailableError);
  });

  it('lists departments by the name patients see', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/v1\/29391\/departments$/,
      json({
        departments: [
          { departmentid: '1', name: 'PROV-DT', patientdepartmentname: 'Downtown Primary Care', address: '1 Main St', city: 'Providence', state: 'RI', zip: '02903', phone: '4015550100' },
          { departmentid: 2, name: 'Eastside' },
        ],
        totalcount: 2,
      }),
    );

    await expect(record.departments()).resolves.toEqual([
      { departmentId: '1', name: 'Downtown Primary Care', address: '1 Main St', city: 'Providence', state: 'RI', zip: '02903', phone: '4015550100' },
      { departmentId: '2', name: 'Eastside', address: null, city: null, state: null, zip: null, phone: null },
    ]);
  });

  it('lists providers with string ids, leaving out those hidden in the portal', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/v1\/29391\/providers$/,
      json({
        providers: [
          { providerid: 7, firstname: 'Anne', lastname: 'Lee', displayname: 'Lee, Anne MD', providertype: 'MD', specialty: 'Family Medicine', hideinportal: false },
          { providerid: 8, firstname: 'Hidden', lastname: 'Doc', hideinportal: 'true' },
          { providerid: '9', firstname: 'Raj', lastname: 'Patel' },
        ],
      }),
    );

    await expect(record.providers()).resolves.toEqual([
      { providerId: '7', firstName: 'Anne', lastName: 'Lee', displayName: 'Lee, Anne MD', specialty: 'Family Medicine', providerType: 'MD' },
      { providerId: '9', firstName: 'Raj', lastName: 'Patel', displayName: 'Raj Patel', specialty: null, providerType: null },
    ]);
  });
});

describe('AthenaHealthRecord scheduling', () => {
  it('lists appointment types', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/v1\/29391\/appointmenttypes$/,
      json({ appointmenttypes: [{ appointmenttypeid: '2', name: 'Office Visit', shortname: 'OV', duration: '30', patient: 'true', generic: false }] }),
    );

    await expect(record.appointmentTypes()).resolves.toEqual([
      { appointmentTypeId: '2', name: 'Office Visit', shortName: 'OV', durationMinutes: 30, patientBookable: true, generic: false },
    ]);
  });

  it('keeps the appointment types for a while: one request for callers within APPOINTMENT_TYPES_TTL_MS, a new one after', async () => {
    let now = new Date('2026-03-09T12:00:00Z');
    const { fake, record } = setup({ now: () => now });
    const office = { appointmenttypeid: '2', name: 'Office Visit', shortname: 'OV', duration: '30', patient: 'true', generic: false };
    const tele = { appointmenttypeid: '3', name: 'Telehealth', shortname: 'TH', duration: '20', patient: 'true', generic: false };
    fake.on('GET', /^\/v1\/29391\/appointmenttypes$/, json({ appointmenttypes: [office] }), json({ appointmenttypes: [office, tele] }));

    const [first, second] = await Promise.all([record.appointmentTypes(), record.appointmentTypes()]);
    now = new Date(now.getTime() + APPOINTMENT_TYPES_TTL_MS - 1);
    const third = await record.appointmentTypes();
    expect([first, second, third].map((types) => types.map((type) => type.name))).toEqual([['Office Visit'], ['Office Visit'], ['Office Visit']]);
    expect(fake.to('GET', /appointmenttypes/)).toHaveLength(1);

    now = new Date(now.getTime() + 1);
    expect((await record.appointmentTypes()).map((type) => type.name)).toEqual(['Office Visit', 'Telehealth']);
    expect(fake.to('GET', /appointmenttypes/)).toHaveLength(2);
  });

  it('does not keep a failed read of the appointment types: the next call asks again', async () => {
    const { fake, record } = setup({ now: () => new Date('2026-03-09T12:00:00Z') });
    let down = true;
    const office = { appointmenttypeid: '2', name: 'Office Visit', shortname: 'OV', duration: '30', patient: 'true', generic: false };
    fake.on('GET', /^\/v1\/29391\/appointmenttypes$/, () => (down ? json({ error: 'down' }, 503) : json({ appointmenttypes: [office] })));
    await expect(record.appointmentTypes()).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    down = false;
    await expect(record.appointmentTypes()).resolves.toEqual([expect.objectContaining({ name: 'Office Visit' })]);
  });

  it('finds open slots, sending only the filters given', async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/v1\/29391\/appointments\/open$/,
      json({
        appointments: [
          { appointmentid: 5001, date: '03/10/2026', starttime: '09:00', duration: 30, departmentid: 1, providerid: 7, appointmenttypeid: 2, appointmenttype: 'Office Visit', patientappointmenttypename: 'Visit', frozen: 'false' },
        ],
        totalcount: 1,
      }),
    );

    await expect(record.openSlots({ departmentId: '1', appointmentTypeId: '2', startDate: '03/09/2026', endDate: '03/13/2026' })).resolves.toEqual([
      {
        appointmentId: '5001',
        date: '03/10/2026',
        startTime: '09:00',
        durationMinutes: 30,
        departmentId: '1',
        providerId: '7',
        appointmentTypeId: '2',
        appointmentType: 'Office Visit',
        patientAppointmentTypeName: 'Visit',
        frozen: false,
      },
    ]);
    expect(Object.fromEntries(fake.to('GET', /open/)[0]?.url.searchParams ?? [])).toEqual({
      departmentid: '1',
      appointmenttypeid: '2',
      startdate: '03/09/2026',
      enddate: '03/13/2026',
    });
  });

  const booked = {
    appointmentid: '5001',
    appointmentstatus: 'f',
    patientid: '1001',
    date: '03/10/2026',
    starttime: '09:00',
    duration: '30',
    departmentid: '1',
    providerid: '7',
    appointmenttypeid: '2',
  };

  it('books a slot with a form PUT', async () => {
    const { fake, record } = setup();
    fake.on('PUT', /^\/v1\/29391\/appointments\/5001$/, json([booked]));

    await expect(record.bookAppointment({ appointmentId: '5001', patientId: '1001', appointmentTypeId: '2', departmentId: '1' })).resolves.toEqual({
      appointmentId: '5001',
      appointmentStatus: 'f',
      patientId: '1001',
      date: '03/10/2026',
      startTime: '09:00',
      durationMinutes: 30,
      departmentId: '1',
      providerId: '7',
      appointmentTypeId: '2',
      appointmentType: null,
    });
    expect(form(fake, 'PUT', /appointments/)).toEqual({ patientid: '1001', appointmenttypeid: '2', departmentid: '1' });
  });

  it("reports a taken slot (athena's 409) as core's SlotTakenError, keeping athena's error as the cause", async () => {
    const { fake, record } = setup();
    fake.on('PUT', /appointments/, json({ error: 'The appointment is already booked' }, 409));

    await expect(record.bookAppointment({ appointmentId: '5001', patientId: '1001', appointmentTypeId: '2', departmentId: '1' })).rejects.toMatchObject({
      name: 'SlotTakenError',
      cause: { name: 'AthenaRejectedError', status: 409, athenaError: 'The appointment is already booked' },
    });
  });

  it('cancels with the reason, leaving out a cancel reason id not given', async () => {
    const { fake, record } = setup();
    fake.on('PUT', /^\/v1\/29391\/appointments\/5001\/cancel$/, json({ status: 'x' }), json({ errormessage: 'Appointment is in the past' }));

    await expect(record.cancelAppointment({ appointmentId: '5001', patientId: '1001', reason: 'Feeling better' })).resolves.toBeUndefined();
    expect(form(fake, 'PUT', /cancel/)).toEqual({ patientid: '1001', cancellationreason: 'Feeling better' });
    await expect(record.cancelAppointment({ appointmentId: '5001', patientId: '1001', reason: 'x' })).rejects.toBeInstanceOf(AthenaRejectedError);
  });

  it('reschedules to a new slot', async () => {
    const { fake, record } = setup();
    fake.on('PUT', /^\/v1\/29391\/appointments\/5001\/reschedule$/, json([{ ...booked, appointmentid: '5002', rescheduledappointmentid: 5001 }]));

    const moved = await record.rescheduleAppointment({ appointmentId: '5001', newAppointmentId: '5002', patientId: '1001', reason: 'Conflict' });

    expect(moved).toMatchObject({ appointmentId: '5002', rescheduledAppointmentId: '5001', appointmentStatus: 'f' });
    expect(form(fake, 'PUT', /reschedule/)).toEqual({ newappointmentid: '5002', patientid: '1001', reschedulereason: 'Conflict' });
  });

  it("lists a patient's appointments with the show flags, and none for an unknown patient", async () => {
    const { fake, record } = setup();
    fake.on('GET', /^\/v1\/29391\/patients\/1001\/appointments$/, json({ appointments: [{ ...booked, appointmenttype: 'Office Visit' }], totalcount: 1 }));
    fake.on('GET', /^\/v1\/29391\/patients\/9\/appointments$/, json({ error: 'Patient not found' }, 404));

    const appointments = await record.patientAppointments('1001', { showPast: false, showCancelled: true });

    expect(appointments).toHaveLength(1);
    expect(appointments[0]).toMatchObject({ appointmentId: '5001', appointmentType: 'Office Visit', departmentId: '1' });
    expect(Object.fromEntries(fake.to('GET', /1001\/appointments/)[0]?.url.searchParams ?? [])).toEqual({ showcancelled: 'true', showpast: 'false' });
    await expect(record.patientAppointments('9', { showPast: true, showCancelled: true })).resolves.toEqual([]);
  });
});

describe('AthenaHealthRecord chart writes', () => {
  it('updates custom fields with a JSON list inside the form', async () => {
    const { fake, record } = setup();
    fake.on('PUT', /^\/v1\/29391\/patients\/1001\/customfields$/, json({ success: true, updatedcount: 2, disallowedcount: 0 }));

    await expect(
      record.updateCustomFields('1001', '1', [
        { customFieldId: '21', optionId: '2101' },
        { customFieldId: '90', value: 'note' },
      ]),
    ).resolves.toEqual({ updatedCount: 2, disallowedCount: 0 });
    const sent = form(fake, 'PUT', /customfields/);
    expect(sent['departmentid']).toBe('1');
    expect(JSON.parse(sent['customfields'] ?? '')).toEqual([
      { customfieldid: '21', optionid: '2101' },
      { customfieldid: '90', customfieldvalue: 'note' },
    ]);
  });

  it('treats success:false as a refusal', async () => {
    const { fake, record } = setup();
    fake.on('PUT', /customfields/, json({ success: 'false', errormessage: 'Field 21 is read-only' }));

    await expect(record.updateCustomFields('1001', '1', [{ customFieldId: '21', optionId: '2101' }])).rejects.toMatchObject({
      status: 200,
      athenaError: 'Field 21 is read-only',
    });
  });

  it('files a PDF as an admin document and closes it', async () => {
    const { fake, record } = setup();
    fake.on('POST', /^\/v1\/29391\/patients\/1001\/documents\/admin$/, json({ adminid: 880 }));

    await expect(
      record.fileAdminDocument({ patientId: '1001', departmentId: '1', documentSubclass: 'ADMIN_CONSENT', pdfBase64: 'JVBERi0+/=', internalNote: 'Consent' }),
    ).resolves.toEqual({ adminId: '880' });
    expect(form(fake, 'POST', /documents/)).toEqual({
      departmentid: '1',
      documentsubclass: 'ADMIN_CONSENT',
      attachmentcontents: 'JVBERi0+/=',
      internalnote: 'Consent',
      autoclose: 'true',
    });
  });

  it('files with the port input, and never retries: a 503 or a timeout is HealthRecordUnavailableError after one attempt', async () => {
    const { fake, record } = setup();
    const input = { patientId: '1001', departmentId: '1', documentSubclass: 'ADMIN_CONSENT', pdfBase64: 'JVBERi0=', internalNote: 'portal:sub-1' };
    fake.on('POST', /documents\/admin$/, json({ error: 'Service unavailable' }, 503), 'hang', json({ error: 'Invalid departmentid' }, 400));

    await expect(record.fileAdminDocument(input)).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    await expect(record.fileAdminDocument(input)).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    await expect(record.fileAdminDocument(input)).rejects.toBeInstanceOf(HealthRecordRejectedError);
    expect(fake.to('POST', /documents\/admin$/)).toHaveLength(3);
  });

  it("lists the chart's admin documents in a department, with their notes", async () => {
    const { fake, record } = setup();
    fake.on(
      'GET',
      /^\/v1\/29391\/patients\/1001\/documents\/admin$/,
      json({
        admins: [
          { adminid: 880, documentclass: 'ADMIN', documentsubclass: 'ADMIN_CONSENT', internalnote: 'portal:sub-1', status: 'CLOSED', createddatetime: '03/10/2026 09:15:02' },
          { adminid: '881', documentclass: 'ADMIN' },
        ],
        totalcount: 2,
      }),
    );
    fake.on('GET', /^\/v1\/29391\/patients\/9\/documents\/admin$/, json({ error: 'Patient not found' }, 404));

    await expect(record.listAdminDocuments('1001', '1')).resolves.toEqual([
      { adminId: '880', documentSubclass: 'ADMIN_CONSENT', internalNote: 'portal:sub-1', createdAt: '03/10/2026 09:15:02' },
      { adminId: '881', documentSubclass: null, internalNote: null, createdAt: null },
    ]);
    expect(fake.to('GET', /1001\/documents\/admin$/)[0]?.url.search).toBe('?departmentid=1');
    await expect(record.listAdminDocuments('9', '1')).resolves.toEqual([]);
  });

  it('retries the list like other reads, then reports HealthRecordUnavailableError', async () => {
    const { fake, record } = setup();
    fake.on('GET', /documents\/admin$/, json({}, 503), json({ admins: [], totalcount: 0 }), json({}, 502));

    await expect(record.listAdminDocuments('1001', '1')).resolves.toEqual([]);
    await expect(record.listAdminDocuments('1001', '1')).rejects.toBeInstanceOf(HealthRecordUnavailableError);
    expect(fake.to('GET', /documents\/admin$/)).toHaveLength(2 + 3);
  });
});

describe('AthenaHealthRecord patient registration', () => {
  const SSN = '900991234';
  const adult: NewPatient = {
    firstName: 'Nora',
    lastName: 'Quinn',
    dateOfBirth: '02/14/1990',
    departmentId: '1',
    email: 'nora@example.com',
    mobilePhone: '4015550199',
    address1: '5 Hope St',
    address2: null,
    city: 'Providence',
    state: 'RI',
    zip: '02906',
    ssn: SSN,
    sex: 'F',
    emergencyContact: { name: 'Liam Quinn', relationship: 'SPOUSE', mobilePhone: '4015550198' },
    primaryProviderId: '7',
    guardian: null,
  };
  const child: NewPatient = {
    ...adult,
    firstName: 'Ada',
    dateOfBirth: '06/01/2015',
    sex: null,
    emergencyContact: null,
    primaryProviderId: null,
    guardian: {
      firstName: 'Nora',
      lastName: 'Quinn',
      email: 'nora@example.com',
      phone: '4015550199',
      dateOfBirth: '02/14/1990',
      relationshipToPatient: '10',
      address1: '5 Hope St',
      address2: 'Apt 2',
      city: 'Providence',
      state: 'RI',
      zip: '02906',
    },
  };
  const createPath = /^\/v1\/29391\/patients$/;

  it('registers an adult with a form POST in athena field names', async () => {
    const { fake, record } = setup();
    fake.on('POST', createPath, json([{ patientid: '1042' }]));

    await expect(record.createPatient(adult)).resolves.toEqual({ patientId: '1042' });
    expect(form(fake, 'POST', createPath)).toEqual({
      firstname: 'Nora',
      lastname: 'Quinn',
      dob: '02/14/1990',
      departmentid: '1',
      email: 'nora@example.com',
      mobilephone: '4015550199',
      address1: '5 Hope St',
      city: 'Providence',
      state: 'RI',
      zip: '02906',
      ssn: SSN,
      sex: 'F',
      contactname: 'Liam Quinn',
      contactrelationship: 'SPOUSE',
      contactmobilephone: '4015550198',
      primaryproviderid: '7',
    });
    expect(fake.to('POST', createPath)[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it("writes a guardian as the record's guarantor", async () => {
    const { fake, record } = setup();
    fake.on('POST', createPath, json([{ patientid: 1043 }]));

    await expect(record.createPatient(child)).resolves.toEqual({ patientId: '1043' });
    const sent = form(fake, 'POST', createPath);
    expect(sent).toMatchObject({
      firstname: 'Ada',
      guarantorfirstname: 'Nora',
      guarantorlastname: 'Quinn',
      guarantoremail: 'nora@example.com',
      guarantorphone: '4015550199',
      guarantordob: '02/14/1990',
      guarantorrelationshiptopatient: '10',
      guarantoraddress1: '5 Hope St',
      guarantoraddress2: 'Apt 2',
      guarantorcity: 'Providence',
      guarantorstate: 'RI',
      guarantorzip: '02906',
    });
    expect(Object.keys(sent)).not.toEqual(expect.arrayContaining(['sex', 'contactname', 'primaryproviderid']));
  });

  it('answers the id athena gives, also when its best match found an existing patient', async () => {
    const { fake, record } = setup();
    fake.on('POST', createPath, json([{ patientid: '1001' }]));

    await expect(record.createPatient(adult)).resolves.toEqual({ patientId: '1001' });
  });

  it.each([
    ['an errormessage inside a 200', json([{ patientid: '', errormessage: `Patient Nora Quinn ${SSN} could not be registered` }])],
    ['an empty patientid', json([{ patientid: '' }])],
    ['an empty array', json([])],
    ['a 400', json({ error: 'Additional fields are required', detailedmessage: `ssn ${SSN}` }, 400)],
    ['a 409', json({ error: 'Conflict' }, 409)],
  ])('refuses on %s, with no field value in the message', async (_, answer) => {
    const { fake, record } = setup();
    fake.on('POST', createPath, answer);

    const failure = await record.createPatient(adult).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HealthRecordRejectedError);
    expect(String((failure as Error).message)).toMatch(/^athena POST \/v1\/\{practiceid\}\/patients answered \d{3}/);
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).not.toMatch(/Nora|Quinn|1234|02\/14\/1990|nora@/);
    expect(fake.to('POST', createPath)).toHaveLength(1);
  });

  it.each([
    ['a 500', json({ error: 'Internal error' }, 500)],
    ['a 503', json({}, 503)],
    ['a 429', json({}, 429)],
    ['a network error', 'network-error' as const],
    ['a timeout', 'hang' as const],
    ['an unreadable answer', json({ patientid: '1042' })],
  ])('is unavailable on %s, after ONE attempt (a retry could register twice)', async (_, answer) => {
    const { fake, record } = setup();
    fake.on('POST', createPath, answer);

    const failure = await record.createPatient(adult).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HealthRecordUnavailableError);
    expect(String((failure as Error).message)).not.toMatch(/Nora|Quinn|1234/);
    expect(fake.to('POST', createPath)).toHaveLength(1);
  });
});
