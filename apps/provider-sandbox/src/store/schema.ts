/**
 * The sandbox's own tables, in their own PostgreSQL schema (default `provider_sandbox`), made at
 * start with knex's schema builder. They are not part of the portal's migrations: the sandbox
 * stands for athenahealth's database (and the other providers' state), not ours. A schema made by
 * an older sandbox version is dropped and rebuilt (and so reseeded).
 */
import type { Knex } from 'knex';

export const SCHEMA_VERSION = '5';

export const DEFAULT_SCHEMA = 'provider_sandbox';

export const TABLES = {
  meta: 'meta',
  patients: 'patients',
  proxies: 'proxies',
  customFieldValues: 'custom_field_values',
  appointments: 'appointments',
  documents: 'documents',
  accessTokens: 'access_tokens',
  refreshTokens: 'refresh_tokens',
  authorizationCodes: 'authorization_codes',
  pendingAuthorizations: 'pending_authorizations',
  inboxMessages: 'inbox_messages',
  firebaseUsers: 'firebase_users',
  firebaseVerifications: 'firebase_verifications',
  firebaseRefreshTokens: 'firebase_refresh_tokens',
  turnstileTokens: 'turnstile_tokens',
  signwellDocuments: 'signwell_documents',
  signwellRecipients: 'signwell_recipients',
  signwellHooks: 'signwell_hooks',
  signwellEvents: 'signwell_events',
  stripeProducts: 'stripe_products',
  stripePrices: 'stripe_prices',
  stripeCustomers: 'stripe_customers',
  stripePaymentMethods: 'stripe_payment_methods',
  stripeSubscriptions: 'stripe_subscriptions',
  stripeInvoices: 'stripe_invoices',
  stripeInvoicePayments: 'stripe_invoice_payments',
  stripePaymentIntents: 'stripe_payment_intents',
  stripeSetupIntents: 'stripe_setup_intents',
  stripeCharges: 'stripe_charges',
  stripePortalSessions: 'stripe_portal_sessions',
  stripeIdempotencyKeys: 'stripe_idempotency_keys',
  stripeEvents: 'stripe_events',
  stripeWebhookAttempts: 'stripe_webhook_attempts',
} as const;

/** Stripe's objects: one table per kind, the object as Stripe answers it (unexpanded) in `object`, and the columns the API looks things up by. */
export const STRIPE_OBJECT_TABLES = [
  TABLES.stripeCustomers,
  TABLES.stripePaymentMethods,
  TABLES.stripeSubscriptions,
  TABLES.stripeInvoices,
  TABLES.stripeInvoicePayments,
  TABLES.stripePaymentIntents,
  TABLES.stripeSetupIntents,
  TABLES.stripeCharges,
  TABLES.stripePortalSessions,
] as const;

/** Practice data that a reset wipes and reseeds (tokens and sign-ins in progress survive). */
export const SEEDED_TABLES = [
  TABLES.patients,
  TABLES.proxies,
  TABLES.customFieldValues,
  TABLES.appointments,
  TABLES.documents,
  TABLES.stripeProducts,
  TABLES.stripePrices,
] as const;

/** The stand-ins for the other providers: a reset empties them (inbox, Firebase accounts and codes, Turnstile tokens, SignWell documents, hooks and deliveries). */
export const PROVIDER_TABLES = [
  TABLES.inboxMessages,
  TABLES.firebaseUsers,
  TABLES.firebaseVerifications,
  TABLES.firebaseRefreshTokens,
  TABLES.turnstileTokens,
  TABLES.signwellDocuments,
  TABLES.signwellRecipients,
  TABLES.signwellHooks,
  TABLES.signwellEvents,
  ...STRIPE_OBJECT_TABLES,
  TABLES.stripeIdempotencyKeys,
  TABLES.stripeEvents,
  TABLES.stripeWebhookAttempts,
] as const;

export const SEQUENCES = { appointmentIds: 'appointment_ids', adminIds: 'admin_ids', patientIds: 'patient_ids' } as const;
export const FIRST_APPOINTMENT_ID = 1_000_001;
/** Patients registered through POST /patients; the seeded ones are 5101-5109. */
export const FIRST_PATIENT_ID = 5_201;

/**
 * Fields of POST /patients kept as given (besides the ones every patient has): the emergency
 * contact and the guarantor (a guardian signing for the patient).
 */
export const REGISTRATION_COLUMNS = [
  'workphone',
  'contactname',
  'contactrelationship',
  'contactmobilephone',
  'guarantorfirstname',
  'guarantorlastname',
  'guarantoremail',
  'guarantorphone',
  'guarantordob',
  'guarantorrelationshiptopatient',
  'guarantoraddress1',
  'guarantoraddress2',
  'guarantorcity',
  'guarantorstate',
  'guarantorzip',
] as const;
export const FIRST_ADMIN_ID = 40_001;

export const assertSchemaName = (schema: string): string => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid sandbox schema name '${schema}'`);
  return schema;
};

/** Serialises schema creation and seeding between sandboxes starting on the same database. */
export const lockSchema = async (trx: Knex.Transaction, schema: string): Promise<void> => {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`portal-provider-sandbox:${schema}`]);
};

const createTables = async (trx: Knex.Transaction, schema: string): Promise<void> => {
  const builder = () => trx.schema.withSchema(schema);
  await builder().createTable(TABLES.meta, (table) => {
    table.text('key').primary();
    table.text('value').notNullable();
  });
  await builder().createTable(TABLES.patients, (table) => {
    table.integer('patientid').primary();
    table.text('firstname').notNullable();
    table.text('lastname').notNullable();
    table.text('dob').notNullable();
    // Registered patients may have none (POST /patients does not require it).
    table.text('sex');
    table.text('email');
    table.text('mobilephone');
    table.text('homephone');
    table.text('address1');
    table.text('address2');
    table.text('city');
    table.text('state');
    table.text('zip');
    table.text('primarydepartmentid').notNullable();
    table.text('primaryproviderid');
    table.text('status').notNullable().defaultTo('active');
    table.boolean('portalaccount').notNullable();
    table.text('note').notNullable().defaultTo('');
    // Nine digits; answered masked (`*****1234`). Seeded values start 900-99, never real SSNs.
    table.text('ssn');
    for (const column of REGISTRATION_COLUMNS) table.text(column);
    table.timestamp('registered_at', { useTz: true });
  });
  // athena's best match on POST /patients: first and last name (any case) and date of birth.
  await trx.raw(`CREATE INDEX patients_best_match ON "${schema}"."${TABLES.patients}" (lower(firstname), lower(lastname), dob)`);
  await builder().createTable(TABLES.proxies, (table) => {
    table.integer('patientid').notNullable();
    table.integer('proxypatientid').notNullable();
    table.text('relationshiptopatient').notNullable();
    table.text('rolecode').notNullable();
    table.text('patientrelationtoproxy').notNullable();
    table.text('accesslevel').notNullable();
    table.primary(['patientid', 'proxypatientid']);
  });
  await builder().createTable(TABLES.customFieldValues, (table) => {
    table.integer('patientid').notNullable();
    table.text('customfieldid').notNullable();
    table.text('customfieldvalue');
    table.text('optionid');
    table.primary(['patientid', 'customfieldid']);
  });
  await builder().createTable(TABLES.appointments, (table) => {
    table.bigInteger('appointmentid').primary();
    table.text('day').notNullable();
    table.text('date').notNullable();
    table.text('starttime').notNullable();
    table.timestamp('starts_at', { useTz: true }).notNullable();
    table.integer('duration').notNullable();
    table.text('departmentid').notNullable();
    table.integer('providerid').notNullable();
    table.text('appointmenttypeid').notNullable();
    // athenahealth's appointmentstatus: o open, f future (booked), x cancelled.
    table.text('status').notNullable();
    table.integer('patientid');
    table.text('bookingnote');
    table.timestamp('booked_at', { useTz: true });
    table.timestamp('cancelled_at', { useTz: true });
    table.text('appointmentcancelreasonid');
    table.text('cancellationreason');
    table.bigInteger('rescheduledappointmentid');
    table.index(['departmentid', 'status', 'day']);
    table.index(['patientid']);
  });
  await builder().createTable(TABLES.documents, (table) => {
    table.bigInteger('adminid').primary();
    table.integer('patientid').notNullable();
    table.text('departmentid').notNullable();
    table.text('documentclass').notNullable();
    table.text('documentsubclass').notNullable();
    table.text('internalnote');
    table.boolean('autoclose').notNullable();
    table.text('status').notNullable();
    table.text('contenthash').notNullable();
    table.integer('size').notNullable();
    table.binary('content').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['patientid']);
  });
  await builder().createTable(TABLES.accessTokens, (table) => {
    table.text('token').primary();
    table.text('kind').notNullable(); // 'backend' | 'patient'
    table.text('client_id').notNullable();
    table.text('scope').notNullable();
    table.integer('patientid');
    table.integer('person_patientid');
    table.text('code');
    table.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await builder().createTable(TABLES.refreshTokens, (table) => {
    table.text('token').primary();
    table.text('client_id').notNullable();
    table.text('scope').notNullable();
    table.integer('patientid').notNullable();
    table.integer('person_patientid').notNullable();
    table.text('code');
    table.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await builder().createTable(TABLES.authorizationCodes, (table) => {
    table.text('code').primary();
    table.text('client_id').notNullable();
    table.text('redirect_uri').notNullable();
    table.text('code_challenge').notNullable();
    table.text('nonce');
    table.text('scope').notNullable();
    table.integer('patientid').notNullable();
    table.integer('person_patientid').notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true });
  });
  await builder().createTable(TABLES.pendingAuthorizations, (table) => {
    table.text('id').primary();
    table.text('client_id').notNullable();
    table.text('redirect_uri').notNullable();
    table.text('scope').notNullable();
    table.text('state').notNullable();
    table.text('nonce');
    table.text('code_challenge').notNullable();
    table.integer('person_patientid');
    table.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await createProviderTables(trx, schema);
  await trx.raw(`CREATE SEQUENCE "${schema}"."${SEQUENCES.appointmentIds}" START WITH ${FIRST_APPOINTMENT_ID}`);
  await trx.raw(`CREATE SEQUENCE "${schema}"."${SEQUENCES.adminIds}" START WITH ${FIRST_ADMIN_ID}`);
  await trx.raw(`CREATE SEQUENCE "${schema}"."${SEQUENCES.patientIds}" START WITH ${FIRST_PATIENT_ID}`);
  await trx.withSchema(schema).table(TABLES.meta).insert({ key: 'schema_version', value: SCHEMA_VERSION });
};

/** The SMTP/SMS inbox, the Firebase Auth emulator's accounts and codes, Turnstile's tokens. */
const createProviderTables = async (trx: Knex.Transaction, schema: string): Promise<void> => {
  const builder = () => trx.schema.withSchema(schema);
  await builder().createTable(TABLES.inboxMessages, (table) => {
    table.bigIncrements('id').primary();
    table.text('channel').notNullable(); // 'email' | 'sms'
    table.text('from_address');
    // One row per recipient: a lowercased email address, or an E.164 phone number.
    table.text('to_address').notNullable();
    table.text('subject').notNullable();
    table.text('text').notNullable();
    table.text('code');
    table.timestamp('received_at', { useTz: true }).notNullable();
    table.index(['to_address']);
  });
  await builder().createTable(TABLES.firebaseUsers, (table) => {
    table.text('local_id').primary();
    table.text('phone_number').notNullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('last_login_at', { useTz: true }).notNullable();
    table.timestamp('last_refresh_at', { useTz: true });
  });
  await builder().createTable(TABLES.firebaseVerifications, (table) => {
    table.text('session_info').primary();
    table.text('phone_number').notNullable();
    table.text('code').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true });
    table.index(['phone_number', 'created_at']);
  });
  await builder().createTable(TABLES.firebaseRefreshTokens, (table) => {
    table.text('token').primary();
    table.text('local_id').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });
  await builder().createTable(TABLES.turnstileTokens, (table) => {
    table.text('token').primary();
    table.text('sitekey').notNullable();
    table.text('action').notNullable();
    table.text('cdata').notNullable();
    table.text('hostname').notNullable();
    table.timestamp('issued_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('consumed_at', { useTz: true });
    table.text('idempotency_key');
  });
  await createSignwellTables(trx, schema);
  await createStripeTables(trx, schema);
};

/**
 * Stripe: products and prices (seeded), customers, payment methods (with the test card's
 * behaviour, never the number), subscriptions, invoices, invoice payments, payment and setup
 * intents, charges, billing-portal sessions; idempotency keys with their stored answers; events
 * with their delivery attempts. Times in `object` are Unix seconds on the Stripe clock.
 */
const createStripeTables = async (trx: Knex.Transaction, schema: string): Promise<void> => {
  const builder = () => trx.schema.withSchema(schema);
  const objectTable = async (name: string, columns: (table: Knex.CreateTableBuilder) => void): Promise<void> => {
    await builder().createTable(name, (table) => {
      table.text('id').primary();
      columns(table);
      table.json('object').notNullable();
      table.bigInteger('created').notNullable();
      table.bigIncrements('seq', { primaryKey: false });
    });
  };
  await objectTable(TABLES.stripeProducts, () => undefined);
  await objectTable(TABLES.stripePrices, (table) => {
    table.text('lookup_key').unique();
    table.text('product').notNullable();
  });
  await objectTable(TABLES.stripeCustomers, (table) => {
    // Lowercased, for ?email= and search (Stripe matches email case-insensitively).
    table.text('email').index();
    table.integer('next_invoice_sequence').notNullable().defaultTo(1);
  });
  await objectTable(TABLES.stripePaymentMethods, (table) => {
    table.text('customer').index();
    // The test card's behaviour (JSON); set on insert only (later saves of the object leave it).
    table.text('behaviour');
  });
  await objectTable(TABLES.stripeSubscriptions, (table) => {
    table.text('customer').notNullable().index();
    table.text('status').notNullable();
    table.bigInteger('current_period_end').notNullable();
  });
  await objectTable(TABLES.stripeInvoices, (table) => {
    table.text('customer').notNullable().index();
    table.text('subscription').index();
    table.text('status').notNullable();
  });
  await objectTable(TABLES.stripeInvoicePayments, (table) => {
    table.text('invoice').notNullable().index();
    table.text('payment_intent').notNullable();
  });
  await objectTable(TABLES.stripePaymentIntents, (table) => {
    table.text('customer').index();
    table.text('invoice').index();
  });
  await objectTable(TABLES.stripeSetupIntents, (table) => {
    table.text('customer').index();
    table.text('subscription');
  });
  await objectTable(TABLES.stripeCharges, (table) => {
    table.text('payment_intent').notNullable().index();
    // The sandbox receipt page's secret (part of receipt_url).
    table.text('receipt_token').unique();
  });
  await objectTable(TABLES.stripePortalSessions, (table) => {
    table.text('customer').notNullable();
    table.text('token').unique();
  });
  await builder().createTable(TABLES.stripeIdempotencyKeys, (table) => {
    table.text('key').primary();
    table.text('method').notNullable();
    table.text('path').notNullable();
    table.text('params').notNullable();
    table.integer('status').notNullable();
    table.json('response').notNullable();
    table.text('request_id').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });
  await builder().createTable(TABLES.stripeEvents, (table) => {
    table.bigIncrements('seq').primary();
    table.text('id').notNullable().unique();
    table.text('type').notNullable();
    table.text('object_id').notNullable().index();
    table.json('event').notNullable();
    // Where it goes (null: no endpoint was set when it happened).
    table.text('endpoint_url');
    // pending → delivered | failed; no_endpoint
    table.text('status').notNullable();
    table.integer('attempts').notNullable();
    table.integer('last_status');
    table.text('last_error');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('delivered_at', { useTz: true });
  });
  await builder().createTable(TABLES.stripeWebhookAttempts, (table) => {
    table.bigIncrements('id').primary();
    table.text('event_id').notNullable().index();
    table.integer('number').notNullable();
    table.text('url').notNullable();
    table.integer('status');
    table.text('error');
    table.integer('duration_ms').notNullable();
    table.timestamp('attempted_at', { useTz: true }).notNullable();
  });
};

/** SignWell: documents with their recipients (one signing token each), webhooks, and the log of webhook deliveries. */
const createSignwellTables = async (trx: Knex.Transaction, schema: string): Promise<void> => {
  const builder = () => trx.schema.withSchema(schema);
  await builder().createTable(TABLES.signwellDocuments, (table) => {
    table.text('id').primary();
    table.text('name').notNullable();
    // SignWell's document status: Draft, Pending, Viewed, Completed, Declined, ...
    table.text('status').notNullable();
    table.boolean('test_mode').notNullable();
    table.boolean('embedded_signing').notNullable();
    table.boolean('draft').notNullable();
    table.boolean('with_signature_page').notNullable();
    table.boolean('allow_decline').notNullable();
    table.boolean('allow_reassign').notNullable();
    table.boolean('reminders').notNullable();
    table.boolean('apply_signing_order').notNullable();
    table.text('subject');
    table.text('message');
    table.text('redirect_url');
    table.text('decline_redirect_url');
    table.integer('expires_in');
    table.jsonb('metadata').notNullable();
    table.jsonb('fields').notNullable();
    // [{name, pages_number, size, sha256, file_url?}]: the bytes themselves are not kept.
    table.jsonb('files').notNullable();
    table.text('preview_text').notNullable();
    table.text('decline_message');
    table.text('file_token').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.timestamp('completed_at', { useTz: true });
  });
  await builder().createTable(TABLES.signwellRecipients, (table) => {
    table.text('document_id').notNullable();
    table.text('id').notNullable();
    table.integer('position').notNullable();
    table.text('name');
    table.text('email').notNullable();
    // SignWell's recipient status: created, viewed, signed, declined.
    table.text('status').notNullable();
    table.integer('signing_order').notNullable();
    table.boolean('send_email').notNullable();
    table.text('token').notNullable().unique();
    table.text('signature_name');
    table.text('decline_reason');
    table.text('client_ip');
    table.text('user_agent');
    table.timestamp('viewed_at', { useTz: true });
    table.timestamp('signed_at', { useTz: true });
    table.timestamp('declined_at', { useTz: true });
    table.primary(['document_id', 'id']);
  });
  await builder().createTable(TABLES.signwellHooks, (table) => {
    table.text('id').primary();
    table.text('callback_url').notNullable();
    table.text('api_application_id');
    table.timestamp('created_at', { useTz: true }).notNullable();
  });
  await builder().createTable(TABLES.signwellEvents, (table) => {
    table.bigIncrements('id').primary();
    table.text('hook_id').notNullable();
    table.text('callback_url').notNullable();
    table.text('document_id').notNullable();
    table.text('type').notNullable();
    table.bigInteger('time').notNullable();
    table.text('hash').notNullable();
    // pending → delivered | failed
    table.text('status').notNullable();
    table.integer('attempts').notNullable();
    table.integer('last_status');
    table.text('last_error');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('delivered_at', { useTz: true });
    table.index(['document_id']);
  });
};

/**
 * Makes the schema and its tables when missing (inside the caller's locked transaction).
 * Returns true when the tables were just made, so the caller seeds them.
 */
export const ensureSchema = async (trx: Knex.Transaction, schema: string): Promise<boolean> => {
  assertSchemaName(schema);
  const hasMeta = await trx.schema.withSchema(schema).hasTable(TABLES.meta);
  if (hasMeta) {
    const row = (await trx.withSchema(schema).table(TABLES.meta).where({ key: 'schema_version' }).first()) as
      | { value: string }
      | undefined;
    if (row?.value === SCHEMA_VERSION) return false;
    await trx.raw(`DROP SCHEMA "${schema}" CASCADE`);
  }
  await trx.raw(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await createTables(trx, schema);
  return true;
};
