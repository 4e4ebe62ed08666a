/** Issue 26: which language a notice sent without a request goes in. */
import { DEFAULT_LOCALE, type Locale } from '../domain/locale.ts';
import type { PatientLanguages } from '../ports/patient-languages.port.ts';

/**
 * The language to write to a patient in when there is no request to ask (reminders, waitlist
 * offers, staff changes): the one kept with the patient, else English. A lookup that fails is
 * answered with English: the notice in English beats none.
 */
export const patientLocale = async (languages: PatientLanguages | undefined, athenaPatientId: string | null | undefined): Promise<Locale> => {
  if (!languages || !athenaPatientId) return DEFAULT_LOCALE;
  try {
    return (await languages.languageOf(athenaPatientId)) ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
};
