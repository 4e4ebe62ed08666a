import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const columnsOf = async (table: string): Promise<string[]> => {
  const rows = await db.knex('information_schema.columns').where({ table_name: table, table_schema: 'public' }).orderBy('ordinal_position');
  return rows.map((row: { column_name: string }) => row.column_name);
};

const SPEC_COLUMNS: Record<string, string[]> = {
  enrollments: ['id', 'patientStatus', 'department', 'isGuardianSigning', 'athenaPatientId', 'signwellDocumentId', 'signedDocumentUrl', 'privacyPracticesDocumentId', 'privacyPracticesSignedUrl', 'membershipTier', 'stripeCustomerId', 'stripeSubscriptionId', 'stripePaymentId', 'stripeReceiptUrl', 'sessionToken', 'membershipStartDate', 'membershipEndDate', 'status', 'guestHash', 'createdAt'],
  provider_cache: ['id', 'departmentId', 'providers', 'cachedAt'],
  subscription_cache: ['id', 'patientId', 'email', 'tier1Subscriptions', 'tier2Subscriptions', 'cachedAt'],
  insurance_package_cache: ['id', 'insurancePackageId', 'insuranceProductTypeName', 'name', 'state', 'source', 'departmentId', 'cachedAt'],
  document_submissions: ['id', 'enrollmentId', 'patientId', 'documentType', 'contentHash', 'fileName', 'status', 'athenaDocumentId', 'uploadAttempts', 'lastAttemptError', 'createdAt', 'updatedAt'],
  appointments: ['id', 'department', 'athenaPatientId', 'providerId', 'appointmentDate', 'appointmentTime', 'athenaAppointmentId', 'appointmentTypeId', 'appointmentType', 'membershipStatus', 'membershipEndDate', 'sessionToken', 'status', 'bookedAt', 'createdAt'],
  audit_logs: ['id', 'timestamp', 'eventType', 'action', 'userId', 'sessionId', 'ipAddress', 'userAgent', 'endpoint', 'method', 'statusCode', 'enrollmentId', 'appointmentId', 'paymentId', 'metadata', 'hipaaRelevant', 'severity', 'source'],
  staff_emails: ['id', 'email', 'name', 'createdAt'],
  staff_sessions: ['id', 'email', 'sessionToken', 'otpCode', 'otpExpiry', 'verified', 'createdAt', 'expiresAt'],
  staff_audit_trail: ['id', 'staffEmail', 'action', 'athenaPatientId', 'stripeSubscriptionId', 'stripeCustomerId', 'membershipTier', 'paymentMethod', 'practiceLocation', 'metadata', 'createdAt'],
};

describe('the ten tables of spec §3', () => {
  it.each(Object.entries(SPEC_COLUMNS))('%s has every field of the spec, spelled as the spec spells it', async (table, columns) => {
    expect(await columnsOf(table)).toEqual(expect.arrayContaining(columns));
  });

  it('gives an enrollment a generated id and the spec defaults', async () => {
    const [row] = await db.knex('enrollments').insert({}).returning('*');
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row).toMatchObject({ status: 'pending', membershipTier: '120_annual', isGuardianSigning: false });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an enrollment status or tier the domain does not know', async () => {
    await expect(db.knex('enrollments').insert({ status: 'paid' })).rejects.toThrow(/enrollments_status_known/);
    await expect(db.knex('enrollments').insert({ membershipTier: 'gold' })).rejects.toThrow(/enrollments_tier_known/);
  });

  it('files a document once per patient, document type and content hash, and only for a real enrollment', async () => {
    const [enrollment] = await db.knex('enrollments').insert({}).returning('id');
    const submission = { enrollmentId: enrollment.id, patientId: '1001', documentType: 'membership_agreement', contentHash: 'abc' };
    const [row] = await db.knex('document_submissions').insert(submission).returning('*');
    expect(row).toMatchObject({ status: 'processing', uploadAttempts: 1 });
    await expect(db.knex('document_submissions').insert(submission)).rejects.toThrow(/unique/);
    await expect(db.knex('document_submissions').insert({ ...submission, enrollmentId: 'missing', contentHash: 'def' })).rejects.toThrow(/foreign key/);
  });

  it('defaults appointments, audit rows and staff sessions as the spec says', async () => {
    const [appointment] = await db.knex('appointments').insert({ providerId: '15' }).returning('*');
    expect(appointment).toMatchObject({ athenaPatientId: '', status: 'pending' });
    const [audit] = await db.knex('audit_logs').insert({ eventType: 'test', action: 'read' }).returning('*');
    expect(audit).toMatchObject({ hipaaRelevant: false, severity: 'info', source: 'member-portal' });
    await expect(db.knex('staff_sessions').insert({ email: 'a@b.example', sessionToken: 'h1' })).rejects.toThrow(/expiresAt/);
    const [session] = await db.knex('staff_sessions').insert({ email: 'a@b.example', sessionToken: 'h2', expiresAt: new Date() }).returning('*');
    expect(session.verified).toBe(false);
  });

  it('keeps staff emails, session tokens and insurance packages unique', async () => {
    await db.knex('staff_emails').insert({ email: 'nurse@practice.example', name: 'N' });
    await expect(db.knex('staff_emails').insert({ email: 'nurse@practice.example', name: 'M' })).rejects.toThrow(/unique/);
    const expiresAt = new Date();
    await db.knex('staff_sessions').insert({ email: 'x@practice.example', sessionToken: 'same', expiresAt });
    await expect(db.knex('staff_sessions').insert({ email: 'y@practice.example', sessionToken: 'same', expiresAt })).rejects.toThrow(/unique/);
    await db.knex('insurance_package_cache').insert({ insurancePackageId: '77' });
    await expect(db.knex('insurance_package_cache').insert({ insurancePackageId: '77' })).rejects.toThrow(/unique/);
  });

  it('requires staff email, action and patient on every staff audit row', async () => {
    await expect(db.knex('staff_audit_trail').insert({ staffEmail: 's@practice.example', action: 'create_subscription' })).rejects.toThrow(/athenaPatientId/);
    const [row] = await db.knex('staff_audit_trail').insert({ staffEmail: 's@practice.example', action: 'create_subscription', athenaPatientId: '1001' }).returning('*');
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('migrates idempotently when several processes start at once', async () => {
    const { migrateToLatest, migrationSource } = await import('./index.ts');
    await expect(Promise.all([migrateToLatest(db.knex), migrateToLatest(db.knex), migrateToLatest(db.knex)])).resolves.toBeDefined();
    const done = await db.knex('knex_migrations').count<{ count: string }[]>('* as count');
    // Each migration ran exactly once, however many processes raced.
    expect(Number(done[0]?.count)).toBe((await migrationSource.getMigrations([])).length);
  });
});
