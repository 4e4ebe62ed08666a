import type { Knex } from 'knex';
import { isLocale, type Locale, type PatientLanguages } from '@portal/core';

/**
 * patient_languages (issue 26): each patient's chosen language, one row per patient. A choice
 * replaces the one before it unless that one is newer (two requests of the same patient in any
 * order keep the later choice).
 */
export class PostgresPatientLanguages implements PatientLanguages {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async languageOf(athenaPatientId: string): Promise<Locale | null> {
    const row = (await this.#knex('patient_languages').where({ athenaPatientId }).first('locale')) as { locale: string } | undefined;
    return row && isLocale(row.locale) ? row.locale : null;
  }

  async remember(athenaPatientId: string, locale: Locale, at: Date): Promise<void> {
    if (!isLocale(locale)) throw new Error('Unknown locale');
    await this.#knex('patient_languages')
      .insert({ athenaPatientId, locale, updatedAt: at })
      .onConflict('athenaPatientId')
      .merge(['locale', 'updatedAt'])
      .where('patient_languages.updatedAt', '<=', at);
  }
}
