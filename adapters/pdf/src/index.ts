/** The consent documents as PDF (pdf-lib, Source Sans 3 embedded) and the flow layout they are made with. */
export * from './pdf-flow.ts';
export * from './consent-pdf.ts';
export type { FontRole } from './fonts.ts';
