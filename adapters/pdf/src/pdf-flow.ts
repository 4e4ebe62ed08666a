/**
 * Flowing text onto US Letter pages with pdf-lib: Source Sans 3 embedded as subsets (only the
 * glyphs used), words wrapped to the measured width of each font, runs of different weights in
 * one paragraph, a new page when one is full, and header/footer drawn on every page once the page
 * count is known ("Page 2 of 3").
 *
 * pdf-lib measures and draws; this file only decides where lines go. Identical input (including
 * `createdAt`) gives identical bytes: the dates are ours, and pdf-lib's subset tags come from its
 * seeded generator.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fontBytes, type FontRole } from './fonts.ts';

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

export type Rgb = readonly [number, number, number];

/** A piece of text in one weight; a paragraph is a list of runs. */
export interface Run {
  readonly text: string;
  readonly font?: FontRole;
}

export interface TextStyle {
  readonly size?: number;
  readonly font?: FontRole;
  readonly color?: Rgb;
  /** Line height as a multiple of the size (1.4 by default). */
  readonly leading?: number;
  readonly indent?: number;
  /** Width to wrap to (default: the text column less the indent). */
  readonly width?: number;
}

/** A wrapped line: its pieces in order (a piece per change of weight) and its width. */
export interface Line {
  readonly pieces: readonly { readonly text: string; readonly font: FontRole }[];
  readonly width: number;
}

export interface Margins {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export interface FlowDocument {
  readonly title: string;
  readonly subject?: string;
  readonly author?: string;
  readonly keywords?: readonly string[];
  /** Creation and modification date of the file. */
  readonly createdAt: Date;
}

/** Where a block was placed: its page (from 1) and its top edge (points from the bottom). */
export interface Placement {
  readonly page: PDFPage;
  readonly pageNumber: number;
  readonly top: number;
  readonly left: number;
  readonly width: number;
}

const INK: Rgb = [0, 0, 0];

const color = ([r, g, b]: Rgb) => rgb(r, g, b);

export class PdfFlow {
  readonly document: PDFDocument;
  #margins: Margins;
  readonly #fonts: Readonly<Partial<Record<FontRole, PDFFont>>>;
  readonly #charsets = new Map<FontRole, ReadonlySet<number>>();
  readonly #pages: PDFPage[] = [];
  #y = 0;

  private constructor(document: PDFDocument, fonts: Readonly<Partial<Record<FontRole, PDFFont>>>, margins: Margins) {
    this.document = document;
    this.#fonts = fonts;
    this.#margins = margins;
    this.newPage();
  }

  get margins(): Margins {
    return this.#margins;
  }

  /** Changes the margins before anything is placed (e.g. once the header is measured). */
  setMargins(margins: Margins): void {
    if (this.#pages.length !== 1 || !this.atPageTop) throw new Error('PdfFlow.setMargins: only before the first content');
    this.#margins = margins;
    this.#y = PAGE_HEIGHT - margins.top;
  }

  /** A document with the `roles` it uses embedded (as subsets: only the glyphs drawn). */
  static async create(meta: FlowDocument, margins: Margins, roles: readonly FontRole[] = ['regular', 'semibold', 'bold']): Promise<PdfFlow> {
    const document = await PDFDocument.create({ updateMetadata: false });
    document.registerFontkit(fontkit);
    const fonts: Partial<Record<FontRole, PDFFont>> = {};
    // One after the other: each font takes the next object number, so the bytes do not depend on timing.
    for (const role of roles) fonts[role] = await document.embedFont(await fontBytes(role), { subset: true });
    document.setTitle(meta.title, { showInWindowTitleBar: true });
    if (meta.subject !== undefined) document.setSubject(meta.subject);
    if (meta.author !== undefined) document.setAuthor(meta.author);
    if (meta.keywords !== undefined) document.setKeywords([...meta.keywords]);
    document.setLanguage('en-US');
    document.setCreator('Member portal');
    document.setProducer('pdf-lib');
    document.setCreationDate(meta.createdAt);
    document.setModificationDate(meta.createdAt);
    return new PdfFlow(document, fonts, margins);
  }

  font(role: FontRole): PDFFont {
    const font = this.#fonts[role];
    if (font === undefined) throw new Error(`PdfFlow: the ${role} font was not embedded`);
    return font;
  }

  get left(): number {
    return this.margins.left;
  }

  /** The text column's width. */
  get width(): number {
    return PAGE_WIDTH - this.margins.left - this.margins.right;
  }

  get pages(): readonly PDFPage[] {
    return this.#pages;
  }

  /** Points left above the bottom margin on the current page. */
  get room(): number {
    return this.#y - this.margins.bottom;
  }

  /** True while nothing has been placed on the current page. */
  get atPageTop(): boolean {
    return this.#y === PAGE_HEIGHT - this.margins.top;
  }

  newPage(): void {
    this.#pages.push(this.document.addPage([PAGE_WIDTH, PAGE_HEIGHT]));
    this.#y = PAGE_HEIGHT - this.margins.top;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  keep(height: number): void {
    if (this.room < height && !this.atPageTop) this.newPage();
  }

  /** Vertical space; none at the top of a page. */
  space(points: number): void {
    if (this.atPageTop) return;
    if (this.room < points) this.newPage();
    else this.#y -= points;
  }

  /** `text` with characters the font cannot show replaced by '?', whitespace made single spaces. */
  clean(text: string, role: FontRole): string {
    let charset = this.#charsets.get(role);
    if (charset === undefined) {
      charset = new Set(this.font(role).getCharacterSet());
      this.#charsets.set(role, charset);
    }
    const known = charset;
    return Array.from(text.normalize('NFC').replace(/\s+/g, ' '), (char) => (known.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
  }

  widthOf(text: string, role: FontRole, size: number): number {
    return this.font(role).widthOfTextAtSize(text, size);
  }

  /**
   * Breaks runs into lines no wider than `maxWidth`: at spaces, else after a hyphen
   * ("Montgomery-|Vanderbilt"), and a word wider than a whole line is cut where it stops fitting.
   */
  wrap(runs: readonly Run[] | string, size: number, maxWidth: number, role: FontRole = 'regular'): Line[] {
    const tokens: { text: string; font: FontRole; glued: boolean }[] = [];
    for (const run of typeof runs === 'string' ? [{ text: runs }] : runs) {
      const font = run.font ?? role;
      for (const word of this.clean(run.text, font).split(' ')) {
        if (word === '') continue;
        word.split(/(?<=[^-]-)(?=[^-])/).forEach((part, index) => tokens.push({ text: part, font, glued: index > 0 }));
      }
    }
    const lines: Line[] = [];
    let pieces: { text: string; font: FontRole }[] = [];
    let width = 0;
    const flush = (): void => {
      if (pieces.length > 0) lines.push({ pieces, width });
      pieces = [];
      width = 0;
    };
    const append = (text: string, font: FontRole, glued: boolean): void => {
      const joined = pieces.length === 0 || glued ? text : ` ${text}`;
      const last = pieces[pieces.length - 1];
      if (last !== undefined && last.font === font) last.text += joined;
      else pieces.push({ text: joined, font });
      width += this.widthOf(joined, font, size);
    };
    for (const token of tokens) {
      const gap = pieces.length === 0 || token.glued ? 0 : this.widthOf(' ', token.font, size);
      let rest = token.text;
      let restWidth = this.widthOf(rest, token.font, size);
      if (width + gap + restWidth <= maxWidth) {
        append(rest, token.font, token.glued);
        continue;
      }
      flush();
      while (restWidth > maxWidth) {
        // The longest head that fits (at least one character), by bisection.
        const chars = Array.from(rest);
        let cut = 1;
        let over = chars.length;
        while (over - cut > 1) {
          const middle = Math.floor((cut + over) / 2);
          if (this.widthOf(chars.slice(0, middle).join(''), token.font, size) <= maxWidth) cut = middle;
          else over = middle;
        }
        append(chars.slice(0, cut).join(''), token.font, false);
        flush();
        rest = chars.slice(cut).join('');
        restWidth = this.widthOf(rest, token.font, size);
      }
      if (rest !== '') append(rest, token.font, false);
    }
    flush();
    return lines;
  }

  /** Height of `lines` at `size` and `leading`. */
  static height(lineCount: number, size: number, leading = 1.4): number {
    return lineCount * size * leading;
  }

  /** Draws one wrapped line with its baseline at `baseline`, starting at `x`. */
  drawLine(page: PDFPage, line: Line, x: number, baseline: number, size: number, ink: Rgb = INK): void {
    let at = x;
    for (const piece of line.pieces) {
      page.drawText(piece.text, { x: at, y: baseline, size, font: this.font(piece.font), color: color(ink) });
      at += this.widthOf(piece.text, piece.font, size);
    }
  }

  /** Flowing text: wrapped to the column, a line at a time, onto new pages as needed. */
  text(runs: readonly Run[] | string, style: TextStyle = {}): void {
    const size = style.size ?? 10.5;
    const leading = size * (style.leading ?? 1.4);
    const indent = style.indent ?? 0;
    for (const line of this.wrap(runs, size, style.width ?? this.width - indent, style.font ?? 'regular')) {
      this.keep(leading);
      const baseline = PdfFlow.baselineIn(this.#y, leading, size);
      this.drawLine(this.#current(), line, this.left + indent, baseline, size, style.color ?? INK);
      this.#y -= leading;
    }
  }

  /** The baseline that centres a line's capitals in a line box whose top is `top`. */
  static baselineIn(top: number, leading: number, size: number): number {
    return top - leading / 2 - size * 0.33;
  }

  /** A block of `height` points kept on one page; `draw` gets where it landed. */
  block(height: number, draw: (at: Placement) => void): Placement {
    this.keep(height);
    const at: Placement = { page: this.#current(), pageNumber: this.#pages.length, top: this.#y, left: this.left, width: this.width };
    draw(at);
    this.#y -= height;
    return at;
  }

  /** A horizontal rule across the column, with `above`/`below` points of space. */
  rule(ink: Rgb, above = 6, below = 10): void {
    this.block(above + below, ({ page, top, left, width }) => {
      page.drawLine({ start: { x: left, y: top - above }, end: { x: left + width, y: top - above }, thickness: 0.75, color: color(ink) });
    });
  }

  /** Draws on every page (header, footer) with its number and the count, then gives the file. */
  async save(decorate?: (page: PDFPage, pageNumber: number, pageCount: number) => void): Promise<Buffer> {
    this.#pages.forEach((page, index) => decorate?.(page, index + 1, this.#pages.length));
    // A classic cross-reference table (no object streams): any reader, however simple, finds the pages.
    return Buffer.from(await this.document.save({ useObjectStreams: false }));
  }

  #current(): PDFPage {
    return this.#pages[this.#pages.length - 1] as PDFPage;
  }
}

export const toRgb = color;
