/** Seeding: on first start, on POST /_sandbox/reset, and topping up slots as the days pass. */
import type { Knex } from 'knex';
import { SEED_CUSTOM_FIELD_VALUES, SEED_PROXIES, seedPatients } from '../seed/patients.ts';
import { generateSlots, slotHorizon } from '../seed/slots.ts';
import { STRIPE_CATALOG } from '../stripe/constants.ts';
import { priceObject, productObject } from '../stripe/objects.ts';
import { addDays, dayIn, formatIsoDay, parseIsoDay } from '../time.ts';
import { FIRST_ADMIN_ID, FIRST_APPOINTMENT_ID, FIRST_PATIENT_ID, SEEDED_TABLES, SEQUENCES, TABLES } from './schema.ts';

const setMeta = async (trx: Knex.Transaction, schema: string, key: string, value: string): Promise<void> => {
  await trx.withSchema(schema).table(TABLES.meta).insert({ key, value }).onConflict('key').merge();
};

export const getMeta = async (db: Knex | Knex.Transaction, schema: string, key: string): Promise<string | null> => {
  const row = (await db.withSchema(schema).table(TABLES.meta).where({ key }).first()) as { value: string } | undefined;
  return row?.value ?? null;
};

const insertSlots = async (trx: Knex.Transaction, schema: string, resetDay: string, from: string, through: string): Promise<number> => {
  const slots = generateSlots(resetDay, from, through);
  if (slots.length === 0) return 0;
  const ids = (await trx.raw(`SELECT nextval('"${schema}"."${SEQUENCES.appointmentIds}"') AS id FROM generate_series(1, ?)`, [
    slots.length,
  ])) as { rows: { id: string }[] };
  const rows = slots.map((slot, index) => ({
    appointmentid: ids.rows[index]?.id,
    day: slot.day,
    date: slot.date,
    starttime: slot.starttime,
    starts_at: slot.startsAt,
    duration: slot.duration,
    departmentid: slot.departmentid,
    providerid: slot.providerid,
    appointmenttypeid: slot.appointmenttypeid,
    status: 'o',
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await trx.withSchema(schema).table(TABLES.appointments).insert(rows.slice(i, i + 500));
  }
  await setMeta(trx, schema, 'slots_through', through);
  return rows.length;
};

/** Stripe's products and prices: the four paid tiers (the price's lookup_key is the tier code). */
const seedStripeCatalog = async (trx: Knex.Transaction, schema: string, now: Date): Promise<void> => {
  const created = Math.floor(now.getTime() / 1000);
  await trx
    .withSchema(schema)
    .table(TABLES.stripeProducts)
    .insert(STRIPE_CATALOG.map((tier) => ({ id: tier.productId, object: JSON.stringify(productObject(tier, created)), created })));
  await trx
    .withSchema(schema)
    .table(TABLES.stripePrices)
    .insert(STRIPE_CATALOG.map((tier) => ({ id: tier.priceId, lookup_key: tier.lookupKey, product: tier.productId, object: JSON.stringify(priceObject(tier, created)), created })));
};

/** Wipes the practice data and seeds it again for the day of `now` (inside a locked transaction). */
export const reseed = async (trx: Knex.Transaction, schema: string, now: Date): Promise<void> => {
  await trx.raw(`TRUNCATE ${SEEDED_TABLES.map((table) => `"${schema}"."${table}"`).join(', ')}`);
  await trx.raw(`ALTER SEQUENCE "${schema}"."${SEQUENCES.appointmentIds}" RESTART WITH ${FIRST_APPOINTMENT_ID}`);
  await trx.raw(`ALTER SEQUENCE "${schema}"."${SEQUENCES.adminIds}" RESTART WITH ${FIRST_ADMIN_ID}`);
  await trx.raw(`ALTER SEQUENCE "${schema}"."${SEQUENCES.patientIds}" RESTART WITH ${FIRST_PATIENT_ID}`);

  await trx
    .withSchema(schema)
    .table(TABLES.patients)
    .insert(seedPatients(now).map((patient) => ({ ...patient, status: 'active' })));
  await trx.withSchema(schema).table(TABLES.proxies).insert([...SEED_PROXIES]);
  await trx.withSchema(schema).table(TABLES.customFieldValues).insert([...SEED_CUSTOM_FIELD_VALUES]);
  await seedStripeCatalog(trx, schema, now);

  const today = formatIsoDay(dayIn(now));
  await setMeta(trx, schema, 'reset_day', today);
  await setMeta(trx, schema, 'seeded_at', now.toISOString());
  await insertSlots(trx, schema, today, today, formatIsoDay(slotHorizon(now)));
};

/**
 * Adds the weekdays between the last generated day and the booking horizon at `now`, so a
 * sandbox that keeps its data for days still offers six weeks. Returns the horizon (YYYY-MM-DD).
 */
export const extendSlots = async (trx: Knex.Transaction, schema: string, now: Date): Promise<string> => {
  const horizon = formatIsoDay(slotHorizon(now));
  const through = await getMeta(trx, schema, 'slots_through');
  const resetDay = (await getMeta(trx, schema, 'reset_day')) ?? formatIsoDay(dayIn(now));
  const last = through === null ? null : parseIsoDay(through);
  if (last !== null && through !== null && through >= horizon) return through;
  const today = formatIsoDay(dayIn(now));
  const next = last === null ? today : formatIsoDay(addDays(last, 1));
  await insertSlots(trx, schema, resetDay, next > today ? next : today, horizon);
  return horizon;
};
