/**
 * The practice's health record over athenahealth's proprietary API (/v1/{practiceid}) and FHIR
 * R4 (RelatedPerson search). Maps athena's lower-case fields to the domain's camelCase shapes;
 * ids become strings, dates stay MM/DD/YYYY as athena spells them.
 */
import * as t from 'io-ts';
import { HealthRecordRejectedError, HealthRecordUnavailableError, SlotTakenError } from '@portal/core';
import type {
  CustomFieldUpdate,
  CustomFieldsUpdateResult,
  HealthRecordCustomFields,
  AdminDocumentInput,
  ChartAdminDocument,
  ChartDocuments,
  HealthRecord,
  HealthRecordCustomField,
  HealthRecordDepartment,
  HealthRecordPatient,
  HealthRecordProvider,
  NewPatient,
  PatientRegistration,
  PatientSearch,
  PortalAccessEntry,
  RelatedPatient,
  Appointment,
  AppointmentType,
  BookAppointmentInput,
  CancelAppointmentInput,
  OpenSlot,
  OpenSlotQuery,
  PatientAppointmentsOptions,
  RescheduleAppointmentInput,
  RescheduledAppointment,
  Scheduling,
  Clock,
} from '@portal/core';
import type { AthenaConfig } from './athena.config.ts';
import {
  AdminDocumentList,
  AppointmentList,
  AppointmentTypeList,
  AthenaAdminDocumentCreated,
  AthenaAppointmentResult,
  AthenaCancelResult,
  AthenaCustomFieldsUpdate,
  AthenaPatientCreated,
  AthenaPatientRecord,
  AthenaPortalAccessList,
  DepartmentList,
  FhirBundle,
  FhirRelatedPerson,
  OpenSlotList,
  PatientList,
  ProviderList,
} from './athena.codecs.ts';
import type {
  AthenaAdminDocument,
  AthenaAppointment,
  AthenaAppointmentType,
  AthenaCustomField,
  AthenaDepartment,
  AthenaFlag,
  AthenaId,
  AthenaNumber,
  AthenaOpenSlot,
  AthenaPatient,
  AthenaProvider,
} from './athena.codecs.ts';
import { AthenaHttpClient, decodeOrThrow } from './athena-http.client.ts';
import type { AthenaFailure, AthenaRequest, Fields } from './athena-http.client.ts';
import { AthenaRejectedError } from './athena.errors.ts';

/** athena answers at most this many items per page; we follow `totalcount` for up to MAX_PAGES. */
const MAX_PAGES = 20;

/**
 * How long the practice's appointment types are kept (issue 15): every booking and every
 * availability search asks for them, and they change only when the practice edits its setup. A
 * type the practice adds or stops offering shows within this time; a failed read is not kept.
 */
export const APPOINTMENT_TYPES_TTL_MS = 5 * 60 * 1000;

const systemClock: Clock = { now: () => new Date() };

const notFoundAs =
  <F>(value: F) =>
  (failure: AthenaFailure): { readonly value: F } | undefined =>
    failure.status === 404 ? { value } : undefined;

export class AthenaHealthRecord implements HealthRecord, HealthRecordCustomFields, PatientRegistration, ChartDocuments, Scheduling {
  readonly #http: AthenaHttpClient;
  readonly #clock: Clock;
  /** The appointment types read at `at` (ms), or being read: callers at the same moment share one request. */
  #appointmentTypes: { readonly at: number; readonly types: Promise<readonly AppointmentType[]> } | null = null;

  /** Pass a shared client to share its token cache with other adapters. */
  constructor(config: AthenaConfig, http: AthenaHttpClient = new AthenaHttpClient(config)) {
    this.#http = http;
    this.#clock = config.clock ?? systemClock;
  }

  async getPatient(patientId: string): Promise<HealthRecordPatient | null> {
    const records = await this.#read(
      { method: 'GET', path: '/v1/{practiceid}/patients/{patientid}', params: { patientid: patientId }, query: { showcustomfields: 'true' } },
      AthenaPatientRecord,
      notFoundAs(null),
    );
    const record = records?.[0];
    return record === undefined ? null : toPatient(record);
  }

  async searchPatients(search: PatientSearch): Promise<readonly HealthRecordPatient[]> {
    const patients = await this.#readAll(
      {
        method: 'GET',
        path: '/v1/{practiceid}/patients',
        // The custom fields come along: the 'Paid Up' rule reads field 21 of the matched record.
        query: { firstname: search.firstName, lastname: search.lastName, dob: search.dateOfBirth, showcustomfields: 'true' },
      },
      'patients',
      PatientList,
    );
    return patients.map(toPatient);
  }

  async portalAccess(patientId: string): Promise<readonly PortalAccessEntry[]> {
    const entries = await this.#read(
      { method: 'GET', path: '/v1/{practiceid}/patients/{patientid}/portalaccess', params: { patientid: patientId } },
      AthenaPortalAccessList,
      notFoundAs([]),
    );
    return entries.map((entry) => ({
      name: entry.name,
      email: text(entry.email),
      relationshipToPatient: text(entry.relationshiptopatient),
      accessLevel: text(entry.accesslevel),
    }));
  }

  async relatedPatients(email: string): Promise<readonly RelatedPatient[]> {
    const request: AthenaRequest = {
      method: 'GET',
      path: '/fhir/r4/RelatedPerson',
      query: { email, 'ah-practice': `Organization/a-1.Practice-${this.#http.practiceId}` },
      accept: 'application/fhir+json',
    };
    const related = new Map<string, RelatedPatient>();
    for await (const entry of this.#searchPages(request)) {
      if (entry.resource?.['resourceType'] !== 'RelatedPerson') continue;
      const person = decodeOrThrow(request, FhirRelatedPerson, entry.resource);
      const patientId = this.#patientIdFromReference(person.patient.reference);
      if (patientId === null || related.has(patientId)) continue;
      const relationship = person.relationship?.[0];
      const label = relationship?.coding?.find((coding) => text(coding.display) !== null)?.display ?? relationship?.text;
      related.set(patientId, { patientId, relationship: text(label) });
    }
    return [...related.values()];
  }

  /**
   * The entries of a FHIR search, page by page: a searchset may be paged (a `link` with relation
   * `next`). A next link is followed only on the health record's own origin (never sending the
   * token elsewhere), and at most MAX_PAGES pages (as the v1 lists).
   */
  async *#searchPages(request: AthenaRequest): AsyncGenerator<NonNullable<FhirBundle['entry']>[number]> {
    let page = await this.#read(request, FhirBundle);
    for (let pages = 1; ; pages += 1) {
      yield* page.entry ?? [];
      const next = page.link?.find((link) => link.relation === 'next')?.url;
      if (!next) return;
      let url: URL;
      try {
        url = new URL(next);
      } catch {
        throw new HealthRecordUnavailableError(`athena ${request.method} ${request.path}: the next page link is not a URL`);
      }
      if (url.origin !== new URL(this.#http.baseUrl).origin) throw new HealthRecordUnavailableError(`athena ${request.method} ${request.path}: the next page link leaves the health record's origin`);
      if (pages >= MAX_PAGES) throw new HealthRecordUnavailableError(`athena ${request.method} ${request.path}: more than ${MAX_PAGES} pages`);
      page = await this.#read({ ...request, url: url.href }, FhirBundle);
    }
  }

  async departments(): Promise<readonly HealthRecordDepartment[]> {
    const departments = await this.#readAll({ method: 'GET', path: '/v1/{practiceid}/departments' }, 'departments', DepartmentList);
    return departments.map(toDepartment);
  }

  /** The providers patients may see: those athena marks `hideinportal` are left out. */
  async providers(): Promise<readonly HealthRecordProvider[]> {
    const providers = await this.#readAll({ method: 'GET', path: '/v1/{practiceid}/providers' }, 'providers', ProviderList);
    return providers.filter((provider) => !flag(provider.hideinportal)).map(toProvider);
  }

  /** Sets custom fields (21 'MDRI Paid Up', 81 membership opt-out) in the patient's department. */
  async updateCustomFields(
    patientId: string,
    departmentId: string,
    fields: readonly CustomFieldUpdate[],
  ): Promise<CustomFieldsUpdateResult> {
    const request: AthenaRequest = {
      method: 'PUT',
      path: '/v1/{practiceid}/patients/{patientid}/customfields',
      params: { patientid: patientId },
      form: {
        departmentid: departmentId,
        customfields: JSON.stringify(
          fields.map((field) =>
            field.optionId !== undefined
              ? { customfieldid: field.customFieldId, optionid: field.optionId }
              : { customfieldid: field.customFieldId, customfieldvalue: field.value ?? '' },
          ),
        ),
      },
    };
    const result = await this.#http.send(request, AthenaCustomFieldsUpdate);
    if (!flag(result.success)) throw new AthenaRejectedError(request.method, request.path, 200, text(result.errormessage));
    return { updatedCount: count(result.updatedcount), disallowedCount: count(result.disallowedcount) };
  }

  async openSlots(query: OpenSlotQuery): Promise<readonly OpenSlot[]> {
    const slots = await this.#readAll(
      {
        method: 'GET',
        path: '/v1/{practiceid}/appointments/open',
        query: {
          departmentid: query.departmentId,
          appointmenttypeid: query.appointmentTypeId,
          providerid: query.providerId,
          startdate: query.startDate,
          enddate: query.endDate,
        },
      },
      'appointments',
      OpenSlotList,
    );
    return slots.map(toOpenSlot);
  }

  async appointment(appointmentId: string): Promise<Appointment | null> {
    const found = await this.#read(
      { method: 'GET', path: '/v1/{practiceid}/appointments/{appointmentid}', params: { appointmentid: appointmentId } },
      AthenaAppointmentResult,
      notFoundAs<null>(null),
    );
    return found === null || found.length === 0 ? null : toAppointment(found[0]!);
  }

  /** The practice's appointment types, kept APPOINTMENT_TYPES_TTL_MS. */
  appointmentTypes(): Promise<readonly AppointmentType[]> {
    const now = this.#clock.now().getTime();
    const cached = this.#appointmentTypes;
    if (cached !== null && now >= cached.at && now - cached.at < APPOINTMENT_TYPES_TTL_MS) return cached.types;
    const entry = {
      at: now,
      types: this.#readAll({ method: 'GET', path: '/v1/{practiceid}/appointmenttypes' }, 'appointmenttypes', AppointmentTypeList).then((types) => types.map(toAppointmentType)),
    };
    this.#appointmentTypes = entry;
    entry.types.catch(() => {
      if (this.#appointmentTypes === entry) this.#appointmentTypes = null;
    });
    return entry.types;
  }

  /**
   * Books an open slot. Not retried: a lost answer may still have booked it, so callers re-read
   * the patient's appointments before trying again. A taken slot is AthenaRejectedError 409.
   */
  async bookAppointment(input: BookAppointmentInput): Promise<Appointment> {
    const request: AthenaRequest = {
      method: 'PUT',
      path: '/v1/{practiceid}/appointments/{appointmentid}',
      params: { appointmentid: input.appointmentId },
      form: { patientid: input.patientId, appointmenttypeid: input.appointmentTypeId, departmentid: input.departmentId },
    };
    return toAppointment(single(request, await this.#schedule(request, AthenaAppointmentResult)));
  }

  async cancelAppointment(input: CancelAppointmentInput): Promise<void> {
    const request: AthenaRequest = {
      method: 'PUT',
      path: '/v1/{practiceid}/appointments/{appointmentid}/cancel',
      params: { appointmentid: input.appointmentId },
      form: { patientid: input.patientId, appointmentcancelreasonid: input.cancelReasonId, cancellationreason: input.reason },
    };
    const result = await this.#http.send(request, AthenaCancelResult);
    const refusal = text(result.errormessage);
    if (refusal !== null) throw new AthenaRejectedError(request.method, request.path, 200, refusal);
  }

  async rescheduleAppointment(input: RescheduleAppointmentInput): Promise<RescheduledAppointment> {
    const request: AthenaRequest = {
      method: 'PUT',
      path: '/v1/{practiceid}/appointments/{appointmentid}/reschedule',
      params: { appointmentid: input.appointmentId },
      form: {
        newappointmentid: input.newAppointmentId,
        patientid: input.patientId,
        appointmentcancelreasonid: input.cancelReasonId,
        reschedulereason: input.reason,
      },
    };
    const appointment = single(request, await this.#schedule(request, AthenaAppointmentResult));
    return { ...toAppointment(appointment), rescheduledAppointmentId: id(appointment.rescheduledappointmentid) };
  }

  async patientAppointments(patientId: string, options: PatientAppointmentsOptions): Promise<readonly Appointment[]> {
    const appointments = await this.#readAll(
      {
        method: 'GET',
        path: '/v1/{practiceid}/patients/{patientid}/appointments',
        params: { patientid: patientId },
        query: { showcancelled: String(options.showCancelled), showpast: String(options.showPast) },
      },
      'appointments',
      AppointmentList,
      true,
    );
    return appointments.map(toAppointment);
  }

  /**
   * Registers a new patient (POST /patients). Never retried: a lost answer may still have
   * registered them, and athena's best match answers an existing patient's id anyway, so the
   * caller searches before trying again. 4xx and a 200 carrying `errormessage` (or no id) are
   * HealthRecordRejectedError; 5xx, 429, timeouts and unreadable answers are
   * HealthRecordUnavailableError. No error message holds a field value (the SSN least of all).
   */
  async createPatient(patient: NewPatient): Promise<{ readonly patientId: string }> {
    const request: AthenaRequest = {
      method: 'POST',
      path: '/v1/{practiceid}/patients',
      retrySafe: false,
      form: newPatientForm(patient),
    };
    const created = await this.#write(request, AthenaPatientCreated);
    const first = created[0];
    const patientId = id(first?.patientid);
    if (first === undefined || text(first.errormessage) !== null || patientId === null) {
      // athena's errormessage may echo what was sent: it is not carried anywhere.
      const what = first === undefined ? 'an empty array' : text(first.errormessage) !== null ? 'an errormessage' : 'no patientid';
      throw new HealthRecordRejectedError(`athena ${request.method} ${request.path} answered 200 with ${what}`);
    }
    return { patientId };
  }

  /**
   * Files a signed PDF into the chart. Not retried (a retry could file it twice): after a
   * HealthRecordUnavailableError the caller looks for its note with listAdminDocuments first.
   * A 4xx is HealthRecordRejectedError.
   */
  async fileAdminDocument(input: AdminDocumentInput): Promise<{ readonly adminId: string }> {
    const request: AthenaRequest = {
      method: 'POST',
      path: '/v1/{practiceid}/patients/{patientid}/documents/admin',
      params: { patientid: input.patientId },
      retrySafe: false,
      form: {
        departmentid: input.departmentId,
        documentsubclass: input.documentSubclass,
        attachmentcontents: input.pdfBase64,
        internalnote: input.internalNote,
        autoclose: 'true',
      },
    };
    const created = await this.#write(request, AthenaAdminDocumentCreated);
    return { adminId: String(created.adminid) };
  }

  /** The admin documents in the patient's chart in a department; an unknown patient has none. */
  async listAdminDocuments(patientId: string, departmentId: string): Promise<readonly ChartAdminDocument[]> {
    const documents = await this.#readAll(
      {
        method: 'GET',
        path: '/v1/{practiceid}/patients/{patientid}/documents/admin',
        params: { patientid: patientId },
        query: { departmentid: departmentId },
      },
      'admins',
      AdminDocumentList,
      true,
    );
    return documents.map(toAdminDocument);
  }

  /** Booking writes: a taken slot (409) is core's SlotTakenError, another refusal HealthRecordRejectedError. */
  async #schedule<A>(request: AthenaRequest, codec: t.Decoder<unknown, A>): Promise<A> {
    try {
      return await this.#http.send(request, codec);
    } catch (error) {
      if (error instanceof AthenaRejectedError && error.status === 409) throw new SlotTakenError(error.message, { cause: error });
      if (error instanceof AthenaRejectedError) throw new HealthRecordRejectedError(error.message, { cause: error });
      throw error;
    }
  }

  /** Writes of the ports: athena's refusal (4xx) becomes HealthRecordRejectedError. */
  async #write<A>(request: AthenaRequest, codec: t.Decoder<unknown, A>): Promise<A> {
    try {
      return await this.#http.send(request, codec);
    } catch (error) {
      if (error instanceof AthenaRejectedError) throw new HealthRecordRejectedError(error.message, { cause: error });
      throw error;
    }
  }

  /** Reads keep the port's promise: any failure is HealthRecordUnavailableError. */
  async #read<A, F = never>(
    request: AthenaRequest,
    codec: t.Decoder<unknown, A>,
    onFailure?: (failure: AthenaFailure) => { readonly value: F } | undefined,
  ): Promise<A | F> {
    try {
      return await this.#http.send(request, codec, onFailure);
    } catch (error) {
      if (error instanceof AthenaRejectedError) throw new HealthRecordUnavailableError(error.message, { cause: error });
      throw error;
    }
  }

  /** A list read, following `totalcount` with `offset` (athena pages at 1500 by default). */
  async #readAll<K extends string, I>(
    request: AthenaRequest,
    key: K,
    codec: t.Decoder<unknown, { readonly [P in K]: readonly I[] } & { readonly totalcount?: AthenaNumber | null | undefined }>,
    emptyWhenNotFound = false,
  ): Promise<readonly I[]> {
    const items: I[] = [];
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query: Fields = page === 0 ? { ...request.query } : { ...request.query, offset: String(items.length) };
      const list = await this.#read({ ...request, query }, codec, emptyWhenNotFound ? notFoundAs(null) : undefined);
      if (list === null) return items;
      const pageItems = list[key];
      items.push(...pageItems);
      const total = list.totalcount === undefined || list.totalcount === null ? NaN : Number(list.totalcount);
      if (pageItems.length === 0 || !(items.length < total)) break;
    }
    return items;
  }

  /** `Patient/a-{practiceid}.E-{patientid}` of our practice → `{patientid}`; anything else → null. */
  #patientIdFromReference(reference: string): string | null {
    const match = /^(?:.*\/)?Patient\/a-(\d+)\.E-(\d+)$/.exec(reference);
    return match !== null && match[1] === this.#http.practiceId ? (match[2] ?? null) : null;
  }
}

// ---- Mapping ----

function text(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

function id(value: AthenaId | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : String(value);
}

function flag(value: AthenaFlag | null | undefined): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

function numberOrNull(value: AthenaNumber | null | undefined): number | null {
  if (value === undefined || value === null || value === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

function count(value: AthenaNumber | null | undefined): number {
  return numberOrNull(value) ?? 0;
}

function single<A>(request: AthenaRequest, items: readonly A[]): A {
  const first = items[0];
  if (first === undefined) throw new HealthRecordUnavailableError(`athena ${request.method} ${request.path} answered with an empty array`);
  return first;
}

function toCustomField(field: AthenaCustomField): HealthRecordCustomField {
  return { customFieldId: String(field.customfieldid), value: text(field.customfieldvalue), optionId: id(field.optionid) };
}

function toPatient(patient: AthenaPatient): HealthRecordPatient {
  const sex = patient.sex?.trim().toUpperCase();
  return {
    patientId: String(patient.patientid),
    firstName: patient.firstname,
    lastName: patient.lastname,
    dateOfBirth: patient.dob,
    sex: sex === 'M' || sex === 'F' ? sex : null,
    email: text(patient.email),
    mobilePhone: text(patient.mobilephone),
    homePhone: text(patient.homephone),
    address1: text(patient.address1),
    address2: text(patient.address2),
    city: text(patient.city),
    state: text(patient.state),
    zip: text(patient.zip),
    primaryDepartmentId: id(patient.primarydepartmentid),
    primaryProviderId: id(patient.primaryproviderid),
    customFields: (patient.customfields ?? []).map(toCustomField),
    ssnLastFour: ssnLastFour(patient.ssn),
  };
}

/** athena answers the SSN masked ("*****6789", "XXX-XX-6789"): its last four digits, or null. */
function ssnLastFour(ssn: string | null | undefined): string | null {
  if (ssn === undefined || ssn === null) return null;
  const digits = /(\d{4})\s*$/.exec(ssn);
  return digits === null ? null : (digits[1] ?? null);
}

function toAdminDocument(document: AthenaAdminDocument): ChartAdminDocument {
  return {
    adminId: String(document.adminid),
    documentSubclass: text(document.documentsubclass),
    internalNote: text(document.internalnote),
    createdAt: text(document.createddatetime),
  };
}

/** The form of POST /patients, in athena's field names; absent values are left out. */
function newPatientForm(patient: NewPatient): Fields {
  const contact = patient.emergencyContact;
  const guardian = patient.guardian;
  return {
    firstname: patient.firstName,
    lastname: patient.lastName,
    dob: patient.dateOfBirth,
    departmentid: patient.departmentId,
    email: patient.email,
    mobilephone: patient.mobilePhone,
    address1: patient.address1,
    address2: patient.address2 ?? undefined,
    city: patient.city,
    state: patient.state,
    zip: patient.zip,
    ssn: patient.ssn,
    sex: patient.sex ?? undefined,
    contactname: contact?.name,
    contactrelationship: contact?.relationship,
    contactmobilephone: contact?.mobilePhone,
    primaryproviderid: patient.primaryProviderId ?? undefined,
    guarantorfirstname: guardian?.firstName,
    guarantorlastname: guardian?.lastName,
    guarantoremail: guardian?.email,
    guarantorphone: guardian?.phone,
    guarantordob: guardian?.dateOfBirth,
    guarantorrelationshiptopatient: guardian?.relationshipToPatient,
    guarantoraddress1: guardian?.address1,
    guarantoraddress2: guardian?.address2 ?? undefined,
    guarantorcity: guardian?.city,
    guarantorstate: guardian?.state,
    guarantorzip: guardian?.zip,
    bypasspatientmatching: patient.bypassMatching ? 'true' : undefined,
  };
}

function toDepartment(department: AthenaDepartment): HealthRecordDepartment {
  return {
    departmentId: String(department.departmentid),
    // The name athena shows patients, when the practice set one.
    name: text(department.patientdepartmentname) ?? department.name,
    address: text(department.address),
    city: text(department.city),
    state: text(department.state),
    zip: text(department.zip),
    phone: text(department.phone),
  };
}

function toProvider(provider: AthenaProvider): HealthRecordProvider {
  return {
    providerId: String(provider.providerid),
    firstName: provider.firstname,
    lastName: provider.lastname,
    displayName: text(provider.displayname) ?? `${provider.firstname} ${provider.lastname}`,
    specialty: text(provider.specialty),
    providerType: text(provider.providertype),
  };
}

function toAppointmentType(type: AthenaAppointmentType): AppointmentType {
  return {
    appointmentTypeId: String(type.appointmenttypeid),
    name: type.name,
    shortName: text(type.shortname),
    durationMinutes: numberOrNull(type.duration),
    patientBookable: flag(type.patient),
    generic: flag(type.generic),
  };
}

function toOpenSlot(slot: AthenaOpenSlot): OpenSlot {
  return {
    appointmentId: String(slot.appointmentid),
    date: slot.date,
    startTime: slot.starttime,
    durationMinutes: numberOrNull(slot.duration),
    departmentId: String(slot.departmentid),
    providerId: id(slot.providerid),
    appointmentTypeId: id(slot.appointmenttypeid),
    appointmentType: text(slot.appointmenttype),
    patientAppointmentTypeName: text(slot.patientappointmenttypename),
    frozen: flag(slot.frozen),
  };
}

function toAppointment(appointment: AthenaAppointment): Appointment {
  return {
    appointmentId: String(appointment.appointmentid),
    appointmentStatus: appointment.appointmentstatus,
    patientId: id(appointment.patientid),
    date: appointment.date,
    startTime: appointment.starttime,
    durationMinutes: numberOrNull(appointment.duration),
    departmentId: id(appointment.departmentid),
    providerId: id(appointment.providerid),
    appointmentTypeId: id(appointment.appointmenttypeid),
    appointmentType: text(appointment.appointmenttype),
  };
}
