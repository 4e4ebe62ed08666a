import { describe, expect, it } from '@jest/globals';
import { extractCode, parseEmail } from './mime.ts';

const crlf = (lines: readonly string[]): string => lines.join('\r\n');

const subjectOf = async (...headerLines: string[]): Promise<string> => (await parseEmail(crlf([...headerLines, '', 'x']))).subject;

describe('headers', () => {
  it('unfolds continuation lines', async () => {
    expect(await subjectOf('Subject: a long', '\tsubject line', 'X-Thing: 1')).toBe('a long subject line');
  });

  it('decodes RFC 2047 B and Q encoded-words, dropping the space between adjacent words', async () => {
    expect(await subjectOf('Subject: =?UTF-8?B?WW91ciBjb2RlOiDinJQ=?=')).toBe('Your code: ✔');
    expect(await subjectOf('Subject: =?iso-8859-1?Q?Caf=E9_cr=E8me?= is ready')).toBe('Café crème is ready');
    expect(await subjectOf('Subject: =?UTF-8?Q?a?= =?UTF-8?Q?b?=  plain =?UTF-8?Q?c?=')).toBe('ab  plain c');
  });

  it('joins a multi-byte character split across two encoded-words', async () => {
    // "é" is C3 A9 in UTF-8: one byte in each word.
    expect(await subjectOf('Subject: =?UTF-8?Q?Ren=C3?=', ' =?UTF-8?Q?=A9e?=')).toBe('Renée');
  });

  it('leaves malformed encoded-words as they are', async () => {
    expect(await subjectOf('Subject: =?UTF-8?X?abc?= and =?broken')).toBe('=?UTF-8?X?abc?= and =?broken');
  });
});

describe('transfer encodings', () => {
  it('quoted-printable: soft line breaks, =XX bytes, trailing blanks', async () => {
    const qp = await parseEmail(crlf(['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '', 'Caf=C3=A9 =', 'au lait=3D1   ', 'next']));
    expect(qp.text).toBe('Café au lait=1\nnext');
  });

  it('base64 and quoted-printable bodies in their charset', async () => {
    const base64 = await parseEmail(
      crlf(['Subject: b64', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', Buffer.from('Code 123456 ✓\n').toString('base64')]),
    );
    expect(base64.text).toBe('Code 123456 ✓');
    const latin1 = await parseEmail(crlf(['Content-Type: text/plain; charset="ISO-8859-1"', 'Content-Transfer-Encoding: quoted-printable', '', 'Gr=FC=DFe']));
    expect(latin1.text).toBe('Grüße');
  });
});

describe('parseEmail', () => {
  it('takes the text/plain part of multipart/alternative and decodes the subject', async () => {
    const raw = crlf([
      'From: =?UTF-8?Q?Member_Portal?= <no-reply@example.com>',
      'To: a@example.com',
      'Subject: =?UTF-8?B?WW91ciBzaWduLWluIGNvZGU=?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative;',
      ' boundary="--_b1"',
      '',
      'This is a multi-part message in MIME format.',
      '----_b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>HTML 111111</p>',
      '----_b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Your code is 654321.=',
      ' Thanks!',
      '----_b1--',
      'epilogue',
    ]);
    expect(await parseEmail(raw)).toEqual({ from: 'Member Portal <no-reply@example.com>', subject: 'Your sign-in code', text: 'Your code is 654321. Thanks!' });
  });

  it('finds text/plain inside multipart/mixed → multipart/alternative and skips attachments', async () => {
    const raw = crlf([
      'Subject: nested',
      'Content-Type: multipart/mixed; boundary=outer',
      '',
      '--outer',
      'Content-Type: text/plain; name="notes.txt"',
      'Content-Disposition: attachment; filename="notes.txt"',
      '',
      'attachment 999999',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain',
      '',
      'inner text',
      '--inner--',
      '--outer--',
    ]);
    expect((await parseEmail(raw)).text).toBe('inner text');
  });

  it('flattens an HTML-only message, keeping link targets', async () => {
    const raw = crlf(['Subject: html', 'Content-Type: text/html; charset=utf-8', '', '<style>p{}</style><p>Hi&nbsp;there &amp; welcome</p><p><a href="https://x.test/a">Open</a></p>']);
    // mailparser's html-to-text keeps &nbsp; and writes a link as `label [href]`.
    expect((await parseEmail(raw)).text).toBe('Hi\u00a0there & welcome\n\nOpen [https://x.test/a]');
  });

  it('copes with LF-only line ends, no headers, or no body', async () => {
    expect(await parseEmail('Subject: lf\nContent-Type: text/plain\n\nline 1\nline 2\n')).toEqual({ from: null, subject: 'lf', text: 'line 1\nline 2' });
    expect(await parseEmail('Subject: only headers')).toEqual({ from: null, subject: 'only headers', text: '' });
    expect(await parseEmail(Buffer.from('\r\njust a body'))).toEqual({ from: null, subject: '', text: 'just a body' });
  });

  it('reads raw UTF-8 in a header (SMTPUTF8)', async () => {
    expect((await parseEmail(Buffer.from('Subject: Café 123456\r\n\r\nx', 'utf8'))).subject).toBe('Café 123456');
  });
});

describe('extractCode', () => {
  it('the first standalone 6-digit number, subject first', () => {
    expect(extractCode('Your code: 123456', 'or 654321')).toBe('123456');
    expect(extractCode('Welcome', 'Use 654321 to sign in; 111111 is old.')).toBe('654321');
    expect(extractCode('', 'Code:987654.')).toBe('987654');
  });

  it('ignores digits inside longer numbers or words', () => {
    expect(extractCode('Order 1234567', 'call 4015550111, ref A123456, id 123456b, 12-345')).toBeNull();
    expect(extractCode('', '+14015550111 then 000123')).toBe('000123');
  });
});
