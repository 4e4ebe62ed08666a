/**
 * A Spanish appointment email over SMTP (issue 26): the text and the calendar file arrive in
 * Spanish, accents intact (UTF-8), against a real SMTP server on the loopback.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import { appointmentCalendarEvent, appointmentEmailFor } from '@portal/core';
import { SmtpMailer, closeMailer } from './index.ts';

let server: SMTPServer;
let url: string;
const received: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('latin1'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The decoded bodies of a message's MIME parts whose headers match `header`. */
const partsWith = (raw: string, header: RegExp): string[] =>
  raw
    .split(/\r\n--[^\r\n]+\r\n/)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      return { headers: part.slice(0, split).replace(/\r\n[ \t]+/g, ' '), body: part.slice(split + 4).replace(/\r\n--[^\r\n]+--\r\n[\s\S]*$/, '') };
    })
    .filter((part) => header.test(part.headers))
    .map(({ headers, body }) => {
      if (/content-transfer-encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding: quoted-printable/i.test(headers)) {
        const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return Buffer.from(body, 'latin1').toString('utf8');
    });

it('sends the Spanish booking email with its calendar file in Spanish', async () => {
  const mailer = new SmtpMailer({ url, from: 'portal@example.com' });
  try {
    const event = appointmentCalendarEvent({ uidSeed: '9001', appointmentType: 'Office Visit', departmentId: '1', start: new Date('2026-11-30T13:00:00Z'), durationMinutes: 30 }, { sequence: 0, method: 'REQUEST' });
    await mailer.send(appointmentEmailFor('ana@example.com', event, 'booked', 'es-US'));
  } finally {
    closeMailer(mailer);
  }
  const raw = received.at(-1) ?? '';
  // The subject, MIME-encoded UTF-8.
  expect(raw).toMatch(/^Subject: =\?UTF-8\?/im);
  const [text] = partsWith(raw, /content-type: text\/plain/i);
  expect(text).toContain('Office Visit en MDRI Primary Care\r\nlunes, 30 de noviembre de 2026, 8:00 a.m. EST');
  const calendars = partsWith(raw, /content-type: text\/calendar/i).map((ics) => ics.replace(/\r\n[ \t]/g, ''));
  expect(calendars.length).toBeGreaterThanOrEqual(1);
  for (const ics of calendars) {
    expect(ics).toContain('SUMMARY:Office Visit en MDRI Primary Care');
    expect(ics).toMatch(/DESCRIPTION:Por favor\\, llegue 15 minutos antes\. Para reprogramar o cancelar su cita\\, use Administrar citas en el portal para miembros hasta el domingo\\, 29 de noviembre de 2026\\, 8:00 a\.m\. EST\\; después\\, por favor llame al consultorio\./);
  }
});
