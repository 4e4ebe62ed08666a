/**
 * The server's notices in Spanish (issue 26): subject and body of each, the dates and times as
 * Intl writes them in es-US in the practice's zone, and the English word for word as before.
 */
import { describe, expect, it } from '@jest/globals';
import { LOCALES } from './locale.ts';
import { appointmentCalendarEvent, appointmentEmailFor, localizedCalendarEvent } from './appointment-notice.ts';
import {
  APPOINTMENT_EMAILS,
  CALENDAR_TEXTS,
  PAST_DUE_EMAILS,
  REMINDER_EMAILS,
  VERIFICATION_CODE_EMAILS,
  WAITLIST_OFFER_EMAILS,
  appointmentWhen,
  appointmentWhenShort,
  counted,
} from './notice-texts.ts';

// Monday, November 30, 2026, 8:00 AM in New York.
const START = new Date('2026-11-30T13:00:00Z');
const visit = { uidSeed: '9001', appointmentType: 'Office Visit', departmentId: '1', start: START, durationMinutes: 30 };
const WHERE = 'Valley Family Practice, 1150 Smithfield Avenue, Lincoln, RI 02865';

describe('dates and times', () => {
  it('in Spanish through Intl es-US in New York: weekday, day, month, year, a.m./p.m.', () => {
    expect(appointmentWhen(START, 'es-US')).toBe('lunes, 30 de noviembre de 2026, 8:00 a.m. EST');
    expect(appointmentWhen(new Date('2026-07-01T17:30:00Z'), 'es-US')).toBe('miércoles, 1 de julio de 2026, 1:30 p.m. EDT');
    expect(appointmentWhenShort(START, 'es-US')).toBe('lunes, 30 de noviembre, 8:00 a.m. EST');
  });

  it('in English as the emails have always said it', () => {
    expect(appointmentWhen(START)).toBe('Monday, November 30, 2026 at 8:00 AM EST');
    expect(appointmentWhen(START, 'en-US')).toBe('Monday, November 30, 2026 at 8:00 AM EST');
    expect(appointmentWhenShort(START)).toBe('Monday, November 30 at 8:00 AM EST');
  });

  it('counts by the language plural rules, never by gluing an s on', () => {
    expect(counted(1, 'es-US', { one: 'minuto', other: 'minutos' })).toBe('1 minuto');
    expect(counted(15, 'es-US', { one: 'minuto', other: 'minutos' })).toBe('15 minutos');
    expect(counted(0, 'en-US', { one: 'minute', other: 'minutes' })).toBe('0 minutes');
  });
});

describe('booking confirmation, update and cancellation', () => {
  it('books in Spanish: subject, body and the calendar file text', () => {
    const email = appointmentEmailFor('ana@example.com', appointmentCalendarEvent(visit, { sequence: 0, method: 'REQUEST' }), 'booked', 'es-US');
    expect(email.subject).toBe('Su cita está reservada');
    expect(email.text).toBe(
      'Office Visit en MDRI Primary Care\n' +
        'lunes, 30 de noviembre de 2026, 8:00 a.m. EST\n' +
        `${WHERE}\n\n` +
        'Por favor, llegue 15 minutos antes. Para reprogramar o cancelar su cita, use Administrar citas en el portal para miembros hasta el domingo, 29 de noviembre de 2026, 8:00 a.m. EST; después, por favor llame al consultorio.\n',
    );
    expect(email.calendar).toMatchObject({ locale: 'es-US', summary: 'Office Visit en MDRI Primary Care', uid: 'appointment-9001@member-portal', location: WHERE });
    expect(email.calendar.description).toMatch(/^Por favor, llegue 15 minutos antes\./);
  });

  it('moves and cancels in Spanish; a cancelled event says so in Spanish', () => {
    expect(appointmentEmailFor('a@example.com', appointmentCalendarEvent(visit, { sequence: 1, method: 'REQUEST' }), 'rescheduled', 'es-US').subject).toBe('Su cita cambió de fecha');
    const cancelled = appointmentEmailFor('a@example.com', appointmentCalendarEvent(visit, { sequence: 2, method: 'CANCEL' }), 'cancelled', 'es-US');
    expect(cancelled.subject).toBe('Su cita fue cancelada');
    expect(cancelled.text).toBe('Su cita fue cancelada: Office Visit en MDRI Primary Care, lunes, 30 de noviembre de 2026, 8:00 a.m. EST.\n');
    expect(cancelled.calendar.description).toBe('Esta cita fue cancelada.');
  });

  it('an appointment without a type is a "Cita"', () => {
    expect(appointmentCalendarEvent({ ...visit, appointmentType: null }, { sequence: 0, method: 'REQUEST' }, 'es-US').summary).toBe('Cita en MDRI Primary Care');
  });

  it('an event the use cases made in English is written again in the patient language; English stays the same object', () => {
    const english = appointmentCalendarEvent(visit, { sequence: 0, method: 'REQUEST' });
    expect(localizedCalendarEvent(english, 'en-US')).toBe(english);
    const spanish = localizedCalendarEvent(english, 'es-US');
    expect(spanish).toEqual({ ...english, locale: 'es-US', summary: 'Office Visit en MDRI Primary Care', description: expect.stringMatching(/^Por favor/) });
    // An event without its type (made by hand) cannot be written again: it is sent as it is.
    const { appointmentType: _type, ...bare } = english;
    expect(localizedCalendarEvent(bare, 'es-US')).toBe(bare);
  });

  it('in English, word for word as before (the default with no locale)', () => {
    const event = appointmentCalendarEvent(visit, { sequence: 0, method: 'REQUEST' });
    expect(event.summary).toBe('Office Visit at MDRI Primary Care');
    expect(event.description).toBe(
      'Please arrive 15 minutes early. To reschedule or cancel, use Manage Appointments in the member portal until Sunday, November 29, 2026 at 8:00 AM EST; after that, please call the office.',
    );
    const booked = appointmentEmailFor('a@example.com', event, 'booked');
    expect(booked.subject).toBe('Your appointment is booked');
    expect(booked.text).toBe(`Office Visit at MDRI Primary Care\nMonday, November 30, 2026 at 8:00 AM EST\n${WHERE}\n\n${event.description}\n`);
    expect(appointmentEmailFor('a@example.com', event, 'rescheduled').subject).toBe('Your appointment has been moved');
    const cancelled = appointmentEmailFor('a@example.com', appointmentCalendarEvent(visit, { sequence: 1, method: 'CANCEL' }), 'cancelled', 'en-US');
    expect(cancelled.subject).toBe('Your appointment has been cancelled');
    expect(cancelled.text).toBe('Your Office Visit at MDRI Primary Care on Monday, November 30, 2026 at 8:00 AM EST has been cancelled.\n');
    expect(cancelled.calendar.description).toBe('This appointment has been cancelled.');
  });
});

describe('the other notices', () => {
  const cutoff = new Date(START.getTime() - 24 * 3_600_000);
  const reminder = { summary: 'Office Visit en MDRI Primary Care', start: START, location: WHERE, cutoff, arriveEarlyMinutes: 15 };

  it('reminders in Spanish, 48 hours and 2 hours before', () => {
    expect(REMINDER_EMAILS['es-US']({ ...reminder, kind: '48h' })).toEqual({
      subject: 'Recordatorio: su cita en MDRI Primary Care es en dos días',
      text:
        `Office Visit en MDRI Primary Care\nlunes, 30 de noviembre, 8:00 a.m. EST\n${WHERE}\n\n` +
        'Por favor, llegue 15 minutos antes. Puede reprogramar o cancelar su cita en el portal para miembros hasta el domingo, 29 de noviembre, 8:00 a.m. EST; después, por favor llame al consultorio.\n',
    });
    expect(REMINDER_EMAILS['es-US']({ ...reminder, kind: '2h' })).toEqual({
      subject: 'Recordatorio: su cita en MDRI Primary Care es hoy',
      text: `Office Visit en MDRI Primary Care\nlunes, 30 de noviembre, 8:00 a.m. EST\n${WHERE}\n\nPor favor, llegue 15 minutos antes. Ya no es posible cancelar en línea; si no puede venir, por favor llame al consultorio.\n`,
    });
  });

  it('the payment that did not go through, in Spanish and in English as before', () => {
    expect(PAST_DUE_EMAILS['es-US']({ portalUrl: 'https://billing.example/s' })).toEqual({
      subject: 'No se pudo completar el pago de su membresía',
      text: 'No pudimos cobrar la renovación de su membresía a la tarjeta que tenemos registrada.\n\nPor favor, actualice su tarjeta en el portal de facturación: https://billing.example/s\n\nSi tiene preguntas, llame al consultorio en horario de atención.',
    });
    expect(PAST_DUE_EMAILS['en-US']({ portalUrl: 'https://billing.example/s' })).toEqual({
      subject: 'Your membership payment did not go through',
      text: 'We could not charge the card on file for your membership renewal.\n\nPlease update your card in the billing portal: https://billing.example/s\n\nIf you have questions, call the practice during business hours.',
    });
  });

  it('the verification code, in Spanish and in English as before', () => {
    expect(VERIFICATION_CODE_EMAILS['es-US']({ code: '482913', validMinutes: 15 })).toEqual({
      subject: 'Su código de verificación del portal para miembros: 482913',
      text: 'Su código de verificación del portal para miembros es 482913.\n\nVence en 15 minutos. Si usted no lo pidió, puede ignorar este correo electrónico.\n',
    });
    expect(VERIFICATION_CODE_EMAILS['en-US']({ code: '482913', validMinutes: 15 })).toEqual({
      subject: 'Your Member Portal verification code: 482913',
      text: 'Your Member Portal verification code is 482913.\n\nIt expires in 15 minutes. If you did not ask for it, you can ignore this email.\n',
    });
  });

  it('the earlier-slot offer in Spanish', () => {
    const email = WAITLIST_OFFER_EMAILS['es-US']({ offeredStart: START, currentStart: new Date('2026-12-07T15:30:00Z'), url: 'https://portal.example/appointments/earlier-slot#token=t' });
    expect(email.subject).toBe('Hay una cita más temprana disponible en MDRI Primary Care');
    expect(email.text.split('\n')).toEqual([
      'Usted pidió que le avisáramos si hubiera una cita más temprana.',
      '',
      'Disponible: lunes, 30 de noviembre de 2026, 8:00 a.m. EST',
      'Su cita actual: lunes, 7 de diciembre de 2026, 10:30 a.m. EST',
      '',
      'Para cambiar su cita a la hora más temprana en un solo paso, abra este enlace: https://portal.example/appointments/earlier-slot#token=t',
      '',
      'Otros miembros de la lista de espera podrían tomar esta hora primero; el enlace funciona una sola vez y vence cuando la hora ya haya pasado. Si no hace nada, su cita se queda como está.',
    ]);
  });

  it('every notice has both languages, and the Spanish says "usted", never "tú"', () => {
    const texts = LOCALES.map((locale) =>
      JSON.stringify([
        CALENDAR_TEXTS[locale]({ appointmentType: null, arriveEarlyMinutes: 15, cutoff }),
        APPOINTMENT_EMAILS[locale]({ kind: 'booked', summary: 's', start: START, location: WHERE, description: 'd' }),
        REMINDER_EMAILS[locale]({ ...reminder, kind: '48h' }),
        PAST_DUE_EMAILS[locale]({ portalUrl: 'u' }),
        VERIFICATION_CODE_EMAILS[locale]({ code: '1', validMinutes: 15 }),
        WAITLIST_OFFER_EMAILS[locale]({ offeredStart: START, currentStart: START, url: 'u' }),
      ]),
    );
    expect(texts[0]).not.toEqual(texts[1]);
    expect(texts[1]).not.toMatch(/\b(tú|tu|te|tienes|puedes|llega)\b/i);
  });
});
