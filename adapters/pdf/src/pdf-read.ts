/**
 * Reading a PDF with MuPDF (the `mupdf` WASM build): its page count, title and text, line by
 * line with each line's box. For the provider sandbox's signing preview and for tests — never
 * for the API (MuPDF is AGPL and loads a large WASM module), which is why `index.ts` does not
 * export this file: import it as `@portal/pdf/pdf-read.ts`.
 */
import * as mupdf from 'mupdf';

// MuPDF reports repairs and refusals on stderr; a file we cannot read throws, which is what we use.
mupdf.setLog({ error: () => undefined, warning: () => undefined });

/** A line of text and its box in points, from the page's top-left corner (as MuPDF and SignWell measure). */
export interface TextLine {
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** The font size of its first character. */
  readonly size: number;
  readonly font: string;
}

export interface ReadPage {
  readonly width: number;
  readonly height: number;
  readonly lines: readonly TextLine[];
  /** The page's lines joined with newlines. */
  readonly text: string;
}

export interface ReadPdf {
  readonly pageCount: number;
  readonly title: string | null;
  readonly pages: readonly ReadPage[];
  /** Every page's text, pages separated by a blank line. */
  readonly text: string;
}

/** Opens `pdf`, hands the document to `use` and frees it (MuPDF's memory is not the GC's). */
export const withPdf = <T>(pdf: Uint8Array, use: (document: mupdf.Document) => T): T => {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return use(document);
  } finally {
    document.destroy();
  }
};

const readPage = (page: mupdf.Page): ReadPage => {
  const [x0, y0, x1, y1] = page.getBounds();
  const lines: TextLine[] = [];
  const structured = page.toStructuredText('preserve-whitespace');
  let json: {
    blocks: { type: string; lines?: { bbox: { x: number; y: number; w: number; h: number }; text: string; font: { name: string; size: number } }[] }[];
  };
  try {
    json = JSON.parse(structured.asJSON());
  } finally {
    structured.destroy();
  }
  for (const block of json.blocks) {
    for (const line of block.lines ?? []) {
      lines.push({ text: line.text, x0: line.bbox.x, y0: line.bbox.y, x1: line.bbox.x + line.bbox.w, y1: line.bbox.y + line.bbox.h, size: line.font.size, font: line.font.name });
    }
  }
  return { width: x1 - x0, height: y1 - y0, lines, text: lines.map((line) => line.text).join('\n') };
};

export const readPdf = (pdf: Uint8Array): ReadPdf =>
  withPdf(pdf, (document) => {
    const pages: ReadPage[] = [];
    for (let index = 0; index < document.countPages(); index += 1) {
      const page = document.loadPage(index);
      try {
        pages.push(readPage(page));
      } finally {
        page.destroy();
      }
    }
    const title = document.getMetaData(mupdf.Document.META_INFO_TITLE);
    return { pageCount: pages.length, title: title === undefined || title === '' ? null : title, pages, text: pages.map((page) => page.text).join('\n\n') };
  });

/** The page count; 1 when the file cannot be read. Never throws. */
export const countPdfPages = (pdf: Uint8Array): number => {
  try {
    return Math.max(1, withPdf(pdf, (document) => document.countPages()));
  } catch {
    return 1;
  }
};

/** The visible text, up to `limit` characters ('…' when cut); '' when none can be read. Never throws. */
export const extractPdfText = (pdf: Uint8Array, limit = 4000): string => {
  try {
    const text = readPdf(pdf).text.trim();
    return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
  } catch {
    return '';
  }
};
