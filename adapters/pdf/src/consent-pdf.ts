/**
 * A consent document (core's ConsentDocument) as the PDF the signer signs in SignWell and the
 * practice files into the chart: the practice's name and location address heading every page,
 * the title, who and what it is for (patient, signer, plan, price, renewal), the text, and a
 * signature block — signature line, date line, printed name — whose signature and date places
 * are returned as SignWell fields, measured from the same layout that drew the lines.
 *
 * Its own words (section headings, the signature block's labels, the page numbers) follow the
 * document's language (issue 26); the title, facts and paragraphs come written from core. When the
 * body is English for a Spanish signer (the practice gave no Spanish text), a line under the facts
 * says so in the signer's language.
 */
import { DEFAULT_LOCALE, PRACTICE_NAME, type ConsentDocument, type Locale, type PracticeLocation, type SigningField } from '@portal/core';
import type { PDFPage } from 'pdf-lib';
import { PAGE_HEIGHT, PAGE_WIDTH, PdfFlow, toRgb, type Line, type Rgb, type Run } from './pdf-flow.ts';

const INK: Rgb = [0.11, 0.13, 0.17];
const MUTED: Rgb = [0.38, 0.41, 0.47];
const BRAND: Rgb = [0.05, 0.32, 0.52];
const HAIRLINE: Rgb = [0.8, 0.82, 0.86];
const PANEL: Rgb = [0.955, 0.965, 0.978];

const SIDE = 72;
const HEADER_TOP = 40;
const FOOTER_RULE = 54;
const BODY_SIZE = 10.5;
const BODY_LEADING = 1.45;

/** The signature block's geometry (points), shared by the drawing and the SignWell fields. */
export const SIGNATURE_BLOCK = {
  /** Room above the signature line for the signature itself. */
  signatureHeight: 40,
  signatureWidth: 290,
  /** The date line starts this far right of the signature line's start. */
  dateOffset: 318,
  dateHeight: 22,
} as const;

export interface RenderedConsentPdf {
  readonly pdf: Buffer;
  /** Where SignWell puts the signer's signature and the signing date: on the signature block's lines. */
  readonly fields: readonly SigningField[];
}

export interface ConsentPdfOptions {
  /** The file's creation and modification date; identical documents and dates give identical bytes. */
  readonly createdAt?: Date;
}

const formatPhone = (digits: string): string =>
  digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;

const addressLines = (location: PracticeLocation | null): string[] =>
  location === null ? [] : [location.address1, `${location.city}, ${location.state} ${location.zip}`, formatPhone(location.phone)];

/** "Membership fee. The fee is…": a short lead phrase ending in a period reads as a run-in heading. */
const RUN_IN: Readonly<Record<Locale, RegExp>> = {
  'en-US': /^([A-Z][a-z]+(?: [a-z]+)?\.) (.+)$/s,
  // 'Cuota de membresía. La cuota es…': up to three words, accented letters too.
  'es-US': /^(\p{Lu}\p{Ll}+(?: \p{Ll}+){0,2}\.) (.+)$/su,
};

const paragraphRuns = (paragraph: string, locale: Locale): Run[] => {
  const lead = RUN_IN[locale].exec(paragraph);
  return lead ? [{ text: lead[1] as string, font: 'semibold' }, { text: ` ${lead[2]}` }] : [{ text: paragraph }];
};

/** The PDF's own words, per language. */
const WORDS: Readonly<
  Record<
    Locale,
    {
      readonly sections: Readonly<Record<ConsentDocument['type'], string>>;
      readonly signature: string;
      readonly date: string;
      readonly printedCaregiver: string;
      readonly printedPatient: string;
      readonly onBehalf: string;
      readonly page: (number: number, count: number) => string;
      /** Under the facts when the body is in another language than the document's (English for a Spanish signer). */
      readonly bodyInEnglish: string;
    }
  >
> = {
  'en-US': {
    sections: { membership_agreement: 'Terms of membership', privacy_practices: 'Acknowledgment' },
    signature: 'Signature',
    date: 'Date',
    printedCaregiver: 'Printed name of caregiver signing',
    printedPatient: 'Printed name of patient signing',
    onBehalf: 'On behalf of the patient',
    page: (number, count) => `Page ${number} of ${count}`,
    bodyInEnglish: '',
  },
  'es-US': {
    sections: { membership_agreement: 'Condiciones de la membresía', privacy_practices: 'Constancia' },
    signature: 'Firma',
    date: 'Fecha',
    printedCaregiver: 'Nombre en letra de molde de la persona que cuida y firma',
    printedPatient: 'Nombre en letra de molde del paciente que firma',
    onBehalf: 'En nombre del paciente',
    page: (number, count) => `Página ${number} de ${count}`,
    bodyInEnglish: 'El consultorio ofrece el texto de este documento solo en inglés. Usted firma el texto en inglés que sigue.',
  },
};

const wordsOf = (document: ConsentDocument) => WORDS[document.locale ?? DEFAULT_LOCALE];

export const renderConsentPdf = async (document: ConsentDocument, options: ConsentPdfOptions = {}): Promise<RenderedConsentPdf> => {
  const createdAt = options.createdAt ?? new Date();

  const flow = await PdfFlow.create(
    { title: document.title, subject: `${PRACTICE_NAME}: ${document.title}`, author: PRACTICE_NAME, keywords: ['consent', document.type], createdAt },
    { top: 0, right: SIDE, bottom: 0, left: SIDE },
  );
  // The header's height depends on how the practice's name and the address wrap.
  const header = headerLayout(flow, document.location);
  flow.setMargins({ top: HEADER_TOP + header.height + 30, right: SIDE, bottom: FOOTER_RULE + 22, left: SIDE });

  flow.text(document.title, { size: 22, font: 'bold', color: INK, leading: 1.2 });
  flow.space(14);
  factsPanel(flow, document.facts);
  const words = wordsOf(document);
  if ((document.bodyLocale ?? DEFAULT_LOCALE) !== (document.locale ?? DEFAULT_LOCALE)) {
    flow.space(12);
    flow.text(words.bodyInEnglish, { size: 10, font: 'semibold', color: INK, leading: 1.4 });
  }
  flow.space(20);
  flow.text(words.sections[document.type], { size: 13, font: 'semibold', color: BRAND, leading: 1.3 });
  flow.space(6);

  const paragraphs = document.paragraphs;
  paragraphs.forEach((paragraph, index) => {
    const runs = paragraphRuns(paragraph, document.bodyLocale ?? DEFAULT_LOCALE);
    if (index === paragraphs.length - 1) {
      // The closing "By signing below…" stays on the page of the signature block.
      const lines = flow.wrap(runs, BODY_SIZE, flow.width).length;
      flow.keep(PdfFlow.height(lines, BODY_SIZE, BODY_LEADING) + 8 + signatureBlockHeight(flow, document));
    }
    flow.text(runs, { size: BODY_SIZE, color: INK, leading: BODY_LEADING });
    flow.space(8);
  });

  const fields = signatureBlock(flow, document);
  const pdf = await flow.save((page, number, count) => {
    drawHeader(flow, page, header);
    drawFooter(flow, page, `${PRACTICE_NAME} · ${document.title}`, words.page(number, count));
  });
  return { pdf, fields };
};

// ---- header and footer ------------------------------------------------------------------------

interface HeaderLayout {
  readonly name: Line[];
  readonly location: Line[];
  readonly address: Line[];
  readonly height: number;
}

const NAME_SIZE = 15;
const ADDRESS_SIZE = 8.5;
const ADDRESS_WIDTH = 190;

const headerLayout = (flow: PdfFlow, location: PracticeLocation | null): HeaderLayout => {
  const leftWidth = flow.width - ADDRESS_WIDTH - 24;
  const name = flow.wrap(PRACTICE_NAME, NAME_SIZE, leftWidth, 'semibold');
  const locationLines = location === null ? [] : flow.wrap(location.name, 9.5, leftWidth, 'regular');
  const address = addressLines(location).flatMap((line) => flow.wrap(line, ADDRESS_SIZE, ADDRESS_WIDTH));
  const left = PdfFlow.height(name.length, NAME_SIZE, 1.2) + PdfFlow.height(locationLines.length, 9.5, 1.35);
  const right = PdfFlow.height(address.length, ADDRESS_SIZE, 1.35);
  return { name, location: locationLines, address, height: Math.max(left, right) };
};

const drawHeader = (flow: PdfFlow, page: PDFPage, header: HeaderLayout): void => {
  let top = PAGE_HEIGHT - HEADER_TOP;
  for (const line of header.name) {
    flow.drawLine(page, line, SIDE, PdfFlow.baselineIn(top, NAME_SIZE * 1.2, NAME_SIZE), NAME_SIZE, BRAND);
    top -= NAME_SIZE * 1.2;
  }
  for (const line of header.location) {
    flow.drawLine(page, line, SIDE, PdfFlow.baselineIn(top, 9.5 * 1.35, 9.5), 9.5, MUTED);
    top -= 9.5 * 1.35;
  }
  let right = PAGE_HEIGHT - HEADER_TOP;
  for (const line of header.address) {
    flow.drawLine(page, line, PAGE_WIDTH - SIDE - line.width, PdfFlow.baselineIn(right, ADDRESS_SIZE * 1.35, ADDRESS_SIZE), ADDRESS_SIZE, MUTED);
    right -= ADDRESS_SIZE * 1.35;
  }
  const ruleY = PAGE_HEIGHT - HEADER_TOP - header.height - 10;
  page.drawLine({ start: { x: SIDE, y: ruleY }, end: { x: PAGE_WIDTH - SIDE, y: ruleY }, thickness: 1.25, color: toRgb(BRAND) });
};

const drawFooter = (flow: PdfFlow, page: PDFPage, label: string, pageLabel: string): void => {
  const size = 8.5;
  page.drawLine({ start: { x: SIDE, y: FOOTER_RULE }, end: { x: PAGE_WIDTH - SIDE, y: FOOTER_RULE }, thickness: 0.5, color: toRgb(HAIRLINE) });
  const pageWidth = flow.widthOf(pageLabel, 'regular', size);
  const [left] = flow.wrap(label, size, PAGE_WIDTH - 2 * SIDE - pageWidth - 24);
  if (left !== undefined) flow.drawLine(page, left, SIDE, FOOTER_RULE - 16, size, MUTED);
  flow.drawLine(page, { pieces: [{ text: pageLabel, font: 'regular' }], width: pageWidth }, PAGE_WIDTH - SIDE - pageWidth, FOOTER_RULE - 16, size, MUTED);
};

// ---- the facts panel --------------------------------------------------------------------------

const LABEL_WIDTH = 128;
const PANEL_PAD = 12;

/** Label and value rows on a tinted panel; each row is kept whole, the panel may continue on the next page. */
const factsPanel = (flow: PdfFlow, facts: ConsentDocument['facts']): void => {
  const size = 10.5;
  const leading = size * 1.4;
  const valueWidth = flow.width - 2 * PANEL_PAD - LABEL_WIDTH;
  facts.forEach(([label, value], index) => {
    const labels = flow.wrap(label, 9, LABEL_WIDTH - 10, 'semibold');
    const values = flow.wrap(value, size, valueWidth, 'regular');
    const padTop = index === 0 ? PANEL_PAD : 4;
    const padBottom = index === facts.length - 1 ? PANEL_PAD : 4;
    const height = padTop + Math.max(labels.length, values.length) * leading + padBottom;
    flow.block(height, ({ page, top, left, width }) => {
      page.drawRectangle({ x: left, y: top - height, width, height, color: toRgb(PANEL) });
      page.drawRectangle({ x: left, y: top - height, width: 2.5, height, color: toRgb(BRAND) });
      labels.forEach((line, row) => flow.drawLine(page, line, left + PANEL_PAD, PdfFlow.baselineIn(top - padTop - row * leading, leading, size), 9, MUTED));
      values.forEach((line, row) =>
        flow.drawLine(page, line, left + PANEL_PAD + LABEL_WIDTH, PdfFlow.baselineIn(top - padTop - row * leading, leading, size), size, INK),
      );
    });
  });
};

// ---- the signature block ----------------------------------------------------------------------

const LABEL_SIZE = 8.5;
const NAME_LINE = 11;

interface SignatureRows {
  readonly rows: ReadonlyArray<{ readonly label: string; readonly name: string; readonly lines: Line[] }>;
}

const signatureRows = (flow: PdfFlow, document: ConsentDocument): SignatureRows => {
  const words = wordsOf(document);
  return {
    rows: [
      { label: document.guardianSigning ? words.printedCaregiver : words.printedPatient, name: document.signerName, lines: flow.wrap(document.signerName, NAME_LINE, flow.width, 'semibold') },
      ...(document.guardianSigning ? [{ label: words.onBehalf, name: document.patientName, lines: flow.wrap(document.patientName, NAME_LINE, flow.width, 'semibold') }] : []),
    ],
  };
};

const HEADING = 13 * 1.3 + 8;
const LINES_HEIGHT = SIGNATURE_BLOCK.signatureHeight + 16;

const rowsHeight = (rows: SignatureRows): number =>
  rows.rows.reduce((sum, row) => sum + 6 + LABEL_SIZE * 1.4 + PdfFlow.height(row.lines.length, NAME_LINE, 1.35), 0);

const signatureBlockHeight = (flow: PdfFlow, document: ConsentDocument): number => HEADING + LINES_HEIGHT + rowsHeight(signatureRows(flow, document));

/** Draws the block on one page and answers its fields in SignWell's terms (top-left origin). */
const signatureBlock = (flow: PdfFlow, document: ConsentDocument): SigningField[] => {
  const rows = signatureRows(flow, document);
  flow.keep(signatureBlockHeight(flow, document));
  flow.space(6);
  const words = wordsOf(document);
  flow.text(words.signature, { size: 13, font: 'semibold', color: BRAND, leading: 1.3 });
  const { signatureHeight, signatureWidth, dateOffset, dateHeight } = SIGNATURE_BLOCK;
  const dateWidth = flow.width - dateOffset;
  const at = flow.block(LINES_HEIGHT, ({ page, top, left }) => {
    const lineY = top - signatureHeight;
    for (const [x, width, label] of [
      [left, signatureWidth, words.signature],
      [left + dateOffset, dateWidth, words.date],
    ] as const) {
      page.drawLine({ start: { x, y: lineY }, end: { x: x + width, y: lineY }, thickness: 0.9, color: toRgb(INK) });
      flow.drawLine(page, { pieces: [{ text: label, font: 'regular' }], width: 0 }, x, lineY - 11, LABEL_SIZE, MUTED);
    }
  });
  for (const row of rows.rows) {
    flow.space(6);
    flow.text(row.label, { size: LABEL_SIZE, color: MUTED });
    flow.text(row.name, { size: NAME_LINE, font: 'semibold', color: INK, leading: 1.35 });
  }
  // SignWell measures from the page's top-left corner; pdf-lib from its bottom-left.
  const lineTop = PAGE_HEIGHT - (at.top - signatureHeight);
  const points = (value: number): number => Math.round(value * 100) / 100;
  const field = (type: SigningField['type'], x: number, y: number, width: number, height: number): SigningField => ({
    type,
    page: at.pageNumber,
    x: points(x),
    y: points(y),
    width: points(width),
    height: points(height),
  });
  return [
    field('signature', at.left, lineTop - signatureHeight + 2, signatureWidth, signatureHeight - 4),
    field('date', at.left + dateOffset, lineTop - dateHeight - 2, dateWidth, dateHeight),
  ];
};
