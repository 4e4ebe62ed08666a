/**
 * A caught email, as a person reads it: the From and Subject (RFC 2047 decoded) and the plain-text
 * body — parsed by mailparser (MIME, transfer encodings, charsets, encoded-words, attachments
 * skipped; an HTML-only message flattened to text by its html-to-text). Here only the line ends and
 * trailing blank space are tidied, and the sign-in code is found.
 */
import { simpleParser } from 'mailparser';

export interface ParsedEmail {
  /** The From header, encoded-words decoded; null when absent. */
  readonly from: string | null;
  readonly subject: string;
  /** The plain-text body, LF line ends, trailing blank space trimmed. */
  readonly text: string;
}

const tidy = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/^\n+/, '')
    .replace(/\s+$/, '');

export const parseEmail = async (raw: Buffer | string): Promise<ParsedEmail> => {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  // `Name <address>` as the old inbox showed it (mailparser's own `text` quotes the name).
  const from = (mail.from?.value ?? []).map(({ name, address = '' }) => (name === '' ? address : `${name} <${address}>`)).join(', ');
  return { from: from === '' ? null : from, subject: (mail.subject ?? '').trim(), text: tidy(mail.text ?? '') };
};

const STANDALONE_SIX_DIGITS = /(?<![\p{L}\p{N}])\d{6}(?![\p{L}\p{N}])/u;

/** The first standalone 6-digit number in the subject, else in the text; null when none. */
export const extractCode = (subject: string, text: string): string | null =>
  STANDALONE_SIX_DIGITS.exec(subject)?.[0] ?? STANDALONE_SIX_DIGITS.exec(text)?.[0] ?? null;
