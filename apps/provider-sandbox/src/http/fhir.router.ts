/**
 * The FHIR R4 subset: RelatedPerson search (how a caregiver's dependents are discovered),
 * Patient read, and SMART discovery. Every data call needs
 * `ah-practice=Organization/a-1.Practice-29391`.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { AH_PRACTICE, FHIR_PATIENT_PREFIX } from '../seed/practice.ts';
import { TABLES } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';
import { AthenaError } from './errors.ts';
import { authorizationServerMetadata } from './oauth.router.ts';
import type { PatientRow } from './shapes.ts';
import { baseUrl, field } from './shapes.ts';
import { parseUsDate, formatIsoDay } from '../time.ts';

const ROLE_CODE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
const ROLE_DISPLAY: Readonly<Record<string, string>> = { PRN: 'Parent', CHILD: 'Child', SPS: 'Spouse', GRPRN: 'Grandparent' };

/** FHIR's error: an OperationOutcome and nothing else (HL7's R4 schema allows no other top-level field). */
const outcome = (status: number, code: string, diagnostics: string): AthenaError =>
  new AthenaError(
    status,
    {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code, diagnostics }],
    },
    code,
  );

const fhirJson = (ctx: Context, body: unknown): void => {
  ctx.type = 'application/fhir+json; charset=utf-8';
  ctx.body = body;
};

interface RelatedRow {
  readonly patientid: number;
  readonly proxypatientid: number;
  readonly relationshiptopatient: string;
  readonly rolecode: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string | null;
  readonly mobilephone: string | null;
}

const fhirPatientId = (id: number): string => `${FHIR_PATIENT_PREFIX}${id}`;

/** 'Patient/a-29391.E-5105', 'a-29391.E-5105' or '5105' → 5105. */
const patientIdFrom = (reference: string): number | null => {
  const match = /^(?:Patient\/)?(?:a-\d+\.E-)?(\d{1,9})$/.exec(reference);
  return match ? Number(match[1]) : null;
};

/** RelatedPerson search results per page unless `_count` says otherwise. */
export const RELATED_PERSON_PAGE_SIZE = 1;

export const fhirRouter = (sandbox: SandboxContext): Router => {
  const router = new Router({ prefix: '/fhir/r4' });
  const { db } = sandbox;

  const requirePractice = async (ctx: Context, next: Next): Promise<void> => {
    if (field(ctx.query, 'ah-practice') !== `Organization/${AH_PRACTICE}`) {
      throw outcome(400, 'invalid', `ah-practice=Organization/${AH_PRACTICE} is required.`);
    }
    await next();
  };

  router.get('/.well-known/smart-configuration', (ctx) => {
    // athena's own document names the issuer, jwks_uri and endpoints but no signing algorithms.
    ctx.set('Cache-Control', 'max-age=300');
    ctx.body = {
      ...authorizationServerMetadata(baseUrl(ctx)),
      scopes_supported: ['openid', 'fhirUser', 'offline_access', 'launch/patient', 'patient/Patient.read', 'patient/RelatedPerson.read'],
      capabilities: ['launch-standalone', 'client-public', 'sso-openid-connect', 'context-standalone-patient', 'permission-offline'],
    };
  });

  router.get('/RelatedPerson', requirePractice, async (ctx) => {
    const email = field(ctx.query, 'email');
    const patient = field(ctx.query, 'patient');
    const query = db
      .table(`${TABLES.proxies} as x`)
      .join(`${TABLES.patients} as p`, 'p.patientid', 'x.proxypatientid')
      .orderBy(['x.patientid', 'x.proxypatientid'])
      .select('x.patientid', 'x.proxypatientid', 'x.relationshiptopatient', 'x.rolecode', 'p.firstname', 'p.lastname', 'p.email', 'p.mobilephone');
    if (email !== '') query.whereRaw('lower(p.email) = lower(?)', [email]);
    if (patient !== '') {
      const id = patientIdFrom(patient);
      if (id === null) throw outcome(400, 'invalid', 'patient must be a Patient reference.');
      query.where('x.patientid', id);
    }
    const all = (await query) as RelatedRow[];
    // Paged as a FHIR searchset may be: `_count` a page (small by default, so a caregiver with two
    // dependents already takes two pages), `_offset` where it starts, a `next` link while more follow.
    const count = Math.min(Math.max(Number(field(ctx.query, '_count')) || RELATED_PERSON_PAGE_SIZE, 1), 50);
    const offset = Math.max(Number(field(ctx.query, '_offset')) || 0, 0);
    const rows = all.slice(offset, offset + count);
    const pageUrl = (start: number) => {
      const params = new URLSearchParams(ctx.querystring);
      params.set('_count', String(count));
      params.set('_offset', String(start));
      return `${baseUrl(ctx)}${ctx.path}?${params.toString()}`;
    };
    fhirJson(ctx, {
      resourceType: 'Bundle',
      type: 'searchset',
      total: all.length,
      link: [{ relation: 'self', url: pageUrl(offset) }, ...(offset + count < all.length ? [{ relation: 'next', url: pageUrl(offset + count) }] : [])],
      entry: rows.map((row) => {
        const id = `${FHIR_PATIENT_PREFIX.replace('.E-', '.RP-')}${row.proxypatientid}-${row.patientid}`;
        return {
          fullUrl: `${baseUrl(ctx)}/fhir/r4/RelatedPerson/${id}`,
          resource: {
            resourceType: 'RelatedPerson',
            id,
            active: true,
            patient: { reference: `Patient/${fhirPatientId(row.patientid)}` },
            relationship: [
              {
                coding: [{ system: ROLE_CODE_SYSTEM, code: row.rolecode, display: ROLE_DISPLAY[row.rolecode] ?? row.relationshiptopatient }],
                text: row.relationshiptopatient,
              },
            ],
            name: [{ use: 'official', text: `${row.firstname} ${row.lastname}`, family: row.lastname, given: [row.firstname] }],
            telecom: [
              ...(row.email === null ? [] : [{ system: 'email', value: row.email }]),
              ...(row.mobilephone === null ? [] : [{ system: 'phone', value: row.mobilephone, use: 'mobile' }]),
            ],
          },
          search: { mode: 'match' },
        };
      }),
    });
  });

  router.get('/Patient/:id', requirePractice, async (ctx) => {
    const id = patientIdFrom(String(ctx.params.id));
    const row = id === null ? undefined : ((await db.table(TABLES.patients).where({ patientid: id }).first()) as PatientRow | undefined);
    if (row === undefined) throw outcome(404, 'not-found', `Patient/${String(ctx.params.id)} is not known.`);
    const birth = parseUsDate(row.dob);
    fhirJson(ctx, {
      resourceType: 'Patient',
      id: fhirPatientId(row.patientid),
      active: row.status === 'active',
      name: [{ use: 'official', text: `${row.firstname} ${row.lastname}`, family: row.lastname, given: [row.firstname] }],
      gender: row.sex === 'F' ? 'female' : row.sex === 'M' ? 'male' : 'unknown',
      ...(birth === null ? {} : { birthDate: formatIsoDay(birth) }),
      telecom: [
        ...(row.email === null ? [] : [{ system: 'email', value: row.email }]),
        ...(row.mobilephone === null ? [] : [{ system: 'phone', value: row.mobilephone, use: 'mobile' }]),
        ...(row.homephone === null ? [] : [{ system: 'phone', value: row.homephone, use: 'home' }]),
      ],
      address: [
        {
          use: 'home',
          line: [row.address1, row.address2].filter((line): line is string => line !== null),
          city: row.city,
          state: row.state,
          postalCode: row.zip,
        },
      ],
    });
  });

  return router;
};
