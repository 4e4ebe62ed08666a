import { describe, expect, it } from '@jest/globals';
import type { AppointmentRecord } from '../ports/appointment.repository.port.ts';
import type { OutgoingEmail } from '../ports/mailer.port.ts';
import { InMemoryPatientLanguages } from '../testing/in-memory-patient-languages.ts';
import { dueReminder, reminderEmail, sendDueReminders, type ReminderDeps } from './appointment-reminders.use-case.ts';
import { patientLocale } from './patient-language.use-case.ts';

const HOUR = 3_600_000;
const NOW = new Date('2026-12-01T15:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('dueReminder', () => {
  it('is the 48-hour reminder from 48 hours out, the 2-hour one from 2 hours out, none once started', () => {
    expect(dueReminder({ startsAt: at(48.01), bookedAt: at(-100) }, NOW)).toBeNull();
    expect(dueReminder({ startsAt: at(48), bookedAt: at(-100) }, NOW)).toBe('48h');
    expect(dueReminder({ startsAt: at(2.5), bookedAt: at(-100) }, NOW)).toBe('48h');
    expect(dueReminder({ startsAt: at(2), bookedAt: at(-100) }, NOW)).toBe('2h');
    expect(dueReminder({ startsAt: at(0), bookedAt: at(-100) }, NOW)).toBeNull();
  });

  it('skips a reminder whose lead had already passed when the appointment was booked', () => {
    expect(dueReminder({ startsAt: at(30), bookedAt: at(-1) }, NOW)).toBeNull();
    expect(dueReminder({ startsAt: at(1), bookedAt: at(-1.5) }, NOW)).toBe('2h');
    expect(dueReminder({ startsAt: at(1), bookedAt: at(-0.5) }, NOW)).toBeNull();
  });
});

describe('reminders in the patient language (issue 26)', () => {
  const booking = (id: string, athenaPatientId: string): AppointmentRecord => ({
    id,
    athenaPatientId,
    athenaAppointmentId: `a${id}`,
    departmentId: '2',
    providerId: null,
    appointmentTypeId: '2',
    appointmentType: 'Telehealth',
    appointmentDate: '12/03/2026',
    appointmentTime: '09:00',
    startsAt: at(40),
    status: 'booked',
    bookedAt: at(-100),
    guestHash: null,
    calendarUid: id,
    calendarSequence: 0,
  });
  const run = async (languages?: InMemoryPatientLanguages) => {
    const sent: OutgoingEmail[] = [];
    const deps: ReminderDeps = {
      bookedStartingBetween: async () => [booking('1', 'p-es'), booking('2', 'p-none')],
      ledger: { claim: async () => true, markSent: async () => {}, release: async () => {} },
      patients: { getPatient: async (id: string) => ({ email: `${id}@example.com` }) as never },
      mailer: { send: async (email) => void sent.push(email) },
      clock: { now: () => NOW },
      ...(languages ? { languages } : {}),
    };
    await sendDueReminders(deps);
    return sent;
  };

  it('writes in the language kept with the patient, English where none is known', async () => {
    const languages = new InMemoryPatientLanguages({ 'p-es': 'es-US' });
    const [spanish, english] = await run(languages);
    expect(languages.asked).toEqual(['p-es', 'p-none']);
    expect(spanish).toEqual({
      to: 'p-es@example.com',
      subject: 'Recordatorio: su cita en MDRI Primary Care es en dos días',
      text:
        'Telehealth en MDRI Primary Care\njueves, 3 de diciembre, 2:00 a.m. EST\nBay Primary Care, 300 Post Road, Warwick, RI 02888\n\n' +
        'Por favor, llegue 15 minutos antes. Puede reprogramar o cancelar su cita en el portal para miembros hasta el miércoles, 2 de diciembre, 2:00 a.m. EST; después, por favor llame al consultorio.\n',
    });
    expect(english).toEqual(reminderEmail('p-none@example.com', booking('2', 'p-none'), '48h'));
    expect(english?.subject).toBe('Reminder: your appointment at MDRI Primary Care in two days');
  });

  it('without the port (or when it fails) every reminder goes in English, as before', async () => {
    const sent = await run();
    expect(sent.map((email) => email.subject)).toEqual(['Reminder: your appointment at MDRI Primary Care in two days', 'Reminder: your appointment at MDRI Primary Care in two days']);
    expect(sent[0]?.text).toBe(
      'Telehealth at MDRI Primary Care\nThursday, December 3 at 2:00 AM EST\nBay Primary Care, 300 Post Road, Warwick, RI 02888\n\nPlease arrive 15 minutes early. You can reschedule or cancel in the member portal until Wednesday, December 2 at 2:00 AM EST; after that, please call the office.\n',
    );
    const failing = { languageOf: async () => Promise.reject(new Error('down')), remember: async () => {} };
    expect(await patientLocale(failing, 'p-es')).toBe('en-US');
    expect(await patientLocale(undefined, 'p-es')).toBe('en-US');
  });

  it('the 2-hour reminder in Spanish', () => {
    const email = reminderEmail('a@example.com', { ...booking('3', 'p'), startsAt: at(1.5) }, '2h', 'es-US');
    expect(email.subject).toBe('Recordatorio: su cita en MDRI Primary Care es hoy');
    expect(email.text).toMatch(/\n\nPor favor, llegue 15 minutos antes\. Ya no es posible cancelar en línea; si no puede venir, por favor llame al consultorio\.\n$/);
  });
});
