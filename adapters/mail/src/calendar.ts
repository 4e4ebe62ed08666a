/**
 * iCalendar files with ical-generator: one VEVENT per appointment, METHOD from the change. The
 * SUMMARY and DESCRIPTION come written in the patient's language (core's appointment notice); the
 * PRODID names that language too.
 */
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { PRACTICE_NAME, type AppointmentCalendarEvent, type CalendarFiles } from '@portal/core';

export const icsOf = (event: AppointmentCalendarEvent): string => {
  const calendar = new ICalCalendar({
    prodId: { company: PRACTICE_NAME, product: 'Member Portal', language: event.locale === 'es-US' ? 'ES' : 'EN' },
    method: event.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    start: event.start,
    end: event.end,
    summary: event.summary,
    location: event.location,
    description: event.description,
    status: event.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: event.start,
  });
  return calendar.toString();
};

export const icalendarFiles: CalendarFiles = { ics: icsOf };
