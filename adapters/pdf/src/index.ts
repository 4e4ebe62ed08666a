/** A small PDF writer (text, lines, boxes; the standard fonts) for the documents we generate. */
export * from './pdf-writer.ts';
export * from './pdf-text.ts';
export * from './pdf-check.ts';
export * from './consent-pdf.ts';
