/**
 * The proprietary API and FHIR search over HTTP, against a sandbox whose clock is fixed at
 * 23:30 on 10 March 2026 in New York (already 11 March in UTC), so "today" must be read on the
 * practice's calendar.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from './seed/patients.ts';
import { backendToken, call, startTestSandbox, type JsonResponse, type TestSandbox } from './testing.ts';

const NOW = new Date('2026-03-11T03:30:00Z');
const TODAY = { year: 2026, month: 3, day: 10 };

let sandbox: TestSandbox;
let token: string;

const get = (path: string, headers: Record<string, string> = {}): Promise<JsonResponse> => call(sandbox.url, token, 'GET', path, undefined, headers);
const put = (path: string, body: Record<string, string | number | boolean>): Promise<JsonResponse> => call(sandbox.url, token, 'PUT', path, body);
const postForm = (path: string, body: Record<string, string | number | boolean>): Promise<JsonResponse> => call(sandbox.url, token, 'POST', path, body);

const P = '/v1/29391';
const AH = 'ah-practice=Organization%2Fa-1.Practice-29391';

const parseDob = (dob: string) => {
  const [month, day, year] = dob.split('/').map(Number) as [number, number, number];
  return { year, month, day };
};

const ageOn = (dob: string, on: { year: number; month: number; day: number }): number => {
  const birth = parseDob(dob);
  return on.year - birth.year - (on.month < birth.month || (on.month === birth.month && on.day < birth.day) ? 1 : 0);
};

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => NOW });
  token = await backendToken(sandbox.url);
});

afterAll(async () => {
  await sandbox.close();
});

describe('reference data', () => {
  it('GET /departments: the three locations in a list wrapper', async () => {
    const { status, body } = await get(`${P}/departments`);
    expect(status).toBe(200);
    expect(body).toEqual({
      departments: [
        { departmentid: '1', name: 'Valley Family Practice', patientdepartmentname: 'Valley Family Practice', address: '1150 Smithfield Avenue', city: 'Lincoln', state: 'RI', zip: '02865', phone: '4015550101', timezonename: 'America/New_York' },
        { departmentid: '2', name: 'Bay Primary Care', patientdepartmentname: 'Bay Primary Care', address: '300 Post Road', city: 'Warwick', state: 'RI', zip: '02888', phone: '4015550102', timezonename: 'America/New_York' },
        { departmentid: '8', name: 'Cherry Hill Medical', patientdepartmentname: 'Cherry Hill Medical', address: '25 Cherry Hill Road', city: 'Johnston', state: 'RI', zip: '02919', phone: '4015550108', timezonename: 'America/New_York' },
      ],
      totalcount: 3,
    });
  });

  it('GET /departments/{id} is a one-element array; an unknown one is 404', async () => {
    const one = await get(`${P}/departments/8`);
    expect(one.body).toHaveLength(1);
    expect(one.body[0].name).toBe('Cherry Hill Medical');
    const missing = await get(`${P}/departments/99`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: expect.any(String), detailedmessage: expect.any(String) });
  });

  it('GET /providers: the thirteen providers with numeric ids and credentials in displayname', async () => {
    const { body } = await get(`${P}/providers`);
    expect(body.totalcount).toBe(13);
    expect(body.providers.map((p: { providerid: number }) => p.providerid)).toEqual([15, 17, 12, 6, 13, 8, 1, 14, 3, 2, 16, 7, 5]);
    for (const provider of body.providers) {
      expect(provider).toMatchObject({
        providerid: expect.any(Number),
        firstname: expect.any(String),
        lastname: expect.any(String),
        displayname: expect.stringMatching(/^.+ .+, (MD|DO|NP|PA-C)$/),
        providertype: expect.any(String),
        npi: expect.any(Number),
        hideinportal: false,
      });
    }
    expect(body.providers[0]).toMatchObject({ providerid: 15, displayname: 'Sarah Chen, MD', specialty: 'Family Medicine' });
    expect(body.providers.filter((p: { specialty?: string }) => p.specialty === undefined).length).toBeGreaterThan(0);
    expect(new Set(body.providers.map((p: { specialty?: string }) => p.specialty))).toEqual(
      new Set(['Family Medicine', 'Internal Medicine', 'Pediatrics', 'Geriatrics', undefined]),
    );
  });

  it('GET /providers/{id} is a one-element array', async () => {
    const { body } = await get(`${P}/providers/7`);
    expect(body).toEqual([expect.objectContaining({ providerid: 7, displayname: "Kevin O'Brien, PA-C" })]);
    expect((await get(`${P}/providers/99`)).status).toBe(404);
  });

  it('GET /appointmenttypes: the annual physicals 5 and 12 and the four member types', async () => {
    const { body } = await get(`${P}/appointmenttypes`);
    expect(body.totalcount).toBe(body.appointmenttypes.length);
    const byId = new Map(body.appointmenttypes.map((t: { appointmenttypeid: string; name: string }) => [t.appointmenttypeid, t]));
    expect(byId.get('5')).toEqual({ appointmenttypeid: '5', name: 'Annual Physical', shortname: 'PHYS', duration: 30, patient: true, generic: false });
    expect(byId.get('12')).toMatchObject({ name: 'Annual Physical (Medicare Wellness)' });
    const names = body.appointmenttypes.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Office Visit', 'Telehealth', 'Follow-up', 'Consultation']));
  });
});

describe('patients', () => {
  it('searches by name (any case) and dob, in a list wrapper', async () => {
    const { status, body } = await get(`${P}/patients?firstname=MARGARET&lastname=sullivan&dob=04%2F12%2F1979`);
    expect(status).toBe(200);
    expect(body.totalcount).toBe(1);
    expect(body.patients[0]).toMatchObject({ patientid: '5101', firstname: 'Margaret', lastname: 'Sullivan', dob: '04/12/1979' });
    const none = await get(`${P}/patients?firstname=Margaret&lastname=Sullivan&dob=04%2F13%2F1979`);
    expect(none.body).toEqual({ patients: [], totalcount: 0 });
  });

  it('GET /patients/{id} is a one-element array in the wire shape', async () => {
    const { body } = await get(`${P}/patients/5101?showcustomfields=true`);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      patientid: '5101',
      firstname: 'Margaret',
      lastname: 'Sullivan',
      dob: '04/12/1979',
      sex: 'F',
      email: 'margaret.sullivan@example.com',
      mobilephone: '4015550111',
      homephone: expect.stringMatching(/^401555\d{4}$/),
      address1: expect.any(String),
      city: 'Lincoln',
      state: 'RI',
      zip: '02865',
      primarydepartmentid: '1',
      primaryproviderid: expect.any(String),
      status: 'active',
      ssn: '*****4412',
      customfields: [],
    });
  });

  it('answers every seeded SSN masked to its last four digits, in searches too', async () => {
    const { body } = await get(`${P}/patients?lastname=Bennett`);
    expect(body.patients.map((p: { firstname: string; ssn: string }) => [p.firstname, p.ssn])).toEqual([
      ['Carol', '*****5803'],
      ['Harold', '*****8407'],
      ['Emma', '*****1902'],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/90099/);
  });

  it('an unknown patient is 404 Patient not found', async () => {
    for (const path of [`${P}/patients/999999`, `${P}/patients/abc`, `${P}/patients/999999/customfields`, `${P}/patients/999999/portalaccess`]) {
      const { status, body } = await get(path);
      expect(status).toBe(404);
      expect(body.error).toBe('Patient not found');
    }
  });

  it('Jordan is exactly 27 today on the practice calendar; Tyler is 26 with the birthday five months away', async () => {
    const jordan = (await get(`${P}/patients/${PATIENT_IDS.jordan}`)).body[0];
    expect(jordan.dob).toBe('03/10/1999');
    expect(ageOn(jordan.dob, TODAY)).toBe(27);
    expect(ageOn(jordan.dob, { year: 2026, month: 3, day: 9 })).toBe(26);
    const tyler = (await get(`${P}/patients/${PATIENT_IDS.tyler}`)).body[0];
    expect(tyler.dob).toBe('08/10/1999');
    expect(ageOn(tyler.dob, TODAY)).toBe(26);
  });

  it('the other ages hold on the sandbox clock', async () => {
    const ages: Record<number, number> = {
      [PATIENT_IDS.carol]: 58,
      [PATIENT_IDS.harold]: 84,
      [PATIENT_IDS.emma]: 19,
      [PATIENT_IDS.paul]: 61,
      [PATIENT_IDS.olivia]: 45,
      [PATIENT_IDS.nora]: 70,
    };
    for (const [id, age] of Object.entries(ages)) {
      const patient = (await get(`${P}/patients/${id}`)).body[0];
      expect([patient.firstname, ageOn(patient.dob, TODAY)]).toEqual([patient.firstname, age]);
    }
  });

  it('Nora has no email: the field is absent', async () => {
    const nora = (await get(`${P}/patients/${PATIENT_IDS.nora}`)).body[0];
    expect(nora.email).toBeUndefined();
    expect(nora.emailexists).toBe(false);
    expect(nora.primarydepartmentid).toBe('2');
  });

  it('portalaccess: Carol on Emma and Harold; people with their own account list themselves', async () => {
    const carol = { name: 'Carol Bennett', email: 'carol.bennett@example.com', accesslevel: 'FULL' };
    expect((await get(`${P}/patients/${PATIENT_IDS.emma}/portalaccess`)).body).toEqual([{ ...carol, relationshiptopatient: 'Parent' }]);
    expect((await get(`${P}/patients/${PATIENT_IDS.harold}/portalaccess`)).body).toEqual([{ ...carol, relationshiptopatient: 'Child' }]);
    expect((await get(`${P}/patients/${PATIENT_IDS.carol}/portalaccess`)).body).toEqual([{ ...carol, relationshiptopatient: 'Self' }]);
    expect((await get(`${P}/patients/${PATIENT_IDS.nora}/portalaccess`)).body).toEqual([
      { name: 'Nora Quinn', relationshiptopatient: 'Self', accesslevel: 'FULL' },
    ]);
  });
});

describe('custom fields', () => {
  it('seeds Paul paid up (21) and Olivia opted out (81)', async () => {
    expect((await get(`${P}/patients/${PATIENT_IDS.paul}/customfields`)).body).toEqual([{ customfieldid: '21', customfieldvalue: 'Yes', optionid: '2101' }]);
    expect((await get(`${P}/patients/${PATIENT_IDS.olivia}/customfields`)).body).toEqual([{ customfieldid: '81', customfieldvalue: 'Yes', optionid: '8101' }]);
    const paul = (await get(`${P}/patients/${PATIENT_IDS.paul}?showcustomfields=true`)).body[0];
    expect(paul.customfields).toEqual([{ customfieldid: '21', customfieldvalue: 'Yes', optionid: '2101' }]);
  });

  it('PUT then GET: by optionid or by value; unknown and read-only fields are disallowed', async () => {
    const update = await put(`${P}/patients/${PATIENT_IDS.margaret}/customfields`, {
      departmentid: '1',
      customfields: JSON.stringify([
        { customfieldid: '21', optionid: '2101' },
        { customfieldid: '81', customfieldvalue: 'no' },
        { customfieldid: '1', customfieldvalue: 'X1' },
        { customfieldid: '999', customfieldvalue: 'Yes' },
      ]),
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual({ success: true, updatedcount: 2, disallowedcount: 2 });
    expect((await get(`${P}/patients/${PATIENT_IDS.margaret}/customfields`)).body).toEqual([
      { customfieldid: '21', customfieldvalue: 'Yes', optionid: '2101' },
      { customfieldid: '81', customfieldvalue: 'No', optionid: '8102' },
    ]);
  });

  it('PUT needs departmentid and a JSON array', async () => {
    const noDepartment = await put(`${P}/patients/${PATIENT_IDS.margaret}/customfields`, { customfields: '[]' });
    expect(noDepartment.status).toBe(400);
    expect(noDepartment.body).toEqual({ error: expect.any(String), detailedmessage: expect.any(String) });
    const notJson = await put(`${P}/patients/${PATIENT_IDS.margaret}/customfields`, { departmentid: '1', customfields: '{oops' });
    expect(notJson.status).toBe(400);
  });
});

describe('FHIR RelatedPerson', () => {
  it("Carol's email finds Harold (she is his child) and Emma (she is her parent), a page each unless _count asks for more", async () => {
    const { status, headers, body } = await get(`/fhir/r4/RelatedPerson?email=carol.bennett%40example.com&${AH}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(body).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 2 });
    expect(body.entry.map((entry: { resource: unknown }) => entry.resource)).toEqual([
      expect.objectContaining({
        resourceType: 'RelatedPerson',
        patient: { reference: `Patient/a-29391.E-${PATIENT_IDS.harold}` },
        relationship: [expect.objectContaining({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'CHILD', display: 'Child' }] })],
        name: [expect.objectContaining({ family: 'Bennett', given: ['Carol'] })],
        telecom: expect.arrayContaining([{ system: 'email', value: 'carol.bennett@example.com' }]),
      }),
    ]);
    const next = body.link.find((link: { relation: string }) => link.relation === 'next').url as string;
    const second = await get(next.slice(next.indexOf('/fhir/')));
    expect(second.body.entry.map((entry: { resource: unknown }) => entry.resource)).toEqual([
      expect.objectContaining({
        patient: { reference: `Patient/a-29391.E-${PATIENT_IDS.emma}` },
        relationship: [expect.objectContaining({ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'PRN', display: 'Parent' }] })],
      }),
    ]);
    expect(second.body.link.map((link: { relation: string }) => link.relation)).toEqual(['self']);
    const whole = await get(`/fhir/r4/RelatedPerson?email=carol.bennett%40example.com&${AH}&_count=10`);
    expect(whole.body.entry).toHaveLength(2);
  });

  it('another email finds nobody; ah-practice is required', async () => {
    expect((await get(`/fhir/r4/RelatedPerson?email=margaret.sullivan%40example.com&${AH}`)).body).toMatchObject({ total: 0, entry: [] });
    expect((await get('/fhir/r4/RelatedPerson?email=carol.bennett%40example.com')).status).toBe(400);
  });
});

describe('appointments', () => {
  const open = async (query: string) => (await get(`${P}/appointments/open?${query}`)).body;

  it('open slots: numeric ids, weekdays in the next six weeks, 08:00-16:30 New York time', async () => {
    const body = await open('departmentid=1&appointmenttypeid=5');
    expect(body.totalcount).toBe(body.appointments.length);
    expect(body.totalcount).toBeGreaterThan(20);
    for (const slot of body.appointments) {
      expect(slot).toEqual({
        appointmentid: expect.any(Number),
        date: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        starttime: expect.stringMatching(/^(0[89]|1[0-6]):[03]0$/),
        duration: 30,
        departmentid: 1,
        providerid: expect.any(Number),
        appointmenttypeid: 5,
        appointmenttype: 'Annual Physical',
        patientappointmenttypename: 'Annual Physical',
        frozen: false,
      });
      const { year, month, day } = parseDob(slot.date);
      const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
      expect(weekday).toBeGreaterThanOrEqual(1);
      expect(weekday).toBeLessThanOrEqual(5);
    }
    const dates = body.appointments.map((slot: { date: string }) => parseDob(slot.date));
    const iso = (d: { year: number; month: number; day: number }) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    const sorted = dates.map(iso).sort();
    // Today's slots are over (23:30); the last is Friday of week 5 (week 0 began Monday 03/09).
    expect(sorted[0] >= '2026-03-11').toBe(true);
    expect(sorted[sorted.length - 1] <= '2026-04-17').toBe(true);
    expect(new Set(body.appointments.map((slot: { providerid: number }) => slot.providerid))).toEqual(new Set([15, 17, 12, 6, 13]));
  });

  it('the whole schedule stays moderate', async () => {
    const counts = await Promise.all(['1', '2', '8'].map(async (d) => (await open(`departmentid=${d}`)).totalcount as number));
    const total = counts.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(1000);
    expect(total).toBeLessThan(5000);
  });

  it('filters by provider and dates; departmentid is required', async () => {
    const body = await open('departmentid=2&providerid=8,1&startdate=03%2F16%2F2026&enddate=03%2F20%2F2026');
    expect(body.totalcount).toBeGreaterThan(0);
    for (const slot of body.appointments) {
      expect([8, 1]).toContain(slot.providerid);
      expect(slot.date >= '03/16/2026' && slot.date <= '03/20/2026').toBe(true);
    }
    const missing = await get(`${P}/appointments/open?appointmenttypeid=2`);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Missing departmentid', detailedmessage: expect.any(String) });
  });

  it('books a slot once; the second booking is refused with 409', async () => {
    const [slot] = (await open('departmentid=1&appointmenttypeid=2')).appointments;
    const booked = await put(`${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.margaret, appointmenttypeid: '2', departmentid: '1' });
    expect(booked.status).toBe(200);
    expect(booked.body).toEqual([
      expect.objectContaining({
        appointmentid: String(slot.appointmentid),
        appointmentstatus: 'f',
        patientid: String(PATIENT_IDS.margaret),
        date: slot.date,
        starttime: slot.starttime,
        duration: 30,
        departmentid: '1',
        providerid: String(slot.providerid),
        appointmenttypeid: '2',
      }),
    ]);
    const again = await put(`${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.tyler, appointmenttypeid: '2', departmentid: '1' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('The appointment is already booked');
    const stillOpen = (await open('departmentid=1&appointmenttypeid=2')).appointments.map((s: { appointmentid: number }) => s.appointmentid);
    expect(stillOpen).not.toContain(slot.appointmentid);
    const mine = (await get(`${P}/patients/${PATIENT_IDS.margaret}/appointments`)).body;
    expect(mine.appointments.map((a: { appointmentid: string }) => a.appointmentid)).toContain(String(slot.appointmentid));
  });

  it('two bookings racing for one slot: exactly one wins', async () => {
    const [slot] = (await open('departmentid=2&appointmenttypeid=2')).appointments;
    const results = await Promise.all(
      [PATIENT_IDS.jordan, PATIENT_IDS.paul, PATIENT_IDS.nora].map((patientid) => put(`${P}/appointments/${slot.appointmentid}`, { patientid })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('refuses unknown appointments and patients, and the wrong department', async () => {
    const [slot] = (await open('departmentid=8')).appointments;
    expect((await put(`${P}/appointments/99999999`, { patientid: PATIENT_IDS.carol })).status).toBe(404);
    expect((await put(`${P}/appointments/${slot.appointmentid}`, { patientid: 999999 })).status).toBe(404);
    expect((await put(`${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.carol, departmentid: '1' })).status).toBe(400);
    expect((await put(`${P}/appointments/${slot.appointmentid}`, {})).status).toBe(400);
  });

  it('reschedules to another open slot, cancelling the first and reopening its time', async () => {
    const [first, second] = (await open('departmentid=8&appointmenttypeid=2')).appointments;
    await put(`${P}/appointments/${first.appointmentid}`, { patientid: PATIENT_IDS.carol, appointmenttypeid: '2' });
    const moved = await put(`${P}/appointments/${first.appointmentid}/reschedule`, {
      newappointmentid: second.appointmentid,
      patientid: PATIENT_IDS.carol,
      reschedulereason: 'Conflict',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual([
      expect.objectContaining({ appointmentid: String(second.appointmentid), appointmentstatus: 'f', rescheduledappointmentid: String(first.appointmentid) }),
    ]);
    const list = (await get(`${P}/patients/${PATIENT_IDS.carol}/appointments?showcancelled=true`)).body.appointments;
    expect(list.find((a: { appointmentid: string }) => a.appointmentid === String(first.appointmentid)).appointmentstatus).toBe('x');
    const reopened = (await open('departmentid=8&appointmenttypeid=2')).appointments.filter(
      (s: { date: string; starttime: string; providerid: number }) => s.date === first.date && s.starttime === first.starttime && s.providerid === first.providerid,
    );
    expect(reopened).toHaveLength(1);
    expect(reopened[0].appointmentid).not.toBe(first.appointmentid);
  });

  it('a cancelled slot opens again under a NEW id; the cancelled appointment keeps its id with status x', async () => {
    // athenahealth, https://docs.athenahealth.com/api/api-ref/appointment (Cancel appointment; Get
    // appointment details: appointmentstatus "x" cancelled) and /appointment-slot (Get list of open
    // appointment slots): a cancelled appointment stays readable under its id as "x", so the time it
    // frees is a new open appointment with a new appointmentid, when the cancel reason's
    // `slotavailable` (GET /appointmentcancelreasons) says so. Callers that remember a slot by id
    // (the earlier-slot waitlist) must look for its time, not its id.
    const sameTime = (slot: { date: string; starttime: string; providerid: number }) => (s: { date: string; starttime: string; providerid: number }) =>
      s.date === slot.date && s.starttime === slot.starttime && s.providerid === slot.providerid;
    const [slot, other] = (await open('departmentid=1&appointmenttypeid=2')).appointments;
    await put(`${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.olivia, appointmenttypeid: '2' });
    expect((await open('departmentid=1&appointmenttypeid=2')).appointments.filter(sameTime(slot))).toEqual([]);
    expect((await put(`${P}/appointments/${slot.appointmentid}/cancel`, { patientid: PATIENT_IDS.olivia, appointmentcancelreasonid: '4' })).body).toEqual({ status: 'x' });
    const [cancelled] = (await get(`${P}/appointments/${slot.appointmentid}`)).body;
    expect(cancelled).toMatchObject({ appointmentid: String(slot.appointmentid), appointmentstatus: 'x' });
    const reopened = (await open('departmentid=1&appointmenttypeid=2')).appointments.filter(sameTime(slot));
    expect(reopened).toHaveLength(1);
    expect(reopened[0].appointmentid).not.toBe(slot.appointmentid);
    expect((await put(`${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.olivia, appointmenttypeid: '2' })).status).toBe(409);
    expect((await put(`${P}/appointments/${reopened[0].appointmentid}`, { patientid: PATIENT_IDS.olivia, appointmenttypeid: '2' })).status).toBe(200);
    // A no-show (slotavailable false) frees nothing.
    await put(`${P}/appointments/${other.appointmentid}`, { patientid: PATIENT_IDS.paul, appointmenttypeid: '2' });
    await put(`${P}/appointments/${other.appointmentid}/cancel`, { patientid: PATIENT_IDS.paul, appointmentcancelreasonid: '2' });
    expect((await open('departmentid=1&appointmenttypeid=2')).appointments.filter(sameTime(other))).toEqual([]);
  });

  it('cancels with {status:"x"}; cancelling again or for someone else is refused', async () => {
    const [slot] = (await open('departmentid=2&appointmenttypeid=9')).appointments;
    await put(`${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.paul });
    expect((await put(`${P}/appointments/${slot.appointmentid}/cancel`, { patientid: PATIENT_IDS.jordan })).status).toBe(400);
    const cancelled = await put(`${P}/appointments/${slot.appointmentid}/cancel`, {
      patientid: PATIENT_IDS.paul,
      appointmentcancelreasonid: '4',
      cancellationreason: 'Feeling better',
    });
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'x' } });
    expect((await put(`${P}/appointments/${slot.appointmentid}/cancel`, { patientid: PATIENT_IDS.paul })).status).toBe(400);
    const upcoming = (await get(`${P}/patients/${PATIENT_IDS.paul}/appointments?showpast=false`)).body;
    expect(upcoming.appointments.map((a: { appointmentid: string }) => a.appointmentid)).not.toContain(String(slot.appointmentid));
    const one = (await get(`${P}/appointments/${slot.appointmentid}`)).body;
    expect(one).toEqual([expect.objectContaining({ appointmentstatus: 'x', cancelreasonid: '4', cancelreasonname: 'Patient Cancelled' })]);
    expect(one[0]).not.toHaveProperty('appointmentcancelreasonid');
  });
});

describe('admin documents', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n').toString('base64');

  it('files a base64 PDF and lists it with its hash', async () => {
    const filed = await postForm(`${P}/patients/${PATIENT_IDS.olivia}/documents/admin`, {
      departmentid: '1',
      documentsubclass: 'ADMIN_CONSENT',
      attachmentcontents: pdf,
      internalnote: 'Membership agreement',
      autoclose: 'true',
    });
    expect(filed.status).toBe(200);
    expect(filed.body).toEqual({ adminid: expect.any(Number) });
    const list = (await get(`${P}/patients/${PATIENT_IDS.olivia}/documents/admin?departmentid=1`)).body;
    expect(list).toEqual({
      admins: [
        expect.objectContaining({
          adminid: filed.body.adminid,
          documentclass: 'ADMIN',
          documentsubclass: 'ADMIN_CONSENT',
          status: 'CLOSED',
          internalnote: 'Membership agreement',
          createddatetime: '03/10/2026 23:30:00',
        }),
      ],
      totalcount: 1,
    });
    const control = await call(sandbox.url, null, 'GET', `/_sandbox/documents?patientid=${PATIENT_IDS.olivia}`);
    expect(control.body.documents).toEqual([expect.objectContaining({ adminid: filed.body.adminid, patientid: String(PATIENT_IDS.olivia), size: expect.any(Number), contenthash: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    // athenahealth documents no hash: the chart's list has none (the sandbox's control shows it).
    expect(list.admins[0]).not.toHaveProperty('contenthash');
    const content = await fetch(`${sandbox.url}${control.body.documents[0].contentUrl}`);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await content.arrayBuffer()).toString('base64')).toBe(pdf);
  });

  it('refuses what is not a PDF, and a missing departmentid', async () => {
    const notPdf = await postForm(`${P}/patients/${PATIENT_IDS.olivia}/documents/admin`, {
      departmentid: '1',
      documentsubclass: 'ADMIN_CONSENT',
      attachmentcontents: Buffer.from('hello').toString('base64'),
    });
    expect(notPdf.status).toBe(400);
    const noDepartment = await postForm(`${P}/patients/${PATIENT_IDS.olivia}/documents/admin`, { documentsubclass: 'ADMIN_CONSENT', attachmentcontents: pdf });
    expect(noDepartment.status).toBe(400);
  });
});

describe('patient registration (POST /patients)', () => {
  const nina = {
    firstname: 'Nina',
    lastname: 'Newman',
    dob: '02/14/1990',
    departmentid: '1',
    email: 'nina.newman@example.com',
    mobilephone: '4015550190',
    address1: '5 Hope Street',
    city: 'Providence',
    state: 'RI',
    zip: '02906',
    ssn: '900990190',
    sex: 'F',
    contactname: 'Leo Newman',
    contactrelationship: 'SPOUSE',
    contactmobilephone: '4015550191',
    primaryproviderid: '15',
  };
  const count = async (firstname: string, lastname: string, dob: string): Promise<number> =>
    (await get(`${P}/patients?${new URLSearchParams({ firstname, lastname, dob }).toString()}`)).body.totalcount;

  it('registers a new patient under a new id and answers it in the patient JSON, SSN masked', async () => {
    const created = await postForm(`${P}/patients`, nina);
    expect(created.status).toBe(200);
    expect(created.body).toEqual([{ patientid: expect.stringMatching(/^\d+$/) }]);
    const id = created.body[0].patientid;
    expect(Number(id)).toBeGreaterThanOrEqual(5201);
    const [patient] = (await get(`${P}/patients/${id}`)).body;
    expect(patient).toMatchObject({
      patientid: id,
      firstname: 'Nina',
      lastname: 'Newman',
      dob: '02/14/1990',
      sex: 'F',
      email: 'nina.newman@example.com',
      mobilephone: '4015550190',
      zip: '02906',
      primarydepartmentid: '1',
      primaryproviderid: '15',
      status: 'active',
      ssn: '*****0190',
    });
    expect(JSON.stringify(patient)).not.toContain('900990190');
    expect(await count('nina', 'NEWMAN', '02/14/1990')).toBe(1);
  });

  it('stores the guarantor of a minor and needs no sex', async () => {
    const created = await postForm(`${P}/patients`, {
      firstname: 'Ada',
      lastname: 'Newman',
      dob: '06/01/2015',
      departmentid: '1',
      guarantoremail: 'nina.newman@example.com',
      guarantorfirstname: 'Nina',
      guarantorlastname: 'Newman',
      guarantorphone: '4015550190',
      guarantordob: '02/14/1990',
      guarantorrelationshiptopatient: '10',
      guarantoraddress1: '5 Hope Street',
      guarantorcity: 'Providence',
      guarantorstate: 'RI',
      guarantorzip: '02906',
    });
    expect(created.body).toEqual([{ patientid: expect.stringMatching(/^\d+$/) }]);
    const [patient] = (await get(`${P}/patients/${created.body[0].patientid}`)).body;
    expect(patient.sex).toBeUndefined();
    expect(patient.ssn).toBeUndefined();
    const row = await sandbox.db.knex.withSchema('provider_sandbox').table('patients').where({ patientid: Number(created.body[0].patientid) }).first();
    expect(row).toMatchObject({ guarantorfirstname: 'Nina', guarantorrelationshiptopatient: '10', guarantorzip: '02906', portalaccount: false });
  });

  it('best match: the same name (any case) and dob answers the existing id without creating', async () => {
    const before = await count('Margaret', 'Sullivan', '04/12/1979');
    const matched = await postForm(`${P}/patients`, { firstname: 'MARGARET', lastname: 'sullivan', dob: '04/12/1979', departmentid: '2', zip: '02888' });
    expect(matched.status).toBe(200);
    expect(matched.body).toEqual([{ patientid: String(PATIENT_IDS.margaret) }]);
    expect(await count('Margaret', 'Sullivan', '04/12/1979')).toBe(before);
    expect((await get(`${P}/patients/${PATIENT_IDS.margaret}`)).body[0].primarydepartmentid).toBe('1');
  });

  it('bypasspatientmatching=true registers a second record of the same person', async () => {
    const twin = await postForm(`${P}/patients`, { firstname: 'Olivia', lastname: 'Hart', dob: (await get(`${P}/patients/${PATIENT_IDS.olivia}`)).body[0].dob, departmentid: '1', zip: '02865', bypasspatientmatching: 'true' });
    expect(twin.body[0].patientid).not.toBe(String(PATIENT_IDS.olivia));
    expect(Number(twin.body[0].patientid)).toBeGreaterThanOrEqual(5201);
  });

  it('400 {error, detailedmessage} without a required field or any contact field', async () => {
    for (const name of ['firstname', 'lastname', 'dob', 'departmentid']) {
      const { [name as keyof typeof nina]: _left, ...rest } = nina;
      const refused = await postForm(`${P}/patients`, { ...rest, firstname: name === 'firstname' ? '' : 'Missing' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Additional fields are required', detailedmessage: expect.stringContaining(name) });
    }
    const noContact = await postForm(`${P}/patients`, { firstname: 'No', lastname: 'Contact', dob: '01/01/1980', departmentid: '1', address1: '1 Main St' });
    expect(noContact.status).toBe(400);
    expect(noContact.body).toEqual({ error: 'Additional fields are required', detailedmessage: expect.stringContaining('email') });
    expect(await count('No', 'Contact', '01/01/1980')).toBe(0);
  });

  it('answers 200 with an errormessage and an empty patientid for values it cannot file', async () => {
    for (const change of [{ dob: '02/14/2999' }, { dob: '1990-02-14' }, { departmentid: '99' }, { ssn: '12345' }, { primaryproviderid: '999' }]) {
      const refused = await postForm(`${P}/patients`, { ...nina, firstname: 'Bad', ...change });
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual([{ patientid: '', errormessage: expect.any(String) }]);
    }
    expect((await get(`${P}/patients?firstname=Bad&lastname=Newman`)).body.totalcount).toBe(0);
  });

  it('20 simultaneous registrations of the same person make ONE record', async () => {
    for (const lastname of ['Concurrent', 'Parallel', 'Together']) {
      const person = { ...nina, firstname: 'Rosa', lastname, dob: '07/07/1977', ssn: '900990777' };
      const answers = await Promise.all(Array.from({ length: 20 }, () => postForm(`${P}/patients`, person)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((answer) => answer.body[0].patientid)).size).toBe(1);
      expect(await count('Rosa', lastname, '07/07/1977')).toBe(1);
    }
  });

  it('needs a backend bearer, like every proprietary call', async () => {
    expect((await call(sandbox.url, null, 'POST', `${P}/patients`, nina)).status).toBe(401);
    expect((await call(sandbox.url, 'not-a-token', 'POST', `${P}/patients`, nina)).status).toBe(401);
    expect((await call(sandbox.url, token, 'POST', '/v1/195900/patients', nina)).status).toBe(403);
  });
});

describe('conventions', () => {
  it('echoes X-Request-Id, and makes one when none is sent', async () => {
    const echoed = await get(`${P}/departments`, { 'X-Request-Id': '3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f' });
    expect(echoed.headers.get('x-request-id')).toBe('3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f');
    const failed = await call(sandbox.url, null, 'GET', `${P}/departments`, undefined, { 'X-Request-Id': 'req-401' });
    expect(failed.headers.get('x-request-id')).toBe('req-401');
    expect((await get(`${P}/departments`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('unknown endpoints are JSON 404s; another practice is refused', async () => {
    const unknown = await get(`${P}/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Not Found', detailedmessage: expect.any(String) });
    expect((await get('/v1/195900/departments')).status).toBe(403);
  });

  it('logs method, path and status only: no query strings', () => {
    expect(sandbox.logs.length).toBeGreaterThan(10);
    for (const line of sandbox.logs) expect(line).toMatch(/^(GET|POST|PUT|DELETE|HEAD|OPTIONS) \/\S* \d{3} \d+ms$/);
    expect(sandbox.logs.join('\n')).not.toMatch(/carol\.bennett|MARGARET|\?/);
  });
});
