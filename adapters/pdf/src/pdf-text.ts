/**
 * Best-effort reading of an uploaded PDF, for the signing page's preview and `pages_number`:
 * the text shown by Tj/TJ/'/" in its content streams (raw or FlateDecode), and its page count.
 * Fonts with custom encodings (CID, subsets) give unreadable bytes: such text is dropped, and
 * the page then says that no preview is available. Never throws.
 */
import { inflateSync } from 'node:zlib';

const MAX_STREAMS = 200;
const MAX_STREAM_BYTES = 2_000_000;

/** The page count from `/Type /Page` objects; 1 when none is found (object streams hide them). */
export const countPdfPages = (pdf: Buffer): number => {
  const matches = pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g);
  return Math.max(1, matches?.length ?? 0);
};

const unescapeLiteral = (body: string): string =>
  body.replace(/\\(\r\n|\n|\r|[0-7]{1,3}|.)/g, (_, escape: string) => {
    if (/^[0-7]+$/.test(escape)) return String.fromCharCode(parseInt(escape, 8) & 0xff);
    switch (escape) {
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'b':
      case 'f':
        return '';
      case '\n':
      case '\r':
      case '\r\n':
        return '';
      default:
        return escape;
    }
  });

/** The text operators of one content stream, a line per positioning move. */
const textOfContent = (content: string): string => {
  const out: string[] = [];
  let line = '';
  const flush = (): void => {
    if (line.trim() !== '') out.push(line.replace(/\s+/g, ' ').trim());
    line = '';
  };
  const token = /\((?:\\[\s\S]|[^\\)])*\)|\[(?:\((?:\\[\s\S]|[^\\)])*\)|[^\]])*\]|<[0-9A-Fa-f\s]*>|\b(?:Tj|TJ|Td|TD|T\*|Tm|ET|BT)\b|'|"/g;
  let pending: string[] = [];
  for (const match of content.matchAll(token)) {
    const value = match[0];
    if (value.startsWith('(')) pending = [unescapeLiteral(value.slice(1, -1))];
    else if (value.startsWith('[')) {
      pending = [];
      for (const part of value.matchAll(/\((?:\\[\s\S]|[^\\)])*\)|-?\d+(?:\.\d+)?/g)) {
        const piece = part[0];
        if (piece.startsWith('(')) pending.push(unescapeLiteral(piece.slice(1, -1)));
        // A large negative kerning inside TJ is a word gap.
        else if (Number(piece) < -200) pending.push(' ');
      }
    } else if (value.startsWith('<')) {
      const hex = value.slice(1, -1).replace(/\s/g, '');
      pending = hex.length % 2 === 0 ? [Buffer.from(hex, 'hex').toString('latin1')] : [];
    } else if (value === 'Tj' || value === 'TJ') {
      line += pending.join('');
      pending = [];
    } else if (value === "'" || value === '"') {
      flush();
      line += pending.join('');
      pending = [];
    } else if (value === 'Td' || value === 'TD' || value === 'T*' || value === 'Tm' || value === 'ET') {
      flush();
    }
  }
  flush();
  return out.join('\n');
};

const readable = (text: string): boolean => {
  if (text.trim() === '') return false;
  const printable = text.match(/[\x20-\x7e\n\u00a0-\u00ff]/g)?.length ?? 0;
  return printable / text.length > 0.9;
};

/** The visible text of the PDF, up to `limit` characters; '' when none can be read. */
export const extractPdfText = (pdf: Buffer, limit = 4000): string => {
  try {
    const source = pdf.toString('latin1');
    const pieces: string[] = [];
    let total = 0;
    const stream = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>|<[^<>]*>)*)>>\s*stream\r?\n/g;
    let count = 0;
    for (let match = stream.exec(source); match !== null && count < MAX_STREAMS && total < limit; match = stream.exec(source)) {
      count += 1;
      const dictionary = match[1] ?? '';
      const start = match.index + match[0].length;
      const end = source.indexOf('endstream', start);
      if (end < 0 || end - start > MAX_STREAM_BYTES) continue;
      if (/\/Subtype\s*\/(Image|XML)|\/Type\s*\/(XRef|ObjStm|Metadata)|\/Length1/.test(dictionary)) continue;
      let bytes = pdf.subarray(start, end);
      if (/\/Filter\s*\[?\s*\/FlateDecode\s*\]?/.test(dictionary)) {
        try {
          bytes = inflateSync(bytes, { finishFlush: 2 });
        } catch {
          continue;
        }
      } else if (/\/Filter/.test(dictionary)) continue;
      const text = textOfContent(bytes.toString('latin1'));
      if (!readable(text)) continue;
      pieces.push(text);
      total += text.length;
    }
    const all = pieces.join('\n\n').trim();
    return all.length > limit ? `${all.slice(0, limit).trimEnd()}…` : all;
  } catch {
    return '';
  }
};
