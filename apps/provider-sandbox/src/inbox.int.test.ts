/** The SMTP catcher (real SMTP, sent with nodemailer), the inbox API and page, reset. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import nodemailer from 'nodemailer';
import { SandboxPortInUseError, startSandbox } from './index.ts';
import { SEND_CODE, firebaseCall, inboxMessages, startTestSandbox, type TestSandbox } from './testing.ts';

let sandbox: TestSandbox;
let transport: nodemailer.Transporter;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  transport = nodemailer.createTransport(sandbox.smtpUrl);
});

afterAll(async () => {
  transport.close();
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/inbox/api/messages`, { method: 'DELETE' });
});

const FROM = '"Member Portal" <no-reply@portal.example>';

describe('SMTP catcher', () => {
  it('listens on smtp://127.0.0.1 and stores a plain message per recipient, addresses lowercased', async () => {
    expect(sandbox.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const info = await transport.sendMail({
      from: FROM,
      to: 'Margaret.Sullivan@Example.com',
      cc: 'carol.bennett@example.com',
      bcc: 'audit@example.com',
      subject: 'Your sign-in code',
      text: 'Hello Margaret,\n\nYour code is 482913. It expires in 10 minutes.',
    });
    expect(info.accepted).toHaveLength(3);
    const messages = await inboxMessages(sandbox.url);
    expect(messages.map((message) => message.to).sort()).toEqual(['audit@example.com', 'carol.bennett@example.com', 'margaret.sullivan@example.com']);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      channel: 'email',
      from: 'Member Portal <no-reply@portal.example>',
      to: expect.any(String),
      subject: 'Your sign-in code',
      text: 'Hello Margaret,\n\nYour code is 482913. It expires in 10 minutes.',
      code: '482913',
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('decodes quoted-printable bodies and RFC 2047 subjects', async () => {
    const text = `Grüße aus Lincoln — dein Code ist 135790. ${'Ein sehr langer Satz ohne Zeilenumbruch, '.repeat(4)}Ende.`;
    await transport.sendMail({ from: FROM, to: 'qp@example.com', subject: 'Bestätigung ✓ für Jördis', text, textEncoding: 'quoted-printable' });
    const [message] = await inboxMessages(sandbox.url, 'qp@example.com');
    expect(message?.subject).toBe('Bestätigung ✓ für Jördis');
    expect(message?.text).toBe(text);
    expect(message?.code).toBe('135790');
  });

  it('decodes base64 bodies', async () => {
    await transport.sendMail({ from: FROM, to: 'b64@example.com', subject: 'Base64', text: 'Código: 246801 ✔', textEncoding: 'base64' });
    const [message] = await inboxMessages(sandbox.url, 'b64@example.com');
    expect(message?.text).toBe('Código: 246801 ✔');
    expect(message?.code).toBe('246801');
  });

  it('takes the text/plain part of multipart/alternative', async () => {
    await transport.sendMail({
      from: FROM,
      to: 'multi@example.com',
      subject: 'Welcome',
      text: 'Plain part: 112233',
      html: '<p>HTML part: <b>999999</b></p>',
      attachments: [{ filename: 'terms.txt', content: 'attachment 777777' }],
    });
    const [message] = await inboxMessages(sandbox.url, 'multi@example.com');
    expect(message?.text).toBe('Plain part: 112233');
    expect(message?.code).toBe('112233');
  });

  it('stores a raw message as sent, and null when there is no 6-digit code', async () => {
    const raw = [
      'From: Practice <front-desk@example.com>',
      'To: raw@example.com',
      'Subject: =?ISO-8859-1?Q?Rendez-vous_confirm=E9?=',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=ISO-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Votre rendez-vous est confirm=E9 pour le 12/03 =E0 10:30.',
      '',
    ].join('\r\n');
    await transport.sendMail({ envelope: { from: 'front-desk@example.com', to: ['RAW@example.com'] }, raw });
    const [message] = await inboxMessages(sandbox.url, 'raw@example.com');
    expect(message).toMatchObject({ subject: 'Rendez-vous confirmé', text: 'Votre rendez-vous est confirmé pour le 12/03 à 10:30.', code: null });
  });

  it('a taken SMTP port fails the start with SandboxPortInUseError', async () => {
    const taken = Number(new URL(sandbox.smtpUrl).port);
    await expect(startSandbox({ databaseUrl: sandbox.db.url, port: 0, smtpPort: taken, schema: 'sandbox_port_clash' })).rejects.toBeInstanceOf(SandboxPortInUseError);
  });

  it('refuses a message over 1 MB with 552 and stores nothing', async () => {
    const error = await transport
      .sendMail({ from: FROM, to: 'big@example.com', subject: 'Big', text: 'x'.repeat(1_100_000) })
      .then(() => null, (failure: { responseCode?: number }) => failure);
    expect(error?.responseCode).toBe(552);
    expect(await inboxMessages(sandbox.url, 'big@example.com')).toEqual([]);
  });
});

describe('inbox API', () => {
  it('lists newest first, filters by address (any case) or phone (E.164 digits), and clears', async () => {
    await transport.sendMail({ from: FROM, to: 'first@example.com', subject: 'First 100001', text: 'one' });
    await transport.sendMail({ from: FROM, to: 'first@example.com', subject: 'Second 100002', text: 'two' });
    const sent = await firebaseCall(sandbox.url, SEND_CODE, { phoneNumber: '+14015550111' });
    expect(sent.status).toBe(200);

    const all = await inboxMessages(sandbox.url);
    expect(all.map((message) => message.subject)).toEqual(['SMS', 'Second 100002', 'First 100001']);
    expect((await inboxMessages(sandbox.url, 'FIRST@Example.COM')).map((message) => message.code)).toEqual(['100002', '100001']);
    for (const phone of ['+14015550111', '4015550111', '+1 (401) 555-0111', '1-401-555-0111']) {
      const [sms, ...rest] = await inboxMessages(sandbox.url, phone);
      expect(rest).toEqual([]);
      expect(sms).toMatchObject({ channel: 'sms', to: '+14015550111', subject: 'SMS', code: expect.stringMatching(/^\d{6}$/) });
      expect(sms?.text).toBe(`Your Member Portal verification code is ${sms?.code}.`);
    }
    expect(await inboxMessages(sandbox.url, 'nobody@example.com')).toEqual([]);
    expect(await inboxMessages(sandbox.url, '+14015550112')).toEqual([]);

    const cleared = await fetch(`${sandbox.url}/inbox/api/messages`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ deleted: 3 });
    expect(await inboxMessages(sandbox.url)).toEqual([]);
  });

  it('is subject to fault knobs like every provider route', async () => {
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'GET ^/inbox/api/messages$', errorRate: 1 }),
    });
    expect((await fetch(`${sandbox.url}/inbox/api/messages`)).status).toBe(503);
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    expect((await fetch(`${sandbox.url}/inbox/api/messages`)).status).toBe(200);
  });

  it('POST /_sandbox/reset empties the inbox', async () => {
    await transport.sendMail({ from: FROM, to: 'reset@example.com', subject: 'Before reset 121212', text: '.' });
    expect(await inboxMessages(sandbox.url)).toHaveLength(1);
    expect((await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' })).status).toBe(200);
    expect(await inboxMessages(sandbox.url)).toEqual([]);
  });
});

describe('inbox page', () => {
  it('shows the messages newest first, escaped, with their codes, and refreshes itself', async () => {
    await transport.sendMail({ from: FROM, to: 'page@example.com', subject: 'Code <b>343434</b>', text: 'Use 343434 & "enjoy" <script>alert(1)</script>' });
    await transport.sendMail({ from: FROM, to: 'other@example.com', subject: 'Newer', text: 'no code' });
    const response = await fetch(`${sandbox.url}/inbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="5"></noscript>');
    expect(html).toContain('setInterval(refresh, 5000)');
    expect(html).toContain('<label for="to">');
    expect(html).toContain('Code &#60;b&#62;343434&#60;/b&#62;');
    expect(html).toContain('Use 343434 &#38; &#34;enjoy&#34; &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<span class="code-value" aria-labelledby="code-');
    expect(html.indexOf('Newer')).toBeLessThan(html.indexOf('Code &#60;b&#62;'));
    expect(html).toContain('2 messages');
  });

  it('filters by the address typed in the box', async () => {
    await transport.sendMail({ from: FROM, to: 'page@example.com', subject: 'Mine 565656', text: '.' });
    await transport.sendMail({ from: FROM, to: 'other@example.com', subject: 'Not mine', text: '.' });
    const html = await (await fetch(`${sandbox.url}/inbox?to=${encodeURIComponent('Page@Example.com')}`)).text();
    expect(html).toContain('Mine 565656');
    expect(html).not.toContain('Not mine');
    expect(html).toContain('value="Page@Example.com"');
    expect(html).toContain('1 message for Page@Example.com');
    const empty = await (await fetch(`${sandbox.url}/inbox?to=${encodeURIComponent('"><x>')}`)).text();
    expect(empty).toContain('Nothing for &#34;&#62;&#60;x&#62; yet.');
  });
});
