/**
 * The proprietary API under /v1/29391 (athena-wire.md "Endpoints"): reference data, patients,
 * custom fields, portal access, documents and appointments. Bearer and practice checks run
 * before this router (app.ts).
 */
import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import {
  APPOINTMENT_TYPES,
  CANCEL_REASONS,
  CUSTOM_FIELDS,
  DEPARTMENTS,
  PRACTICE_ID,
  PROVIDERS,
  appointmentTypeById,
  customFieldById,
  departmentById,
  type Provider,
} from '../seed/practice.ts';
import { REGISTRATION_COLUMNS, TABLES, SEQUENCES } from '../store/schema.ts';
import { formatIsoDay, formatUsDate, formatZonedDateTime, dayIn, parseUsDate } from '../time.ts';
import type { SandboxContext } from './context.ts';
import { athenaError, badRequest, notFound } from './errors.ts';
import {
  appointmentJson,
  customFieldJson,
  field,
  flag,
  listBody,
  openSlotJson,
  patientJson,
  requireField,
  type AppointmentRow,
  type CustomFieldRow,
  type PatientRow,
} from './shapes.ts';

interface DocumentRow {
  readonly adminid: string;
  readonly patientid: number;
  readonly departmentid: string;
  readonly documentclass: string;
  readonly documentsubclass: string;
  readonly internalnote: string | null;
  readonly autoclose: boolean;
  readonly status: string;
  readonly contenthash: string;
  readonly size: number;
  readonly created_at: Date;
}

const providerJson = (provider: Provider): Record<string, unknown> => {
  const { departmentid: _department, dayOff: _dayOff, ...wire } = provider;
  return { ...wire, homedepartment: departmentById(provider.departmentid)?.name };
};

const appointmentTypeJson = (type: (typeof APPOINTMENT_TYPES)[number]): Record<string, unknown> => {
  const { weight: _weight, ...wire } = type;
  return wire;
};

const idParam = (text: string | undefined, what: string): number => {
  if (text === undefined || !/^\d{1,9}$/.test(text)) throw notFound(what);
  return Number(text);
};

const csv = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const usDateParam = (source: unknown, name: string): string | null => {
  const text = field(source, name);
  if (text === '') return null;
  const day = parseUsDate(text);
  if (day === null) throw badRequest(`${name} must be a date written MM/DD/YYYY.`, `Invalid ${name}`);
  return formatIsoDay(day);
};

/** `MM/DD/YYYY HH:mm:ss` on the practice's clock, as athenahealth writes datetimes. */
const athenaDateTime = (instant: Date): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(formatZonedDateTime(instant));
  if (match === null) throw new Error('unexpected zoned datetime');
  return `${match[2]}/${match[3]}/${match[1]} ${match[4]}`;
};

/** A stored patient row, with the columns only the proprietary API answers. */
type StoredPatientRow = PatientRow & { readonly ssn?: string | null };

/** The patient JSON of the proprietary API: athena answers the SSN masked to its last four digits. */
const patientWire = (row: StoredPatientRow, customfields?: readonly CustomFieldRow[]): Record<string, unknown> => {
  const json = patientJson(row, customfields);
  const ssn = row.ssn ?? '';
  return ssn.length >= 4 ? { ...json, ssn: `*****${ssn.slice(-4)}` } : json;
};

/** POST /patients: athena requires these ... */
const REQUIRED_REGISTRATION_FIELDS = ['firstname', 'lastname', 'dob', 'departmentid'] as const;
/** ... and at least one of these. */
const CONTACT_REGISTRATION_FIELDS = ['email', 'guarantoremail', 'ssn', 'homephone', 'mobilephone', 'workphone', 'zip'] as const;
/** Fields stored as given, besides the required ones. */
const STORED_REGISTRATION_FIELDS = [
  'email',
  'mobilephone',
  'homephone',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'primaryproviderid',
  ...REGISTRATION_COLUMNS,
] as const;

/**
 * A registration athena takes but cannot file: it answers 200 `[{patientid: "", errormessage}]`
 * (U: which problems the real service reports this way rather than as a 400).
 */
const registrationProblem = (body: unknown, today: string): string | null => {
  const dob = parseUsDate(field(body, 'dob'));
  if (dob === null) return 'The date of birth must be a date written MM/DD/YYYY.';
  if (formatIsoDay(dob) > today) return 'The date of birth cannot be in the future.';
  if (departmentById(field(body, 'departmentid')) === undefined) return 'The department does not exist.';
  const ssn = field(body, 'ssn').replace(/-/g, '');
  if (ssn !== '' && !/^\d{9}$/.test(ssn)) return 'The SSN must have nine digits.';
  const sex = field(body, 'sex').toUpperCase();
  if (sex !== '' && sex !== 'M' && sex !== 'F') return 'The sex must be M or F.';
  const providerid = field(body, 'primaryproviderid');
  if (providerid !== '' && !PROVIDERS.some((provider) => String(provider.providerid) === providerid)) return 'The primary provider does not exist.';
  return null;
};

export const documentJson = (row: DocumentRow): Record<string, unknown> => ({
  adminid: Number(row.adminid),
  documentclass: row.documentclass,
  documentsubclass: row.documentsubclass,
  status: row.status,
  departmentid: row.departmentid,
  createddatetime: athenaDateTime(row.created_at),
  createddate: formatUsDate(dayIn(row.created_at)),
  ...(row.internalnote ? { internalnote: row.internalnote } : {}),
});

export const practiceRouter = (sandbox: SandboxContext): Router => {
  const router = new Router({ prefix: `/v1/${PRACTICE_ID}` });
  const { db, now } = sandbox;

  const findPatient = async (ctx: Context, trx?: Knex.Transaction): Promise<PatientRow> => {
    const id = idParam(ctx.params.patientid, 'Patient');
    const row = (await db.table(TABLES.patients, trx).where({ patientid: id }).first()) as PatientRow | undefined;
    if (row === undefined) throw athenaError(404, 'Patient not found', `There is no patient ${id} in practice ${PRACTICE_ID}.`);
    return row;
  };

  const customFieldsOf = async (ids: readonly number[]): Promise<Map<number, CustomFieldRow[]>> => {
    const rows = (await db
      .table(TABLES.customFieldValues)
      .whereIn('patientid', [...ids])
      .orderBy(['patientid', 'customfieldid'])) as CustomFieldRow[];
    const byPatient = new Map<number, CustomFieldRow[]>();
    for (const row of rows) byPatient.set(row.patientid, [...(byPatient.get(row.patientid) ?? []), row]);
    return byPatient;
  };

  // ---- reference data ------------------------------------------------------------------------

  router.get('/departments', (ctx) => {
    const withProviders = flag(ctx.query, 'providerlist', false);
    const departments = DEPARTMENTS.map((department) => ({
      ...department,
      ...(withProviders
        ? { providerlist: PROVIDERS.filter((p) => p.departmentid === department.departmentid).map((p) => String(p.providerid)) }
        : {}),
    }));
    ctx.body = listBody(ctx, 'departments', departments);
  });

  router.get('/departments/:departmentid', (ctx) => {
    const department = departmentById(String(idParam(ctx.params.departmentid, 'Department')));
    if (department === undefined) throw notFound('Department');
    ctx.body = [department];
  });

  router.get('/providers', (ctx) => {
    ctx.body = listBody(ctx, 'providers', PROVIDERS.map(providerJson));
  });

  router.get('/providers/:providerid', (ctx) => {
    const id = idParam(ctx.params.providerid, 'Provider');
    const provider = PROVIDERS.find((p) => p.providerid === id);
    if (provider === undefined) throw notFound('Provider');
    ctx.body = [providerJson(provider)];
  });

  router.get('/appointmenttypes', (ctx) => {
    ctx.body = listBody(ctx, 'appointmenttypes', APPOINTMENT_TYPES.map(appointmentTypeJson));
  });

  router.get('/appointmenttypes/:appointmenttypeid', (ctx) => {
    const type = appointmentTypeById(String(idParam(ctx.params.appointmenttypeid, 'Appointment type')));
    if (type === undefined) throw notFound('Appointment type');
    ctx.body = [appointmentTypeJson(type)];
  });

  router.get('/customfields', (ctx) => {
    ctx.body = CUSTOM_FIELDS;
  });

  router.get('/appointmentcancelreasons', (ctx) => {
    ctx.body = listBody(ctx, 'appointmentcancelreasons', [...CANCEL_REASONS]);
  });

  // ---- patients ------------------------------------------------------------------------------

  router.get('/patients', async (ctx) => {
    const firstname = field(ctx.query, 'firstname');
    const lastname = field(ctx.query, 'lastname');
    const dobText = field(ctx.query, 'dob');
    const departmentid = field(ctx.query, 'departmentid');
    if (firstname === '' && lastname === '' && dobText === '') {
      throw badRequest('Search by firstname, lastname and/or dob.', 'Additional fields are required');
    }
    const dob = dobText === '' ? null : parseUsDate(dobText);
    if (dobText !== '' && dob === null) throw badRequest('dob must be a date written MM/DD/YYYY.', 'Invalid dob');
    const query = db.table(TABLES.patients).orderBy('patientid');
    if (firstname !== '') query.whereRaw('lower(firstname) = lower(?)', [firstname]);
    if (lastname !== '') query.whereRaw('lower(lastname) = lower(?)', [lastname]);
    if (dob !== null) query.where({ dob: formatUsDate(dob) });
    if (departmentid !== '') query.where({ primarydepartmentid: departmentid });
    const rows = (await query) as PatientRow[];
    const custom = flag(ctx.query, 'showcustomfields', false) ? await customFieldsOf(rows.map((row) => row.patientid)) : null;
    ctx.body = listBody(
      ctx,
      'patients',
      rows.map((row) => patientWire(row, custom === null ? undefined : (custom.get(row.patientid) ?? []))),
    );
  });

  /**
   * Registers a patient, as athenahealth does: 400 without the required fields; a best match
   * (same first and last name in any case, same date of birth) answers the existing patient's
   * id without creating one unless `bypasspatientmatching=true`. Matching and creating run under
   * one advisory lock, so simultaneous registrations of the same person make one record.
   */
  router.post('/patients', async (ctx) => {
    const body = ctx.request.body;
    const missing = REQUIRED_REGISTRATION_FIELDS.filter((name) => field(body, name) === '');
    if (missing.length > 0) throw badRequest(`The ${missing.join(', ')} field(s) are required.`, 'Additional fields are required');
    if (!CONTACT_REGISTRATION_FIELDS.some((name) => field(body, name) !== '')) {
      throw badRequest(`Send at least one of ${CONTACT_REGISTRATION_FIELDS.join(', ')}.`, 'Additional fields are required');
    }
    const problem = registrationProblem(body, formatIsoDay(dayIn(now())));
    if (problem !== null) {
      ctx.body = [{ patientid: '', errormessage: problem }];
      return;
    }
    const firstname = field(body, 'firstname');
    const lastname = field(body, 'lastname');
    const dob = formatUsDate(parseUsDate(field(body, 'dob')) as NonNullable<ReturnType<typeof parseUsDate>>);
    const patientid = await db.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`portal-provider-sandbox:${db.schema}:patients`]);
      if (!flag(body, 'bypasspatientmatching', false)) {
        const match = (await db
          .table(TABLES.patients, trx)
          .whereRaw('lower(firstname) = lower(?) and lower(lastname) = lower(?)', [firstname, lastname])
          .where({ dob })
          .orderBy('patientid')
          .first('patientid')) as { patientid: number } | undefined;
        if (match !== undefined) return match.patientid;
      }
      const stored = Object.fromEntries(STORED_REGISTRATION_FIELDS.map((name) => [name, field(body, name) || null]));
      const sex = field(body, 'sex').toUpperCase();
      const [row] = (await db
        .table(TABLES.patients, trx)
        .insert({
          ...stored,
          patientid: db.knex.raw(`nextval('${db.qualified(SEQUENCES.patientIds)}')`),
          firstname,
          lastname,
          dob,
          sex: sex === '' ? null : sex,
          ssn: field(body, 'ssn').replace(/-/g, '') || null,
          primarydepartmentid: field(body, 'departmentid'),
          status: 'active',
          portalaccount: false,
          note: 'Registered through POST /patients',
          registered_at: now(),
        })
        .returning('patientid')) as { patientid: number }[];
      return Number(row?.patientid);
    });
    ctx.body = [{ patientid: String(patientid) }];
  });

  router.get('/patients/:patientid', async (ctx) => {
    const patient = await findPatient(ctx);
    const custom = flag(ctx.query, 'showcustomfields', false) ? ((await customFieldsOf([patient.patientid])).get(patient.patientid) ?? []) : undefined;
    ctx.body = [patientWire(patient, custom)];
  });

  router.get('/patients/:patientid/customfields', async (ctx) => {
    const patient = await findPatient(ctx);
    ctx.body = ((await customFieldsOf([patient.patientid])).get(patient.patientid) ?? []).map(customFieldJson);
  });

  router.put('/patients/:patientid/customfields', async (ctx) => {
    const patient = await findPatient(ctx);
    const body = ctx.request.body;
    const departmentid = requireField(body, 'departmentid');
    if (departmentById(departmentid) === undefined) throw badRequest(`There is no department ${departmentid}.`, 'Invalid departmentid');
    let items: unknown;
    try {
      items = JSON.parse(requireField(body, 'customfields'));
    } catch (error) {
      if (error instanceof SyntaxError) throw badRequest('customfields must be a JSON array of {customfieldid, customfieldvalue | optionid}.', 'Invalid customfields');
      throw error;
    }
    if (!Array.isArray(items)) throw badRequest('customfields must be a JSON array.', 'Invalid customfields');
    let updatedcount = 0;
    let disallowedcount = 0;
    await db.knex.transaction(async (trx) => {
      for (const item of items as unknown[]) {
        const id = field(item, 'customfieldid');
        const definition = customFieldById(id);
        if (definition === undefined || definition.disallowupdate) {
          disallowedcount += 1;
          continue;
        }
        const optionid = field(item, 'optionid');
        const value = field(item, 'customfieldvalue');
        let stored: { customfieldvalue: string; optionid: string | null } | null;
        if (definition.select) {
          const option =
            optionid !== ''
              ? definition.selectlist?.find((o) => o.optionid === optionid)
              : definition.selectlist?.find((o) => o.optionvalue.toLowerCase() === value.toLowerCase());
          if (option === undefined && !(optionid === '' && value === '')) {
            disallowedcount += 1;
            continue;
          }
          stored = option === undefined ? null : { customfieldvalue: option.optionvalue, optionid: option.optionid };
        } else {
          stored = value === '' ? null : { customfieldvalue: value, optionid: null };
        }
        const key = { patientid: patient.patientid, customfieldid: id };
        if (stored === null) await db.table(TABLES.customFieldValues, trx).where(key).delete();
        else await db.table(TABLES.customFieldValues, trx).insert({ ...key, ...stored }).onConflict(['patientid', 'customfieldid']).merge();
        updatedcount += 1;
      }
    });
    ctx.body = { success: true, updatedcount, disallowedcount };
  });

  router.get('/patients/:patientid/portalaccess', async (ctx) => {
    const patient = await findPatient(ctx);
    const proxies = (await db
      .table(`${TABLES.proxies} as x`)
      .join(`${TABLES.patients} as p`, 'p.patientid', 'x.proxypatientid')
      .where('x.patientid', patient.patientid)
      .orderBy('p.patientid')
      .select('p.firstname', 'p.lastname', 'p.email', 'x.relationshiptopatient', 'x.accesslevel')) as {
      firstname: string;
      lastname: string;
      email: string | null;
      relationshiptopatient: string;
      accesslevel: string;
    }[];
    const entry = (name: string, email: string | null, relationshiptopatient: string, accesslevel: string) => ({
      name,
      ...(email === null ? {} : { email }),
      relationshiptopatient,
      accesslevel,
    });
    ctx.body = [
      ...(patient.portalaccount ? [entry(`${patient.firstname} ${patient.lastname}`, patient.email, 'Self', 'FULL')] : []),
      ...proxies.map((proxy) => entry(`${proxy.firstname} ${proxy.lastname}`, proxy.email, proxy.relationshiptopatient, proxy.accesslevel)),
    ];
  });

  router.get('/patients/:patientid/appointments', async (ctx) => {
    const patient = await findPatient(ctx);
    const query = db
      .table(TABLES.appointments)
      .where({ patientid: patient.patientid })
      .whereIn('status', flag(ctx.query, 'showcancelled', false) ? ['f', 'x'] : ['f'])
      .orderBy([{ column: 'starts_at' }, { column: 'appointmentid' }]);
    if (!flag(ctx.query, 'showpast', true)) query.where('starts_at', '>', now());
    const rows = (await query) as AppointmentRow[];
    ctx.body = listBody(ctx, 'appointments', rows.map(appointmentJson));
  });

  // ---- documents -----------------------------------------------------------------------------

  router.post('/patients/:patientid/documents/admin', async (ctx) => {
    const patient = await findPatient(ctx);
    const body = ctx.request.body;
    const departmentid = requireField(body, 'departmentid');
    if (departmentById(departmentid) === undefined) throw badRequest(`There is no department ${departmentid}.`, 'Invalid departmentid');
    const documentsubclass = requireField(body, 'documentsubclass').toUpperCase();
    if (!/^ADMIN_[A-Z_]+$/.test(documentsubclass)) {
      throw badRequest('documentsubclass must be an ADMIN subclass such as ADMIN_CONSENT.', 'Invalid documentsubclass');
    }
    const encoded = requireField(body, 'attachmentcontents');
    if (!/^[A-Za-z0-9+/=\s_-]+$/.test(encoded)) throw badRequest('attachmentcontents must be base64.', 'Invalid attachmentcontents');
    const content = Buffer.from(encoded, 'base64');
    if (content.subarray(0, 5).toString('latin1') !== '%PDF-') {
      throw badRequest('attachmentcontents must be a base64-encoded PDF.', 'Only PDF attachments are accepted');
    }
    const autoclose = flag(body, 'autoclose', false);
    const internalnote = field(body, 'internalnote');
    const [row] = (await db
      .table(TABLES.documents)
      .insert({
        adminid: db.knex.raw(`nextval('${db.qualified(SEQUENCES.adminIds)}')`),
        patientid: patient.patientid,
        departmentid,
        documentclass: 'ADMIN',
        documentsubclass,
        internalnote: internalnote || null,
        autoclose,
        status: autoclose ? 'CLOSED' : 'REVIEW',
        contenthash: createHash('sha256').update(content).digest('hex'),
        size: content.length,
        content,
        created_at: now(),
      })
      .returning('adminid')) as { adminid: string }[];
    ctx.body = { adminid: Number(row?.adminid) };
  });

  router.get('/patients/:patientid/documents/admin', async (ctx) => {
    const patient = await findPatient(ctx);
    const query = db
      .table(TABLES.documents)
      .where({ patientid: patient.patientid })
      .orderBy('adminid')
      .select('adminid', 'patientid', 'departmentid', 'documentclass', 'documentsubclass', 'internalnote', 'autoclose', 'status', 'contenthash', 'size', 'created_at');
    const departmentid = field(ctx.query, 'departmentid');
    if (departmentid !== '') query.where({ departmentid });
    ctx.body = listBody(ctx, 'admins', ((await query) as DocumentRow[]).map(documentJson));
  });

  // ---- appointments --------------------------------------------------------------------------

  router.get('/appointments/open', async (ctx) => {
    const departments = csv(requireField(ctx.query, 'departmentid'));
    const types = csv(field(ctx.query, 'appointmenttypeid'));
    const providers = csv(field(ctx.query, 'providerid'));
    if (providers.some((id) => !/^\d+$/.test(id))) throw badRequest('providerid must be numbers separated by commas.', 'Invalid providerid');
    const startdate = usDateParam(ctx.query, 'startdate');
    const enddate = usDateParam(ctx.query, 'enddate');
    await sandbox.ensureSlots();
    const query = db
      .table(TABLES.appointments)
      .where({ status: 'o' })
      .whereIn('departmentid', departments)
      .andWhere('starts_at', '>', now())
      .orderBy([{ column: 'day' }, { column: 'starttime' }, { column: 'providerid' }, { column: 'appointmentid' }]);
    if (types.length > 0) query.whereIn('appointmenttypeid', types);
    if (providers.length > 0) query.whereIn('providerid', providers.map(Number));
    if (startdate !== null) query.where('day', '>=', startdate);
    if (enddate !== null) query.where('day', '<=', enddate);
    const rows = (await query) as AppointmentRow[];
    ctx.body = listBody(ctx, 'appointments', rows.map(openSlotJson));
  });

  const findAppointment = async (id: number, trx?: Knex.Transaction, lock = false): Promise<AppointmentRow> => {
    const query = db.table(TABLES.appointments, trx).where({ appointmentid: id });
    if (lock) query.forUpdate();
    const row = (await query.first()) as AppointmentRow | undefined;
    if (row === undefined) throw athenaError(404, 'Appointment not found', `There is no appointment ${id} in practice ${PRACTICE_ID}.`);
    return row;
  };

  const patientExists = async (id: string, trx?: Knex.Transaction): Promise<number> => {
    const patientid = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    const row = Number.isNaN(patientid) ? undefined : await db.table(TABLES.patients, trx).where({ patientid }).first();
    if (row === undefined) throw athenaError(404, 'Patient not found', `There is no patient ${id} in practice ${PRACTICE_ID}.`);
    return patientid;
  };

  /** A cancelled slot opens again under a new id, as athenahealth does. */
  const reopen = async (trx: Knex.Transaction, slot: AppointmentRow): Promise<void> => {
    if (slot.starts_at.getTime() <= now().getTime()) return;
    await db.table(TABLES.appointments, trx).insert({
      appointmentid: db.knex.raw(`nextval('${db.qualified(SEQUENCES.appointmentIds)}')`),
      day: slot.day,
      date: slot.date,
      starttime: slot.starttime,
      starts_at: slot.starts_at,
      duration: slot.duration,
      departmentid: slot.departmentid,
      providerid: slot.providerid,
      appointmenttypeid: slot.appointmenttypeid,
      status: 'o',
    });
  };

  router.get('/appointments/:appointmentid', async (ctx) => {
    const row = await findAppointment(idParam(ctx.params.appointmentid, 'Appointment'));
    ctx.body = [row.status === 'o' ? { ...appointmentJson(row), appointmentstatus: 'o' } : appointmentJson(row)];
  });

  router.put('/appointments/:appointmentid', async (ctx) => {
    const id = idParam(ctx.params.appointmentid, 'Appointment');
    const body = ctx.request.body;
    const patientid = await patientExists(requireField(body, 'patientid'));
    const slot = await findAppointment(id);
    const typeId = field(body, 'appointmenttypeid') || slot.appointmenttypeid;
    const type = appointmentTypeById(typeId);
    if (type === undefined) throw badRequest(`There is no appointment type ${typeId}.`, 'Invalid appointmenttypeid');
    const departmentid = field(body, 'departmentid');
    if (departmentid !== '' && departmentid !== slot.departmentid) {
      throw badRequest(`Appointment ${id} is in department ${slot.departmentid}, not ${departmentid}.`, 'Invalid departmentid');
    }
    if (slot.status !== 'o') throw athenaError(409, 'The appointment is already booked', `Appointment ${id} is not open.`);
    if (slot.starts_at.getTime() <= now().getTime()) throw badRequest(`Appointment ${id} has already started.`, 'The appointment slot is in the past');
    const updated = (await db
      .table(TABLES.appointments)
      .where({ appointmentid: id, status: 'o' })
      .update({
        status: 'f',
        patientid,
        appointmenttypeid: type.appointmenttypeid,
        duration: type.duration,
        bookingnote: field(body, 'bookingnote') || null,
        booked_at: now(),
      })
      .returning('*')) as AppointmentRow[];
    const row = updated[0];
    // Someone else took it between the read and the write.
    if (row === undefined) throw athenaError(409, 'The appointment is already booked', `Appointment ${id} is not open.`);
    ctx.body = [appointmentJson(row)];
  });

  router.put('/appointments/:appointmentid/cancel', async (ctx) => {
    const id = idParam(ctx.params.appointmentid, 'Appointment');
    const body = ctx.request.body;
    const patientid = await patientExists(requireField(body, 'patientid'));
    const reasonId = field(body, 'appointmentcancelreasonid') || '4';
    const reason = CANCEL_REASONS.find((r) => r.appointmentcancelreasonid === reasonId);
    if (reason === undefined) throw badRequest(`There is no cancel reason ${reasonId}.`, 'Invalid appointmentcancelreasonid');
    await db.knex.transaction(async (trx) => {
      const row = await findAppointment(id, trx, true);
      if (row.status === 'x') throw badRequest(`Appointment ${id} is already cancelled.`, 'The appointment is already cancelled');
      if (row.status !== 'f') throw badRequest(`Appointment ${id} is not booked.`, 'The appointment is not booked');
      if (row.patientid !== patientid) throw badRequest(`Appointment ${id} is not booked for patient ${patientid}.`, 'The appointment belongs to another patient');
      await db.table(TABLES.appointments, trx).where({ appointmentid: id }).update({
        status: 'x',
        cancelled_at: now(),
        appointmentcancelreasonid: reasonId,
        cancellationreason: field(body, 'cancellationreason') || null,
      });
      if (reason.slotavailable) await reopen(trx, row);
    });
    ctx.body = { status: 'x' };
  });

  router.put('/appointments/:appointmentid/reschedule', async (ctx) => {
    const id = idParam(ctx.params.appointmentid, 'Appointment');
    const body = ctx.request.body;
    const patientid = await patientExists(requireField(body, 'patientid'));
    const newId = idParam(requireField(body, 'newappointmentid'), 'Appointment');
    const reasonId = field(body, 'appointmentcancelreasonid') || '5';
    if (!CANCEL_REASONS.some((r) => r.appointmentcancelreasonid === reasonId)) {
      throw badRequest(`There is no cancel reason ${reasonId}.`, 'Invalid appointmentcancelreasonid');
    }
    const booked = await db.knex.transaction(async (trx) => {
      // Lock in id order so two reschedules touching the same pair cannot deadlock.
      const [first, second] = id < newId ? [id, newId] : [newId, id];
      const a = await findAppointment(first, trx, true);
      const b = await findAppointment(second, trx, true);
      const old = a.appointmentid === String(id) ? a : b;
      const target = a.appointmentid === String(id) ? b : a;
      if (old.status !== 'f' || old.patientid !== patientid) {
        throw badRequest(`Appointment ${id} is not a booked appointment of patient ${patientid}.`, 'The appointment cannot be rescheduled');
      }
      if (target.status !== 'o') throw athenaError(409, 'The appointment is already booked', `Appointment ${newId} is not open.`);
      if (target.starts_at.getTime() <= now().getTime()) throw badRequest(`Appointment ${newId} has already started.`, 'The appointment slot is in the past');
      const [row] = (await db
        .table(TABLES.appointments, trx)
        .where({ appointmentid: newId })
        .update({
          status: 'f',
          patientid,
          appointmenttypeid: old.appointmenttypeid,
          duration: old.duration,
          bookingnote: old.bookingnote,
          booked_at: now(),
        })
        .returning('*')) as AppointmentRow[];
      await db.table(TABLES.appointments, trx).where({ appointmentid: id }).update({
        status: 'x',
        cancelled_at: now(),
        appointmentcancelreasonid: reasonId,
        cancellationreason: field(body, 'reschedulereason') || 'Rescheduled',
        rescheduledappointmentid: newId,
      });
      await reopen(trx, old);
      return row as AppointmentRow;
    });
    ctx.body = [{ ...appointmentJson(booked), rescheduledappointmentid: String(id) }];
  });

  return router;
};
