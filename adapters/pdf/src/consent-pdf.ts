/** Renders a consent document (core's ConsentDocument) to the PDF sent to SignWell for signing. */
import { PRACTICE_NAME, type ConsentDocument } from '@portal/core';
import { PAGE_WIDTH, PageFlow, writePdf, type PdfDrawing } from './pdf-writer.ts';

const INK = [0.11, 0.14, 0.19] as const;
const MUTED = [0.4, 0.43, 0.5] as const;
const BRAND = [0.05, 0.33, 0.55] as const;

export const renderConsentPdf = (document: ConsentDocument, createdAt: Date = new Date()): Buffer => {
  const footer = (pageNumber: number): readonly PdfDrawing[] => [
    { kind: 'line', x1: 56, y1: 44, x2: PAGE_WIDTH - 56, y2: 44, width: 0.5, color: [0.85, 0.85, 0.88] },
    { kind: 'text', text: `${PRACTICE_NAME} - ${document.title} - Page ${pageNumber}`, x: 56, y: 30, size: 8, font: 'regular', color: MUTED },
  ];
  const flow = new PageFlow(56, footer);
  flow.text(PRACTICE_NAME, 10, 'bold', { color: BRAND });
  flow.text(document.title, 20, 'bold', { color: INK });
  flow.space(6);
  for (const [label, value] of document.facts) flow.text(`${label}: ${value}`, 10, 'regular', { color: INK });
  flow.rule();
  for (const paragraph of document.paragraphs) {
    flow.text(paragraph, 11, 'regular', { color: INK });
    flow.space(8);
  }
  return writePdf({ title: document.title, subject: `${PRACTICE_NAME} consent`, creationDate: createdAt, pages: flow.pages() });
};
