import type { Locale } from '../domain/locale.ts';
import type { PatientLanguages } from '../ports/patient-languages.port.ts';

/** PatientLanguages in memory (issue 26): each patient's chosen language; a later choice replaces an earlier one. */
export class InMemoryPatientLanguages implements PatientLanguages {
  readonly #chosen = new Map<string, { readonly locale: Locale; readonly at: Date }>();
  /** Lookups made, in order (a test can see who was asked). */
  readonly asked: string[] = [];

  constructor(initial: Readonly<Record<string, Locale>> = {}) {
    for (const [patientId, locale] of Object.entries(initial)) this.#chosen.set(patientId, { locale, at: new Date(0) });
  }

  async languageOf(athenaPatientId: string): Promise<Locale | null> {
    this.asked.push(athenaPatientId);
    return this.#chosen.get(athenaPatientId)?.locale ?? null;
  }

  async remember(athenaPatientId: string, locale: Locale, at: Date): Promise<void> {
    this.#chosen.set(athenaPatientId, { locale, at });
  }
}
