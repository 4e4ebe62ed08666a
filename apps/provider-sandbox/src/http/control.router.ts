/**
 * Test controls under /_sandbox (sandbox-only, not athena): reseed, inject faults, forge id_tokens, see what was
 * filed into charts, SignWell's documents and webhook deliveries, and an index of the seeded people,
 * credentials and the other providers' keys.
 */
import Router from '@koa/router';
import {
  BACKEND_CLIENT_ID,
  BACKEND_CLIENT_SECRET,
  PATIENT_APP_CLIENT_ID,
  PRACTICE_ID,
  appointmentTypeById,
  departmentById,
  providerById,
} from '../seed/practice.ts';
import {
  FIREBASE_API_KEY,
  FIREBASE_PROJECT_ID,
  TURNSTILE_SECRET,
  TURNSTILE_SITEKEY,
  TURNSTILE_TEST_SECRETS,
  TURNSTILE_TEST_SITEKEYS,
  SIGNWELL_API_KEY,
  SIGNWELL_API_PREFIX,
} from '../seed/providers.ts';
import { SEQUENCES, TABLES } from '../store/schema.ts';
import { dayIn, formatIsoDay, formatUsDate, formatZonedDateTime } from '../time.ts';
import type { SandboxContext } from './context.ts';
import { athenaError, badRequest, notFound } from './errors.ts';
import { documentJson } from './practice.router.ts';
import { field, openSlotJson, type AppointmentRow, type PatientRow } from './shapes.ts';

interface ControlDocumentRow {
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

export const controlRouter = (sandbox: SandboxContext): Router => {
  const router = new Router({ prefix: '/_sandbox' });
  const { db } = sandbox;

  router.get('/', async (ctx) => {
    const patients = (await db.table(TABLES.patients).orderBy('patientid')) as PatientRow[];
    const proxies = (await db.table(TABLES.proxies).orderBy(['proxypatientid', 'patientid'])) as {
      patientid: number;
      proxypatientid: number;
      relationshiptopatient: string;
    }[];
    ctx.body = {
      practiceid: PRACTICE_ID,
      backendClient: { clientId: BACKEND_CLIENT_ID, clientSecret: BACKEND_CLIENT_SECRET },
      patientAppClientId: PATIENT_APP_CLIENT_ID,
      patients: patients.map((p) => ({
        patientid: String(p.patientid),
        name: `${p.firstname} ${p.lastname}`,
        dob: p.dob,
        department: departmentById(p.primarydepartmentid)?.name,
        portalaccount: p.portalaccount,
        note: p.note,
        actsFor: proxies
          .filter((proxy) => proxy.proxypatientid === p.patientid)
          .map((proxy) => ({ patientid: String(proxy.patientid), relationshiptopatient: proxy.relationshiptopatient })),
      })),
      firebase: {
        projectId: FIREBASE_PROJECT_ID,
        apiKey: FIREBASE_API_KEY,
        emulatorHost: ctx.host,
        verificationCodes: `/emulator/v1/projects/${FIREBASE_PROJECT_ID}/verificationCodes`,
      },
      turnstile: {
        script: '/turnstile/v0/api.js',
        siteverify: '/turnstile/v0/siteverify',
        sitekey: TURNSTILE_SITEKEY,
        secret: TURNSTILE_SECRET,
        testSitekeys: TURNSTILE_TEST_SITEKEYS,
        testSecrets: TURNSTILE_TEST_SECRETS,
      },
      signwell: {
        api: SIGNWELL_API_PREFIX,
        apiKey: SIGNWELL_API_KEY,
        script: '/signwell/assets/embedded.js',
        documents: '/_sandbox/signwell/documents',
        webhookDeliveries: '/_sandbox/signwell/events',
      },
      inbox: { page: '/inbox', api: '/inbox/api/messages' },
      faults: sandbox.faults.list(),
    };
  });

  router.post('/reset', async (ctx) => {
    await sandbox.reset();
    const [{ count } = { count: '0' }] = (await db.table(TABLES.appointments).where({ status: 'o' }).count({ count: '*' })) as {
      count: string;
    }[];
    ctx.body = { reset: true, openSlots: Number(count) };
  });

  /**
   * An open slot at a chosen time (the seeded practice has weekday slots only): JSON or form
   * `{departmentid, providerid, appointmenttypeid, start}` with `start` an ISO 8601 instant with
   * its offset (`2026-11-29T15:00:00Z`, `…-05:00`), on a whole minute, in the future. Answers 201
   * the slot as GET /appointments/open lists it; 409 when that provider already has a slot then.
   */
  router.post('/slots', async (ctx) => {
    const body = ctx.request.body;
    const departmentid = field(body, 'departmentid');
    const providerid = field(body, 'providerid');
    const appointmenttypeid = field(body, 'appointmenttypeid');
    const startText = field(body, 'start');
    const department = departmentById(departmentid);
    if (department === undefined) throw badRequest(`There is no department ${departmentid || '(missing)'}.`, 'Invalid departmentid');
    const provider = /^\d+$/.test(providerid) ? providerById(Number(providerid)) : undefined;
    if (provider === undefined) throw badRequest(`There is no provider ${providerid || '(missing)'}.`, 'Invalid providerid');
    if (provider.departmentid !== department.departmentid) throw badRequest(`Provider ${providerid} does not see patients in department ${departmentid}.`, 'Invalid providerid');
    const type = appointmentTypeById(appointmenttypeid);
    if (type === undefined) throw badRequest(`There is no appointment type ${appointmenttypeid || '(missing)'}.`, 'Invalid appointmenttypeid');
    const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(startText) ? new Date(startText) : null;
    if (start === null || Number.isNaN(start.getTime())) throw badRequest('start must be an ISO 8601 time with its offset, e.g. 2026-11-29T15:00:00Z.', 'Invalid start');
    if (start.getTime() % 60_000 !== 0) throw badRequest('start must be on a whole minute.', 'Invalid start');
    if (start.getTime() <= sandbox.now().getTime()) throw badRequest('start must be in the future (sandbox clock).', 'Invalid start');
    await sandbox.ensureSlots();
    const taken = await db
      .table(TABLES.appointments)
      .where({ providerid: provider.providerid, starts_at: start })
      .whereIn('status', ['o', 'f'])
      .first();
    if (taken !== undefined) throw athenaError(409, 'The provider already has a slot then', `Provider ${providerid} has appointment ${String((taken as AppointmentRow).appointmentid)} at ${startText}.`);
    const day = dayIn(start);
    const [row] = (await db
      .table(TABLES.appointments)
      .insert({
        appointmentid: db.knex.raw(`nextval('${db.qualified(SEQUENCES.appointmentIds)}')`),
        day: formatIsoDay(day),
        date: formatUsDate(day),
        starttime: formatZonedDateTime(start).slice(11, 16),
        starts_at: start,
        duration: type.duration,
        departmentid: department.departmentid,
        providerid: provider.providerid,
        appointmenttypeid: type.appointmenttypeid,
        status: 'o',
      })
      .returning('*')) as AppointmentRow[];
    ctx.status = 201;
    ctx.body = openSlotJson(row!);
  });

  router.get('/faults', (ctx) => {
    ctx.body = { faults: sandbox.faults.list() };
  });

  router.post('/faults', (ctx) => {
    const fault = sandbox.faults.set(ctx.request.body);
    ctx.status = 201;
    ctx.body = { fault, faults: sandbox.faults.list() };
  });

  // Answers held by `hold: true` faults: which caller waits (its TCP port), and letting them go.
  router.get('/faults/held', (ctx) => {
    ctx.body = { held: sandbox.faults.held() };
  });

  router.post('/faults/release', (ctx) => {
    const id = (ctx.request.body as { id?: unknown } | undefined)?.id;
    if (id !== undefined && !Number.isInteger(id)) throw badRequest('id must be a held request id.');
    ctx.body = { released: sandbox.faults.release(id as number | undefined) };
  });

  router.delete('/faults', (ctx) => {
    sandbox.faults.clear();
    ctx.body = { faults: [] };
  });

  // The id_tokens of the code exchanges that follow: {kind: 'foreign-key' | 'alg-none' | ...}, or {kind: null} for genuine ones.
  router.get('/id-token-forgery', (ctx) => {
    ctx.body = { kind: sandbox.idTokens.forgery() };
  });

  router.post('/id-token-forgery', (ctx) => {
    ctx.body = { kind: sandbox.idTokens.forge(ctx.request.body) };
  });

  router.delete('/id-token-forgery', (ctx) => {
    ctx.body = { kind: sandbox.idTokens.forge(null) };
  });

  router.get('/documents', async (ctx) => {
    const patientid = field(ctx.query, 'patientid');
    if (patientid !== '' && !/^\d{1,9}$/.test(patientid)) throw badRequest('patientid must be a number.');
    const query = db
      .table(TABLES.documents)
      .orderBy('adminid')
      .select('adminid', 'patientid', 'departmentid', 'documentclass', 'documentsubclass', 'internalnote', 'autoclose', 'status', 'contenthash', 'size', 'created_at');
    if (patientid !== '') query.where({ patientid: Number(patientid) });
    const rows = (await query) as ControlDocumentRow[];
    ctx.body = {
      documents: rows.map((row) => ({
        ...documentJson(row),
        // Sandbox-only (athenahealth documents no hash): what the test compares files by.
        contenthash: row.contenthash,
        patientid: String(row.patientid),
        autoclose: row.autoclose,
        size: row.size,
        contentUrl: `/_sandbox/documents/${row.adminid}/content`,
      })),
      totalcount: rows.length,
    };
  });

  router.get('/signwell/documents', async (ctx) => {
    const documents = (await db
      .table(TABLES.signwellDocuments)
      .orderBy('created_at', 'desc')
      .select('id', 'name', 'status', 'test_mode', 'metadata', 'created_at', 'updated_at', 'completed_at')) as Record<string, unknown>[];
    const recipients = (await db.table(TABLES.signwellRecipients).orderBy(['document_id', 'position']).select('document_id', 'id', 'name', 'email', 'status', 'signed_at', 'declined_at')) as {
      document_id: string;
    }[];
    ctx.body = {
      documents: documents.map((document) => ({
        ...document,
        recipients: recipients.filter((recipient) => recipient.document_id === document['id']).map(({ document_id: _, ...rest }) => rest),
      })),
    };
  });

  router.get('/signwell/events', async (ctx) => {
    const documentId = field(ctx.query, 'document_id');
    const query = db
      .table(TABLES.signwellEvents)
      .orderBy('id')
      .select('id', 'hook_id', 'callback_url', 'document_id', 'type', 'time', 'status', 'attempts', 'last_status', 'last_error', 'created_at', 'delivered_at');
    if (documentId !== '') query.where({ document_id: documentId });
    const rows = (await query) as (Record<string, unknown> & { id: string; time: string })[];
    ctx.body = { events: rows.map((row) => ({ ...row, id: Number(row.id), time: Number(row.time) })) };
  });

  router.get('/documents/:adminid/content', async (ctx) => {
    const id = String(ctx.params.adminid);
    if (!/^\d{1,12}$/.test(id)) throw notFound('Document');
    const row = (await db.table(TABLES.documents).where({ adminid: id }).first('content')) as { content: Buffer } | undefined;
    if (row === undefined) throw notFound('Document');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="admin-${id}.pdf"`);
    ctx.body = row.content;
  });

  return router;
};
