import type { Locale } from '../domain/locale.ts';

/**
 * The language each patient chose (issue 26): kept with the patient once known, so what is sent
 * later without a request (reminders, waitlist offers) goes in it. Written when a signed-in
 * patient or a verified guest acting for a patient chooses a language or books in one.
 */
export interface PatientLanguages {
  /** The patient's language, or null when none is known (English is then used). */
  languageOf(athenaPatientId: string): Promise<Locale | null>;
  /** Remembers the patient's language; a later choice replaces an earlier one. */
  remember(athenaPatientId: string, locale: Locale, at: Date): Promise<void>;
}
