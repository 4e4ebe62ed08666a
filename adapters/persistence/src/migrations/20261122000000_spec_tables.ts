/**
 * The ten stored entities of spec §3 (enrollment-and-payment), with the field names as spelled.
 * Additions of ours are marked: updatedAt on enrollments (the API returns it) and check
 * constraints that keep statuses and tiers to their known values.
 */
import type { Knex } from 'knex';

const ENROLLMENT_STATUSES = ['pending', 'signed', 'privacy_signed', 'payment_pending', 'active', 'declined', 'cancelled', 'past_due'];
const TIERS = ['120_annual', '70_biannual', '300_concierge_biannual', '500_concierge_annual', 'decline', 'decline_hardship'];

const inList = (column: string, values: readonly string[]): string =>
  `"${column}" IN (${values.map((value) => `'${value}'`).join(', ')})`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('enrollments', (table) => {
    table.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
    table.text('patientStatus');
    table.text('department');
    table.boolean('isGuardianSigning').notNullable().defaultTo(false);
    table.text('athenaPatientId');
    table.text('signwellDocumentId');
    table.text('signedDocumentUrl');
    table.text('privacyPracticesDocumentId');
    table.text('privacyPracticesSignedUrl');
    table.text('membershipTier').notNullable().defaultTo('120_annual');
    table.text('stripeCustomerId');
    table.text('stripeSubscriptionId');
    table.text('stripePaymentId');
    table.text('stripeReceiptUrl');
    table.text('sessionToken');
    table.timestamp('membershipStartDate', { useTz: true });
    table.timestamp('membershipEndDate', { useTz: true });
    table.text('status').notNullable().defaultTo('pending');
    table.text('guestHash');
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(inList('status', ENROLLMENT_STATUSES), [], 'enrollments_status_known');
    table.check(inList('membershipTier', TIERS), [], 'enrollments_tier_known');
    table.index(['athenaPatientId']);
    table.index(['sessionToken']);
    table.index(['guestHash']);
  });

  await knex.schema.createTable('provider_cache', (table) => {
    table.increments('id');
    table.text('departmentId');
    table.jsonb('providers').notNullable().defaultTo('[]');
    table.timestamp('cachedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['departmentId']);
  });

  await knex.schema.createTable('subscription_cache', (table) => {
    table.increments('id');
    table.text('patientId');
    table.text('email');
    table.jsonb('tier1Subscriptions').notNullable().defaultTo('[]');
    table.jsonb('tier2Subscriptions').notNullable().defaultTo('[]');
    table.timestamp('cachedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['patientId']);
  });

  await knex.schema.createTable('insurance_package_cache', (table) => {
    table.increments('id');
    table.text('insurancePackageId').notNullable().unique();
    table.text('insuranceProductTypeName');
    table.text('name');
    table.text('state');
    table.text('source');
    table.text('departmentId');
    table.timestamp('cachedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('document_submissions', (table) => {
    table.increments('id');
    table.text('enrollmentId').references('id').inTable('enrollments').onDelete('CASCADE');
    table.text('patientId').notNullable();
    table.text('documentType').notNullable();
    table.text('contentHash').notNullable();
    table.text('fileName');
    table.text('status').notNullable().defaultTo('processing');
    table.text('athenaDocumentId');
    table.integer('uploadAttempts').notNullable().defaultTo(1);
    table.text('lastAttemptError');
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['patientId', 'documentType', 'contentHash']);
    table.index(['enrollmentId']);
  });

  await knex.schema.createTable('appointments', (table) => {
    table.increments('id');
    table.text('department');
    table.text('athenaPatientId').notNullable().defaultTo('');
    table.text('providerId');
    table.text('appointmentDate');
    table.text('appointmentTime');
    table.text('athenaAppointmentId');
    table.text('appointmentTypeId');
    table.text('appointmentType');
    table.text('membershipStatus');
    table.timestamp('membershipEndDate', { useTz: true });
    table.text('sessionToken');
    table.text('status').notNullable().defaultTo('pending');
    table.timestamp('bookedAt', { useTz: true });
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['athenaPatientId']);
    table.index(['athenaAppointmentId']);
  });

  await knex.schema.createTable('audit_logs', (table) => {
    table.bigIncrements('id');
    table.timestamp('timestamp', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.text('eventType').notNullable();
    table.text('action').notNullable();
    table.text('userId');
    table.text('sessionId');
    table.text('ipAddress');
    table.text('userAgent');
    table.text('endpoint');
    table.text('method');
    table.integer('statusCode');
    table.text('enrollmentId');
    table.text('appointmentId');
    table.text('paymentId');
    table.jsonb('metadata');
    table.boolean('hipaaRelevant').notNullable().defaultTo(false);
    table.text('severity').notNullable().defaultTo('info');
    table.text('source').notNullable().defaultTo('member-portal');
    table.index(['timestamp']);
    table.index(['eventType']);
  });

  await knex.schema.createTable('staff_emails', (table) => {
    table.increments('id');
    table.text('email').notNullable().unique();
    table.text('name');
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('staff_sessions', (table) => {
    table.increments('id');
    table.text('email').notNullable();
    // Holds the SHA-256 of the bearer token, never the token itself.
    table.text('sessionToken').notNullable().unique();
    // Holds a hash of the emailed code, never the code itself.
    table.text('otpCode');
    table.timestamp('otpExpiry', { useTz: true });
    table.boolean('verified').notNullable().defaultTo(false);
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('expiresAt', { useTz: true }).notNullable();
    table.index(['email']);
  });

  await knex.schema.createTable('staff_audit_trail', (table) => {
    table.increments('id');
    table.text('staffEmail').notNullable();
    table.text('action').notNullable();
    table.text('athenaPatientId').notNullable();
    table.text('stripeSubscriptionId');
    table.text('stripeCustomerId');
    table.text('membershipTier');
    table.text('paymentMethod');
    table.text('practiceLocation');
    table.jsonb('metadata');
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of [
    'staff_audit_trail',
    'staff_sessions',
    'staff_emails',
    'audit_logs',
    'appointments',
    'document_submissions',
    'insurance_package_cache',
    'subscription_cache',
    'provider_cache',
    'enrollments',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
};
