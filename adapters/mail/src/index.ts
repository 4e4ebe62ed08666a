/** Mailer over SMTP with nodemailer (SMTP_URL); the provider sandbox catches mail on this machine. */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingEmail } from '@portal/core';
import { icsOf } from './calendar.ts';

export { icsOf, icalendarFiles } from './calendar.ts';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port or smtps://… */
  readonly url: string;
  readonly from: string;
}

export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;
  readonly #from: string;

  constructor(options: SmtpMailerOptions) {
    this.#transport = nodemailer.createTransport(options.url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
    this.#from = options.from;
  }

  async send(email: OutgoingEmail): Promise<void> {
    const calendar = email.calendar ? icsOf(email.calendar) : null;
    await this.#transport.sendMail({
      from: this.#from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(calendar === null
        ? {}
        : {
            icalEvent: { method: email.calendar!.method, content: calendar },
            attachments: [{ filename: 'appointment.ics', content: calendar, contentType: `text/calendar; charset=utf-8; method=${email.calendar!.method}` }],
          }),
    });
  }

  close(): void {
    this.#transport.close();
  }
}
