/**
 * athenahealth's documented answers, one JSON Schema per endpoint the adapter calls, written down
 * from the "Output Parameters" of each endpoint on athenahealth's API reference (the page is
 * named on each). Objects are closed: a field athenahealth does not document for that endpoint
 * fails. athenahealth documents every output field as optional, so nothing is `required` beyond
 * what the portal cannot do without (ids). Fields we send but could not find on the page are
 * listed in `unconfirmed` (they pass, and the suite reports them) — see decision 0053.
 */
import { closed, type Schema } from './schema-kit.ts';

const REF = 'https://docs.athenahealth.com/api/api-ref';
const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;
/** athenahealth sends ids and counts as strings in some calls and numbers in others. */
const strOrNum = { type: ['string', 'number'] } as const;
/** Booleans arrive as JSON booleans or "true"/"false". */
const flag = { type: ['boolean', 'string'] } as const;

/** The error shape of every athenahealth endpoint (non-2xx). */
export const athenaErrorSchema: Schema = closed({ error: str, detailedmessage: str }, ['error']);

const customField = closed({ customfieldid: strOrNum, customfieldvalue: str, optionid: strOrNum }, ['customfieldid']);

/** GET /patients/{patientid}, GET /patients: `Output Parameters` of "Get specific patient record" (subset of its ~150 fields that a record can carry here). */
const patient = closed(
  {
    patientid: strOrNum, firstname: str, lastname: str, middlename: str, suffix: str, preferredname: str, dob: str, sex: str,
    email: str, emailexists: flag, mobilephone: str, homephone: str, workphone: str, address1: str, address2: str, city: str, state: str,
    zip: str, countrycode: str, countrycode3166: str, primarydepartmentid: strOrNum, departmentid: strOrNum, primaryproviderid: strOrNum,
    status: str, portalaccessgiven: flag, ssn: str, customfields: { type: 'array', items: customField }, contactname: str,
    contactrelationship: str, contactmobilephone: str, guarantorfirstname: str, guarantorlastname: str, guarantoremail: str,
    guarantorphone: str, guarantordob: str, guarantorrelationshiptopatient: strOrNum, guarantoraddress1: str, guarantoraddress2: str,
    guarantorcity: str, guarantorstate: str, guarantorzip: str, registrationdate: str, lastemail: str, consenttotext: flag,
    consenttocall: flag, onlinestatementonly: flag, donotcall: flag, driverslicense: flag, privacyinformationverified: flag,
  },
  ['patientid'],
);

const appointment = closed(
  {
    appointmentid: strOrNum, appointmentstatus: str, patientid: strOrNum, date: str, starttime: str, duration: strOrNum,
    departmentid: strOrNum, providerid: strOrNum, appointmenttypeid: strOrNum, appointmenttype: str, patientappointmenttypename: str,
    rescheduledappointmentid: strOrNum, frozenyn: flag, hl7providerid: strOrNum, scheduledby: str, scheduleddatetime: str,
    cancelleddatetime: str, cancelreasonid: strOrNum, cancelreasonname: str, copay: strOrNum, chargeentrynotrequired: flag,
    encounterid: strOrNum, encounterstatus: str, lastmodified: str, lastmodifiedby: str, renderingproviderid: strOrNum,
    supervisingproviderid: strOrNum, referringproviderid: strOrNum, reasonid: strOrNum, urgentyn: flag, visitid: strOrNum,
  },
  ['appointmentid'],
);

const openSlot = closed(
  {
    appointmentid: strOrNum, date: str, starttime: str, duration: strOrNum, departmentid: strOrNum, providerid: strOrNum,
    appointmenttypeid: strOrNum, appointmenttype: str, patientappointmenttypename: str, frozen: flag, reasonid: { type: 'array' },
    localproviderid: strOrNum, renderingproviderid: strOrNum, supervisingproviderid: strOrNum, templateappointmentid: strOrNum,
    templateappointmenttypeid: strOrNum,
  },
  ['appointmentid', 'date', 'starttime'],
);

const list = (key: string, item: Schema): Schema =>
  closed({ [key]: { type: 'array', items: item }, totalcount: num, next: str, previous: str }, [key]);

export interface AthenaEndpoint {
  readonly name: string;
  readonly method: string;
  /** Matched against the path after `/v1/{practiceid}`. */
  readonly path: RegExp;
  /** athenahealth's page documenting the endpoint. */
  readonly page: string;
  /** The schema of a 2xx answer. */
  readonly ok: Schema;
  /** Fields allowed above that the page did not show us in full (reported, decision 0053). */
  readonly unconfirmed?: readonly string[];
}

export const athenaEndpoints: readonly AthenaEndpoint[] = [
  {
    name: 'GET /departments',
    method: 'GET',
    path: /^\/departments$/,
    page: `${REF}/departments-reference`,
    ok: list(
      'departments',
      closed(
        {
          departmentid: strOrNum, name: str, patientdepartmentname: str, address: str, address2: str, city: str, state: str, zip: str,
          phone: str, fax: str, timezonename: str, timezone: strOrNum, timezoneoffset: strOrNum, chartsharinggroupid: strOrNum,
          clinicals: str, communicatorbrandid: strOrNum, providergroupid: strOrNum, providergroupname: str, placeofservicefacility: flag,
          placeofservicetypeid: strOrNum, placeofservicetypename: str, latitude: strOrNum, longitude: strOrNum, portalurl: str,
          servicedepartment: flag, ishospitaldepartment: flag, doesnotobservedst: flag, medicationhistoryconsent: flag, ecommercecreditcardtypes: { type: 'array' },
        },
        ['departmentid'],
      ),
    ),
  },
  {
    name: 'GET /providers',
    method: 'GET',
    path: /^\/providers$/,
    page: `${REF}/provider-reference`,
    ok: list(
      'providers',
      closed(
        {
          providerid: strOrNum, firstname: str, lastname: str, displayname: str, providertypeid: str, providertype: str, specialty: str,
          specialtyid: strOrNum, npi: strOrNum, hideinportal: flag, sex: str, homedepartment: str, entitytype: str, billable: flag,
          schedulingname: str, providerusername: str, supervisingproviderid: strOrNum, supervisingproviderusername: str,
          createencounteroncheckin: flag, usualdepartmentid: strOrNum, ansispecialtycode: str, acknowledgementstatus: str,
        },
        ['providerid'],
      ),
    ),
  },
  {
    name: 'GET /appointmenttypes',
    method: 'GET',
    path: /^\/appointmenttypes$/,
    page: `${REF}/appointment-types`,
    ok: list('appointmenttypes', closed({ appointmenttypeid: strOrNum, name: str, shortname: str, duration: strOrNum, patient: flag, generic: flag, templatetypeonly: flag }, ['appointmenttypeid'])),
  },
  { name: 'GET /patients/{patientid}', method: 'GET', path: /^\/patients\/\d+$/, page: `${REF}/patient`, ok: { type: 'array', items: patient } },
  { name: 'GET /patients', method: 'GET', path: /^\/patients$/, page: `${REF}/patient`, ok: list('patients', patient) },
  {
    name: 'POST /patients',
    method: 'POST',
    path: /^\/patients$/,
    page: `${REF}/patient`,
    ok: { type: 'array', items: closed({ patientid: strOrNum, errormessage: str }, []) },
  },
  {
    name: 'GET /patients/{patientid}/portalaccess',
    method: 'GET',
    path: /^\/patients\/\d+\/portalaccess$/,
    page: `${REF}/patient-portal-access`,
    ok: { type: 'array', items: closed({ accesslevel: str, communicatorbrandid: strOrNum, email: str, name: str, relationshiptopatient: str }, []) },
  },
  {
    name: 'PUT /patients/{patientid}/customfields',
    method: 'PUT',
    path: /^\/patients\/\d+\/customfields$/,
    page: `${REF}/patient`,
    ok: closed({ success: flag, errormessage: str, updatedcount: strOrNum, disallowedcount: strOrNum }, []),
    unconfirmed: ['updatedcount', 'disallowedcount'],
  },
  {
    name: 'GET /appointments/open',
    method: 'GET',
    path: /^\/appointments\/open$/,
    page: `${REF}/appointment-slot`,
    ok: list('appointments', openSlot),
  },
  { name: 'GET /appointments/{appointmentid}', method: 'GET', path: /^\/appointments\/\d+$/, page: `${REF}/appointment`, ok: { type: 'array', items: appointment } },
  { name: 'PUT /appointments/{appointmentid}', method: 'PUT', path: /^\/appointments\/\d+$/, page: `${REF}/appointment`, ok: { type: 'array', items: appointment } },
  {
    name: 'PUT /appointments/{appointmentid}/cancel',
    method: 'PUT',
    path: /^\/appointments\/\d+\/cancel$/,
    page: `${REF}/appointment`,
    ok: closed({ status: str, errormessage: str }, []),
  },
  { name: 'PUT /appointments/{appointmentid}/reschedule', method: 'PUT', path: /^\/appointments\/\d+\/reschedule$/, page: `${REF}/appointment`, ok: { type: 'array', items: appointment } },
  { name: 'GET /patients/{patientid}/appointments', method: 'GET', path: /^\/patients\/\d+\/appointments$/, page: `${REF}/appointment`, ok: list('appointments', appointment) },
  {
    name: 'POST /patients/{patientid}/documents/admin',
    method: 'POST',
    path: /^\/patients\/\d+\/documents\/admin$/,
    page: `${REF}/document-type-admin-document`,
    ok: closed({ adminid: strOrNum, errormessage: str, success: flag }, []),
  },
  {
    name: 'GET /patients/{patientid}/documents/admin',
    method: 'GET',
    path: /^\/patients\/\d+\/documents\/admin$/,
    page: `${REF}/document-type-admin-document`,
    ok: list(
      'admins',
      closed(
        {
          adminid: strOrNum, documentclass: str, documentsubclass: str, documenttypeid: strOrNum, description: str, internalnote: str,
          status: str, createddate: str, createddatetime: str, createduser: str, lastmodifieddate: str, lastmodifieddatetime: str,
          lastmodifieduser: str, departmentid: strOrNum, patientid: strOrNum, providerid: strOrNum, documentdate: str, documentroute: str,
          documentsource: str, priority: strOrNum, assignedto: str, appointmentid: strOrNum, externalnoteonly: str, pages: { type: 'array' },
        },
        ['adminid'],
      ),
    ),
  },
];

export const ATHENA_TOKEN_PAGE = 'https://docs.athenahealth.com/api/guides/authentication-overview';
