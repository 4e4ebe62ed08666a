/**
 * What the server writes to a patient, in each of the portal's languages (issue 26): one typed
 * table per notice, `{ 'en-US': (facts) => text, 'es-US': (facts) => text }`, so a notice cannot
 * exist in one language only. The English is word for word what the specs and the tests quote;
 * the Spanish follows docs/spanish-glossary.md (plain, warm, 'usted'). Dates and times through
 * Intl in the practice's zone; a count's words through Intl.PluralRules, never by gluing word parts.
 * Pure: no Lingui here (the catalogs are the frontends'); the use cases pick the table's language.
 */
import { DEFAULT_LOCALE, type Locale } from './locale.ts';
import { PRACTICE_NAME, PRACTICE_TIME_ZONE } from './practice.ts';

/** A notice's text in one language: its id (dotted, by notice) names it in tests and logs. */
export type ByLocale<Facts, Text> = Readonly<Record<Locale, (facts: Facts) => Text>>;

export interface EmailText {
  readonly subject: string;
  readonly text: string;
}

/** The locale to write in: the one given when it is one of ours, else English. */
export const noticeLocale = (locale: Locale | null | undefined): Locale => locale ?? DEFAULT_LOCALE;

// ---- dates, times and counts --------------------------------------------------------------------

// Made once per form: building an Intl.DateTimeFormat costs far more than formatting with it (it was
// 4.5 % of the API's CPU under booking load, issue 15).
const zoned = (locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(locale, { timeZone: PRACTICE_TIME_ZONE, ...options });

const WITH_YEAR: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const WITHOUT_YEAR: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

const WHEN: Readonly<Record<Locale, Intl.DateTimeFormat>> = { 'en-US': zoned('en-US', WITH_YEAR), 'es-US': zoned('es-US', WITH_YEAR) };
const WHEN_SHORT: Readonly<Record<Locale, Intl.DateTimeFormat>> = { 'en-US': zoned('en-US', WITHOUT_YEAR), 'es-US': zoned('es-US', WITHOUT_YEAR) };

/**
 * A start as the practice says it: 'Monday, December 7, 2026 at 9:00 AM EST';
 * 'lunes, 7 de diciembre de 2026, 9:00 a.m. EST'.
 */
export const appointmentWhen = (start: Date, locale: Locale = DEFAULT_LOCALE): string => WHEN[locale].format(start);

/** The same without the year (reminders): 'Monday, December 7 at 9:00 AM EST'; 'lunes, 7 de diciembre, 9:00 a.m. EST'. */
export const appointmentWhenShort = (start: Date, locale: Locale = DEFAULT_LOCALE): string => WHEN_SHORT[locale].format(start);

const PLURALS: Readonly<Record<Locale, Intl.PluralRules>> = { 'en-US': new Intl.PluralRules('en-US'), 'es-US': new Intl.PluralRules('es-US') };

/** A count with its noun, chosen by the language's plural rules: `counted(15, 'es-US', { one: 'minuto', other: 'minutos' })`. */
export const counted = (count: number, locale: Locale, forms: { readonly one: string; readonly other: string }): string =>
  `${count} ${PLURALS[locale].select(count) === 'one' ? forms.one : forms.other}`;

const MINUTES: Readonly<Record<Locale, { readonly one: string; readonly other: string }>> = {
  'en-US': { one: 'minute', other: 'minutes' },
  'es-US': { one: 'minuto', other: 'minutos' },
};

// ---- appointment confirmation, update and cancellation (with the calendar file) -----------------

export interface CalendarTextFacts {
  readonly appointmentType: string | null;
  readonly arriveEarlyMinutes: number;
  /** Until when the patient may change it online. */
  readonly cutoff: Date;
}

/** The calendar event's SUMMARY and DESCRIPTION: 'calendar.summary', 'calendar.description', 'calendar.cancelled'. */
export const CALENDAR_TEXTS: ByLocale<CalendarTextFacts, { readonly summary: string; readonly description: string; readonly cancelled: string }> = {
  'en-US': (facts) => ({
    summary: `${facts.appointmentType ?? 'Appointment'} at ${PRACTICE_NAME}`,
    description: `Please arrive ${facts.arriveEarlyMinutes} minutes early. To reschedule or cancel, use Manage Appointments in the member portal until ${appointmentWhen(facts.cutoff, 'en-US')}; after that, please call the office.`,
    cancelled: 'This appointment has been cancelled.',
  }),
  'es-US': (facts) => ({
    summary: `${facts.appointmentType ?? 'Cita'} en ${PRACTICE_NAME}`,
    description:
      `Por favor, llegue ${counted(facts.arriveEarlyMinutes, 'es-US', MINUTES['es-US'])} antes. Para reprogramar o cancelar su cita, use Administrar citas en el portal para miembros ` +
      `hasta el ${appointmentWhen(facts.cutoff, 'es-US')}; después, por favor llame al consultorio.`,
    cancelled: 'Esta cita fue cancelada.',
  }),
};

export type AppointmentEmailKind = 'booked' | 'rescheduled' | 'cancelled';

export interface AppointmentEmailFacts {
  readonly kind: AppointmentEmailKind;
  readonly summary: string;
  readonly start: Date;
  readonly location: string;
  readonly description: string;
}

/** 'appointment.booked', 'appointment.rescheduled', 'appointment.cancelled'. */
export const APPOINTMENT_EMAILS: ByLocale<AppointmentEmailFacts, { readonly subject: string; readonly lines: readonly string[] }> = {
  'en-US': (facts) => ({
    subject: { booked: 'Your appointment is booked', rescheduled: 'Your appointment has been moved', cancelled: 'Your appointment has been cancelled' }[facts.kind],
    lines:
      facts.kind === 'cancelled'
        ? [`Your ${facts.summary} on ${appointmentWhen(facts.start, 'en-US')} has been cancelled.`]
        : [facts.summary, appointmentWhen(facts.start, 'en-US'), facts.location, '', facts.description],
  }),
  'es-US': (facts) => ({
    subject: { booked: 'Su cita está reservada', rescheduled: 'Su cita cambió de fecha', cancelled: 'Su cita fue cancelada' }[facts.kind],
    lines:
      facts.kind === 'cancelled'
        ? [`Su cita fue cancelada: ${facts.summary}, ${appointmentWhen(facts.start, 'es-US')}.`]
        : [facts.summary, appointmentWhen(facts.start, 'es-US'), facts.location, '', facts.description],
  }),
};

// ---- reminders (48 hours and 2 hours before) ------------------------------------------------------

export interface ReminderFacts {
  readonly kind: '48h' | '2h';
  readonly summary: string;
  readonly start: Date;
  readonly location: string;
  readonly cutoff: Date;
  readonly arriveEarlyMinutes: number;
}

/** 'reminder.48h', 'reminder.2h'. */
export const REMINDER_EMAILS: ByLocale<ReminderFacts, EmailText> = {
  'en-US': (facts) => {
    const change =
      facts.kind === '48h'
        ? `You can reschedule or cancel in the member portal until ${appointmentWhenShort(facts.cutoff, 'en-US')}; after that, please call the office.`
        : 'It is too late to cancel online; if you cannot come, please call the office.';
    return {
      subject: facts.kind === '48h' ? `Reminder: your appointment at ${PRACTICE_NAME} in two days` : `Reminder: your appointment at ${PRACTICE_NAME} today`,
      text: `${facts.summary}\n${appointmentWhenShort(facts.start, 'en-US')}\n${facts.location}\n\nPlease arrive ${facts.arriveEarlyMinutes} minutes early. ${change}\n`,
    };
  },
  'es-US': (facts) => {
    const change =
      facts.kind === '48h'
        ? `Puede reprogramar o cancelar su cita en el portal para miembros hasta el ${appointmentWhenShort(facts.cutoff, 'es-US')}; después, por favor llame al consultorio.`
        : 'Ya no es posible cancelar en línea; si no puede venir, por favor llame al consultorio.';
    return {
      subject: facts.kind === '48h' ? `Recordatorio: su cita en ${PRACTICE_NAME} es en dos días` : `Recordatorio: su cita en ${PRACTICE_NAME} es hoy`,
      text: `${facts.summary}\n${appointmentWhenShort(facts.start, 'es-US')}\n${facts.location}\n\nPor favor, llegue ${counted(facts.arriveEarlyMinutes, 'es-US', MINUTES['es-US'])} antes. ${change}\n`,
    };
  },
};

// ---- the membership payment that did not go through ---------------------------------------------

/** 'payment.pastDue': a link to the billing portal, nothing about health. */
export const PAST_DUE_EMAILS: ByLocale<{ readonly portalUrl: string }, EmailText> = {
  'en-US': ({ portalUrl }) => ({
    subject: 'Your membership payment did not go through',
    text:
      'We could not charge the card on file for your membership renewal.\n\n' +
      `Please update your card in the billing portal: ${portalUrl}\n\n` +
      'If you have questions, call the practice during business hours.',
  }),
  'es-US': ({ portalUrl }) => ({
    subject: 'No se pudo completar el pago de su membresía',
    text:
      'No pudimos cobrar la renovación de su membresía a la tarjeta que tenemos registrada.\n\n' +
      `Por favor, actualice su tarjeta en el portal de facturación: ${portalUrl}\n\n` +
      'Si tiene preguntas, llame al consultorio en horario de atención.',
  }),
};

// ---- the verification code (guests; the staff's sign-in code stays English) ---------------------

/** 'verification.code'. */
export const VERIFICATION_CODE_EMAILS: ByLocale<{ readonly code: string; readonly validMinutes: number }, EmailText> = {
  'en-US': ({ code, validMinutes }) => ({
    subject: `Your Member Portal verification code: ${code}`,
    text: `Your Member Portal verification code is ${code}.\n\nIt expires in ${counted(validMinutes, 'en-US', MINUTES['en-US'])}. If you did not ask for it, you can ignore this email.\n`,
  }),
  'es-US': ({ code, validMinutes }) => ({
    subject: `Su código de verificación del portal para miembros: ${code}`,
    text: `Su código de verificación del portal para miembros es ${code}.\n\nVence en ${counted(validMinutes, 'es-US', MINUTES['es-US'])}. Si usted no lo pidió, puede ignorar este correo electrónico.\n`,
  }),
};

// ---- the earlier-slot waitlist offer ------------------------------------------------------------

export interface WaitlistOfferFacts {
  readonly offeredStart: Date;
  readonly currentStart: Date;
  readonly url: string;
}

/** 'waitlist.offer'. */
export const WAITLIST_OFFER_EMAILS: ByLocale<WaitlistOfferFacts, EmailText> = {
  'en-US': (facts) => ({
    subject: `An earlier appointment time is available at ${PRACTICE_NAME}`,
    text: [
      'You asked to hear of an earlier appointment time.',
      '',
      `Available: ${appointmentWhen(facts.offeredStart, 'en-US')}`,
      `Your appointment now: ${appointmentWhen(facts.currentStart, 'en-US')}`,
      '',
      `To move your appointment to the earlier time in one step, open this link: ${facts.url}`,
      '',
      'Other members on the waitlist may take this time first; the link works once and lapses when the time has passed. If you do nothing, your appointment stays as it is.',
    ].join('\n'),
  }),
  'es-US': (facts) => ({
    subject: `Hay una cita más temprana disponible en ${PRACTICE_NAME}`,
    text: [
      'Usted pidió que le avisáramos si hubiera una cita más temprana.',
      '',
      `Disponible: ${appointmentWhen(facts.offeredStart, 'es-US')}`,
      `Su cita actual: ${appointmentWhen(facts.currentStart, 'es-US')}`,
      '',
      `Para cambiar su cita a la hora más temprana en un solo paso, abra este enlace: ${facts.url}`,
      '',
      'Otros miembros de la lista de espera podrían tomar esta hora primero; el enlace funciona una sola vez y vence cuando la hora ya haya pasado. Si no hace nada, su cita se queda como está.',
    ].join('\n'),
  }),
};
