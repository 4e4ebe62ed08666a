/**
 * Just enough RFC 5322 / MIME to show a caught email to a person: headers (unfolded), the Subject
 * and From with RFC 2047 encoded-words, and the plain-text body — the text/plain part of a
 * multipart message (else its HTML part flattened to text), decoded from quoted-printable or
 * base64 and from its charset. Attachments are skipped. Nothing here throws on odd input.
 */

export interface ParsedEmail {
  /** The From header, encoded-words decoded; null when absent. */
  readonly from: string | null;
  readonly subject: string;
  /** The plain-text body, LF line ends, trailing blank space trimmed. */
  readonly text: string;
}

interface Part {
  readonly headers: ReadonlyMap<string, readonly string[]>;
  /** The body as a latin1 string: one char per byte, so binary-safe. */
  readonly body: string;
}

interface ContentType {
  readonly type: string;
  readonly params: ReadonlyMap<string, string>;
}

const decodeBytes = (bytes: Buffer, charset: string): string => {
  const label = charset.trim().toLowerCase() || 'utf-8';
  try {
    return new TextDecoder(label === 'us-ascii' || label === 'ascii' ? 'utf-8' : label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
};

/** Header bytes are 7-bit by the RFC, but raw UTF-8 (SMTPUTF8) appears too; fall back to latin1. */
const decodeRawHeader = (latin1: string): string => {
  if (!/[\x80-\xff]/.test(latin1)) return latin1;
  const bytes = Buffer.from(latin1, 'latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return latin1;
  }
};

const splitHeadersAndBody = (message: string): { readonly head: string; readonly body: string } => {
  const leading = /^\r?\n/.exec(message);
  if (leading !== null) return { head: '', body: message.slice(leading[0].length) };
  const blank = /\r?\n\r?\n/.exec(message);
  if (blank === null) return /^[\x21-\x39\x3b-\x7e]+:/.test(message) ? { head: message, body: '' } : { head: '', body: message };
  return { head: message.slice(0, blank.index), body: message.slice(blank.index + blank[0].length) };
};

/** Unfolds (a line starting with a space or tab continues the previous one) and indexes by lowercase name. */
export const parseHeaders = (head: string): Map<string, string[]> => {
  const headers = new Map<string, string[]>();
  const lines: string[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && lines.length > 0) lines[lines.length - 1] += line;
    else if (line !== '') lines.push(line);
  }
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return headers;
};

const header = (part: Part, name: string): string | null => part.headers.get(name)?.[0] ?? null;

/** `type/subtype; name=value; name="quoted value"` (also Content-Disposition). */
const parseParameterized = (value: string | null, fallback: string): ContentType => {
  if (value === null || value.trim() === '') return { type: fallback, params: new Map() };
  const [first = '', ...rest] = splitOutsideQuotes(value, ';');
  const params = new Map<string, string>();
  for (const item of rest) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    const name = item.slice(0, eq).trim().toLowerCase();
    let raw = item.slice(eq + 1).trim();
    if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) raw = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    params.set(name, raw);
  }
  return { type: first.trim().toLowerCase() || fallback, params };
};

const splitOutsideQuotes = (value: string, separator: string): string[] => {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i] as string;
    if (char === '\\' && quoted && i + 1 < value.length) {
      current += char + (value[i + 1] as string);
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === separator && !quoted) {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  return items;
};

/** RFC 2045 quoted-printable → bytes (soft line breaks joined, `=XX` decoded, trailing blanks dropped). */
export const decodeQuotedPrintable = (latin1: string): Buffer => {
  const text = latin1
    .split(/\r?\n/)
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    const hex = text.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (char === '\n') {
      bytes.push(0x0d, 0x0a);
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
};

const decodeBase64 = (latin1: string): Buffer => Buffer.from(latin1.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');

const decodeTransfer = (part: Part): Buffer => {
  const encoding = (header(part, 'content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  if (encoding === 'base64') return decodeBase64(part.body);
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return Buffer.from(part.body, 'latin1');
};

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** RFC 2047 B or Q encoding (Q: `_` is a space, `=XX` a byte). */
const encodedWordBytes = (encoding: string, text: string): Buffer => {
  if (encoding.toUpperCase() === 'B') return decodeBase64(text);
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    const hex = text.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(char === '_' ? 0x20 : char.charCodeAt(0) & 0xff);
  }
  return Buffer.from(bytes);
};

/**
 * RFC 2047 encoded-words (`=?UTF-8?B?…?=`, `=?iso-8859-1?Q?…?=`) in a header value. Blank space
 * between two encoded-words is dropped; adjacent words in one charset are joined as bytes first,
 * so a character split across two words survives.
 */
export const decodeEncodedWords = (value: string): string => {
  const segments: { charset: string | null; bytes: Buffer; text: string }[] = [];
  let last = 0;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(last, match.index);
    const previous = segments[segments.length - 1];
    const charset = (match[1] as string).split('*')[0]?.toLowerCase() ?? 'utf-8';
    const bytes = encodedWordBytes(match[2] as string, match[3] as string);
    if (previous !== undefined && previous.charset !== null && /^[ \t\r\n]*$/.test(between)) {
      if (previous.charset === charset) previous.bytes = Buffer.concat([previous.bytes, bytes]);
      else segments.push({ charset, bytes, text: '' });
    } else {
      if (between !== '') segments.push({ charset: null, bytes: Buffer.alloc(0), text: between });
      segments.push({ charset, bytes, text: '' });
    }
    last = match.index + match[0].length;
  }
  if (last < value.length) segments.push({ charset: null, bytes: Buffer.alloc(0), text: value.slice(last) });
  return segments.map((segment) => (segment.charset === null ? segment.text : decodeBytes(segment.bytes, segment.charset))).join('');
};

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©', reg: '®', hellip: '…', mdash: '—', ndash: '–', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

/** A readable flattening of an HTML body, for messages without a text/plain part. */
export const htmlToText = (html: string): string =>
  html
    .replace(/<(script|style|head)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, label: string) =>
      label.replace(/<[^>]*>/g, '').trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<\/(p|div|tr|h[1-6]|li|table|section|header|footer)\s*>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<(ul|ol|table|p|div|h[1-6])(\s[^>]*)?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const parsePart = (latin1: string): Part => {
  const { head, body } = splitHeadersAndBody(latin1);
  return { headers: parseHeaders(head), body };
};

const splitMultipart = (body: string, boundary: string): string[] => {
  const parts: string[] = [];
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(--)?[ \\t]*(?=\\r?\\n|$)`, 'g');
  let start: number | null = null;
  for (const match of body.matchAll(delimiter)) {
    if (start !== null) parts.push(body.slice(start, match.index));
    if (match[1] === '--') return parts;
    start = match.index + match[0].length;
    const lineEnd = /^\r?\n/.exec(body.slice(start));
    if (lineEnd) start += lineEnd[0].length;
  }
  if (start !== null) parts.push(body.slice(start));
  return parts;
};

interface Found {
  readonly kind: 'plain' | 'html';
  readonly text: string;
}

const isAttachment = (part: Part): boolean => parseParameterized(header(part, 'content-disposition'), 'inline').type === 'attachment';

/** The best text of a part: text/plain wins; HTML is the fallback. */
const findText = (part: Part, depth = 0): Found | null => {
  const contentType = parseParameterized(header(part, 'content-type'), 'text/plain');
  if (contentType.type.startsWith('multipart/')) {
    const boundary = contentType.params.get('boundary');
    if (boundary === undefined || depth > 10) return null;
    const found = splitMultipart(part.body, boundary)
      .map(parsePart)
      .filter((child) => !isAttachment(child))
      .map((child) => findText(child, depth + 1))
      .filter((item): item is Found => item !== null);
    return found.find((item) => item.kind === 'plain') ?? found[0] ?? null;
  }
  if (isAttachment(part)) return null;
  const charset = contentType.params.get('charset') ?? 'utf-8';
  if (contentType.type === 'text/plain') return { kind: 'plain', text: decodeBytes(decodeTransfer(part), charset) };
  if (contentType.type === 'text/html') return { kind: 'html', text: htmlToText(decodeBytes(decodeTransfer(part), charset)) };
  return null;
};

const tidy = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/^\n+/, '')
    .replace(/\s+$/, '');

export const parseEmail = (raw: Buffer | string): ParsedEmail => {
  const latin1 = typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1');
  const message = parsePart(latin1);
  const headerText = (name: string): string | null => {
    const value = header(message, name);
    return value === null ? null : decodeEncodedWords(decodeRawHeader(value)).trim();
  };
  const found = findText(message);
  return {
    from: headerText('from'),
    subject: headerText('subject') ?? '',
    text: found === null ? '' : tidy(found.text),
  };
};

const STANDALONE_SIX_DIGITS = /(?<![\p{L}\p{N}])\d{6}(?![\p{L}\p{N}])/u;

/** The first standalone 6-digit number in the subject, else in the text; null when none. */
export const extractCode = (subject: string, text: string): string | null =>
  STANDALONE_SIX_DIGITS.exec(subject)?.[0] ?? STANDALONE_SIX_DIGITS.exec(text)?.[0] ?? null;
