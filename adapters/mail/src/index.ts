/** Mailer over SMTP with nodemailer (SMTP_URL); the provider sandbox catches mail on this machine. */
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Mailer, OutgoingEmail } from '@portal/core';
import { icsOf } from './calendar.ts';

export { icsOf, icalendarFiles } from './calendar.ts';

/** SMTP connections kept open at most (issue 15: a new connection per email was ~5 % of a booking's CPU). */
export const SMTP_MAX_CONNECTIONS = 5;

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port or smtps://… */
  readonly url: string;
  readonly from: string;
  /** Connections the pool opens at most (SMTP_MAX_CONNECTIONS). */
  readonly maxConnections?: number;
}

/**
 * Mail goes through a pool of SMTP connections (nodemailer's `pool`): an email waits for a free
 * connection instead of opening its own, and a connection carries up to 100 messages before it is
 * replaced. A connection the server closes or that fails is dropped from the pool (the message
 * it was sending is failed, or sent again on another connection when the close came first), and
 * the next email opens a fresh one; an idle connection is closed after socketTimeout (15 s).
 * `close()` (the API's and the worker's shutdown) closes the idle connections at once and the
 * busy ones when their message is done.
 */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;
  readonly #from: string;

  constructor(options: SmtpMailerOptions) {
    // One options object: with a URL as its first argument, createTransport reads the second as
    // message defaults, not transport settings (the timeouts were ignored that way until issue 15).
    // maxRequeues is nodemailer 8's (lib/smtp-pool), not yet in @types/nodemailer.
    const settings: SMTPPool.Options & { readonly maxRequeues: number } = {
      pool: true,
      maxConnections: options.maxConnections ?? SMTP_MAX_CONNECTIONS,
      // A message whose connection closed under it is tried once more on another; then it fails.
      maxRequeues: 1,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
      // The URL's own settings (host, port, secure, auth, ?query options) as nodemailer reads them.
      ...parseConnectionUrl(options.url),
    };
    this.#transport = nodemailer.createTransport(settings);
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

  /** An own property, so it also works through a wrapper (the composition's observedCalls proxy). */
  readonly close = (): void => {
    this.#transport.close();
  };
}

/** Closes the mailer's connections if it has any to close (the Mailer port itself has no close). */
export const closeMailer = (mailer: Mailer): void => {
  const closable = mailer as Mailer & { close?: unknown };
  if (typeof closable.close === 'function') (closable.close as () => void)();
};
