/**
 * A small PDF 1.7 writer (the consent documents we send for signing, the sandbox's completed documents): Letter pages of text in the
 * standard 14 fonts (WinAnsiEncoding, nothing embedded), lines and boxes, an Info dictionary and
 * a classic cross-reference table. Content streams are left uncompressed so tests (and people)
 * can read them. Text outside WinAnsi becomes '?'.
 */
import { createHash } from 'node:crypto';

export type PdfFont = 'regular' | 'bold' | 'italic' | 'script';

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

export interface PdfText {
  readonly kind: 'text';
  readonly text: string;
  /** From the left edge, in points. */
  readonly x: number;
  /** Baseline, from the bottom edge, in points. */
  readonly y: number;
  readonly size: number;
  readonly font: PdfFont;
  /** RGB, each 0..1; black by default. */
  readonly color?: readonly [number, number, number];
}

export interface PdfLine {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly width: number;
  readonly color?: readonly [number, number, number];
}

export interface PdfBox {
  readonly kind: 'box';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly fill: readonly [number, number, number];
}

export type PdfDrawing = PdfText | PdfLine | PdfBox;

export interface PdfPage {
  readonly drawings: readonly PdfDrawing[];
}

export interface PdfDocument {
  readonly title: string;
  readonly subject?: string;
  readonly keywords?: string;
  readonly creationDate: Date;
  readonly pages: readonly PdfPage[];
}

const FONTS: Readonly<Record<PdfFont, { readonly resource: string; readonly base: string }>> = {
  regular: { resource: 'F1', base: 'Helvetica' },
  bold: { resource: 'F2', base: 'Helvetica-Bold' },
  italic: { resource: 'F3', base: 'Helvetica-Oblique' },
  script: { resource: 'F4', base: 'Times-BoldItalic' },
};

// Helvetica's advance widths (per 1000 em) for ASCII 32..126, from its AFM.
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278,
  584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667,
  944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333,
  500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** The width of `text` in points: Helvetica's metrics (bold about 5% wider, good enough for wrapping). */
export const textWidth = (text: string, size: number, font: PdfFont = 'regular'): number => {
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 32;
    units += code >= 32 && code <= 126 ? (HELVETICA_WIDTHS[code - 32] ?? 556) : 556;
  }
  return (units * size * (font === 'bold' ? 1.05 : 1)) / 1000;
};

/** Breaks text into lines no wider than `maxWidth`; blank lines are kept, words too long are cut. */
export const wrapText = (text: string, size: number, maxWidth: number, font: PdfFont = 'regular'): string[] => {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      let rest = word;
      while (textWidth(rest, size, font) > maxWidth) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(rest.slice(0, cut), size, font) > maxWidth) cut -= 1;
        if (line !== '') {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      const candidate = line === '' ? rest : `${line} ${rest}`;
      if (textWidth(candidate, size, font) <= maxWidth) line = candidate;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
};

// WinAnsi codes of the non-Latin-1 characters that commonly occur in documents.
const WIN_ANSI: Readonly<Record<string, number>> = {
  '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99,
};

/** A PDF literal string: ASCII as is, other WinAnsi bytes as octal escapes, the rest '?'. */
export const pdfString = (text: string): string => {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code >= 32 && code <= 126) out += char;
    else if (char === '\t') out += ' ';
    else {
      const byte = WIN_ANSI[char] ?? (code >= 0xa0 && code <= 0xff ? code : 63);
      out += byte === 63 ? '?' : `\\${byte.toString(8).padStart(3, '0')}`;
    }
  }
  return `${out})`;
};

const num = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, '').replace(/\.$/, ''));

const rgb = (color: readonly [number, number, number] | undefined): string => (color ?? [0, 0, 0]).map(num).join(' ');

const contentStream = (page: PdfPage): string => {
  const ops: string[] = [];
  for (const drawing of page.drawings) {
    if (drawing.kind === 'box') {
      ops.push(`${rgb(drawing.fill)} rg ${num(drawing.x)} ${num(drawing.y)} ${num(drawing.width)} ${num(drawing.height)} re f`);
    } else if (drawing.kind === 'line') {
      ops.push(`${rgb(drawing.color)} RG ${num(drawing.width)} w ${num(drawing.x1)} ${num(drawing.y1)} m ${num(drawing.x2)} ${num(drawing.y2)} l S`);
    } else {
      ops.push(
        `BT ${rgb(drawing.color)} rg /${FONTS[drawing.font].resource} ${num(drawing.size)} Tf 1 0 0 1 ${num(drawing.x)} ${num(drawing.y)} Tm ${pdfString(drawing.text)} Tj ET`,
      );
    }
  }
  return `${ops.join('\n')}\n`;
};

/** D:YYYYMMDDHHmmSSZ */
export const pdfDate = (date: Date): string => `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

export const writePdf = (document: PdfDocument): Buffer => {
  if (document.pages.length === 0) throw new Error('writePdf: a PDF needs at least one page');
  const fontNames = Object.keys(FONTS) as PdfFont[];
  // 1 catalog, 2 pages, 3 info, 4.. fonts, then a page and its content per page.
  const firstFont = 4;
  const firstPage = firstFont + fontNames.length;
  const bodies: string[] = [];
  const fontResources = fontNames.map((font, index) => `/${FONTS[font].resource} ${firstFont + index} 0 R`).join(' ');
  const kids = document.pages.map((_, index) => `${firstPage + index * 2} 0 R`).join(' ');
  bodies.push('<< /Type /Catalog /Pages 2 0 R >>');
  bodies.push(`<< /Type /Pages /Kids [${kids}] /Count ${document.pages.length} >>`);
  const info = [
    `/Title ${pdfString(document.title)}`,
    ...(document.subject === undefined ? [] : [`/Subject ${pdfString(document.subject)}`]),
    ...(document.keywords === undefined ? [] : [`/Keywords ${pdfString(document.keywords)}`]),
    `/Producer ${pdfString('Member portal provider sandbox (SignWell look-alike)')}`,
    `/CreationDate ${pdfString(pdfDate(document.creationDate))}`,
  ];
  bodies.push(`<< ${info.join(' ')} >>`);
  for (const font of fontNames) bodies.push(`<< /Type /Font /Subtype /Type1 /BaseFont /${FONTS[font].base} /Encoding /WinAnsiEncoding >>`);
  document.pages.forEach((page, index) => {
    const contentId = firstPage + index * 2 + 1;
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << ${fontResources} >> >> /Contents ${contentId} 0 R >>`,
    );
    const stream = contentStream(page);
    bodies.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`);
  });

  const parts: Buffer[] = [];
  let length = 0;
  const push = (chunk: Buffer): void => {
    parts.push(chunk);
    length += chunk.length;
  };
  // The comment of four bytes above 127 tells transfer tools the file is binary.
  push(Buffer.concat([Buffer.from('%PDF-1.7\n%', 'latin1'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from('\n', 'latin1')]));
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  const xrefAt = length;
  const size = bodies.length + 1;
  const id = createHash('md5').update(Buffer.concat(parts)).digest('hex');
  const xref = [
    'xref',
    `0 ${size}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${size} /Root 1 0 R /Info 3 0 R /ID [<${id}> <${id}>] >>`,
    'startxref',
    String(xrefAt),
    '%%EOF',
    '',
  ].join('\n');
  push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts, length);
};

/**
 * Lays out flowing text into pages: `add` places lines top-down with a margin and starts a new
 * page when one is full; `pages()` gives the result.
 */
export class PageFlow {
  readonly #pages: PdfDrawing[][] = [[]];
  readonly #margin: number;
  readonly #footer: ((pageNumber: number) => readonly PdfDrawing[]) | undefined;
  #y: number;

  constructor(margin = 56, footer?: (pageNumber: number) => readonly PdfDrawing[]) {
    this.#margin = margin;
    this.#footer = footer;
    this.#y = PAGE_HEIGHT - margin;
  }

  get width(): number {
    return PAGE_WIDTH - 2 * this.#margin;
  }

  get left(): number {
    return this.#margin;
  }

  /** Room left on this page, in points. */
  get room(): number {
    return this.#y - this.#margin - 24;
  }

  newPage(): void {
    this.#pages.push([]);
    this.#y = PAGE_HEIGHT - this.#margin;
  }

  /** Starts a new page unless `height` points still fit. */
  keep(height: number): void {
    if (this.room < height) this.newPage();
  }

  space(points: number): void {
    this.#y -= points;
  }

  /** Wrapped text, `leading` × size per line. */
  text(text: string, size = 11, font: PdfFont = 'regular', options: { readonly color?: readonly [number, number, number]; readonly indent?: number; readonly leading?: number } = {}): void {
    const indent = options.indent ?? 0;
    const leading = size * (options.leading ?? 1.35);
    for (const line of wrapText(text, size, this.width - indent, font)) {
      this.keep(leading);
      this.#y -= leading;
      this.#current().push({ kind: 'text', text: line, x: this.#margin + indent, y: this.#y, size, font, ...(options.color === undefined ? {} : { color: options.color }) });
    }
  }

  /** A drawing placed relative to the current position (y offsets go down from it). */
  draw(make: (top: number, left: number, width: number) => readonly PdfDrawing[], height: number): void {
    this.keep(height);
    this.#current().push(...make(this.#y, this.#margin, this.width));
    this.#y -= height;
  }

  rule(color: readonly [number, number, number] = [0.8, 0.8, 0.85]): void {
    this.draw((top, left, width) => [{ kind: 'line', x1: left, y1: top - 6, x2: left + width, y2: top - 6, width: 0.75, color }], 14);
  }

  pages(): PdfPage[] {
    return this.#pages.map((drawings, index) => ({ drawings: [...drawings, ...(this.#footer?.(index + 1) ?? [])] }));
  }

  #current(): PdfDrawing[] {
    return this.#pages[this.#pages.length - 1] as PdfDrawing[];
  }
}
