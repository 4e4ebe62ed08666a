import type { AppointmentCalendarEvent } from '../domain/appointment-notice.ts';

/** Outgoing email (SMTP in production; the provider sandbox's SMTP catcher on this machine). */
export interface OutgoingEmail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Sent along as an iCalendar file (invite.ics) and a text/calendar part. */
  readonly calendar?: AppointmentCalendarEvent;
}

/** An appointment as an iCalendar file (the download on the confirmation screen). */
export interface CalendarFiles {
  ics(event: AppointmentCalendarEvent): string;
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects otherwise. */
  send(email: OutgoingEmail): Promise<void>;
}
