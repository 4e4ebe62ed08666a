/** patient_languages against PostgreSQL (issue 26): one language per patient, the later choice kept. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Locale } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { PostgresPatientLanguages } from './patient-languages.repository.ts';

let db: TestDatabase;
let languages: PostgresPatientLanguages;
beforeAll(async () => {
  db = await createTestDatabase();
  languages = new PostgresPatientLanguages(db.knex);
});
afterAll(async () => {
  await db.drop();
});

const T0 = new Date('2026-11-29T15:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('PostgresPatientLanguages', () => {
  it('knows no language for a patient who never chose one', async () => {
    expect(await languages.languageOf('7001')).toBeNull();
  });

  it('remembers a choice and replaces it with a later one, per patient', async () => {
    await languages.remember('7002', 'es-US', at(0));
    await languages.remember('7003', 'en-US', at(0));
    expect(await languages.languageOf('7002')).toBe('es-US');
    await languages.remember('7002', 'en-US', at(5));
    expect(await languages.languageOf('7002')).toBe('en-US');
    expect(await languages.languageOf('7003')).toBe('en-US');
    expect(await db.knex('patient_languages').where({ athenaPatientId: '7002' }).count<{ count: string }[]>('* as count')).toEqual([{ count: '1' }]);
  });

  it('keeps the later choice when an older one arrives after it', async () => {
    await languages.remember('7004', 'es-US', at(20));
    await languages.remember('7004', 'en-US', at(10));
    expect(await languages.languageOf('7004')).toBe('es-US');
    expect((await db.knex('patient_languages').where({ athenaPatientId: '7004' }).first('updatedAt')).updatedAt).toEqual(at(20));
  });

  it('keeps one row when twenty choices of one patient arrive at once', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, index) => languages.remember('7005', index % 2 === 0 ? 'es-US' : 'en-US', at(100 + index))));
    expect(await languages.languageOf('7005')).toBe('en-US');
  });

  it('refuses a language the portal does not speak, in the adapter and in the table', async () => {
    await expect(languages.remember('7006', 'fr-FR' as Locale, at(0))).rejects.toThrow();
    await expect(db.knex('patient_languages').insert({ athenaPatientId: '7006', locale: 'fr-FR', updatedAt: at(0) })).rejects.toThrow(/patient_languages_locale_known/);
    expect(await languages.languageOf('7006')).toBeNull();
  });
});
