import { describe, expect, it, jest } from '@jest/globals';
import * as mupdf from 'mupdf';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { membershipAgreement, privacyPracticesAcknowledgment, type ConsentDocument, type ConsentDocumentInput } from '@portal/core';
import { renderConsentPdf, SIGNATURE_BLOCK } from './consent-pdf.ts';
import { PAGE_HEIGHT, PAGE_WIDTH } from './pdf-flow.ts';
import { readPdf, withPdf, type ReadPage } from './pdf-read.ts';
import { renderPdfPages, writePdfPages } from './testing/render-png.ts';

// Each render parses three font files (about half a second on a busy machine).
jest.setTimeout(30_000);

const createdAt = new Date('2026-03-01T10:05:00Z');
const harold: ConsentDocumentInput = { patientName: 'Harold Bennett', membershipTier: '70_biannual', department: '1', guardianName: 'Carol Bennett' };
const LONG_PATIENT = 'Maximiliana Alexandrina Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh-Cholmondeley of Providence Plantations';
const LONG_SIGNER = 'Bartholomew Theodoric Montgomery-Vanderbiltsworth Jr., durable power of attorney for health care decisions';
const UNBROKEN = 'X'.repeat(160);

/** Every line of text lies inside the page's margins (72 pt at the sides, below the header's top, above the page's bottom). */
const expectInsideMargins = (page: ReadPage): void => {
  for (const line of page.lines) {
    const where = `"${line.text}" at ${[line.x0, line.y0, line.x1, line.y1].map((n) => n.toFixed(1)).join(',')}`;
    expect({ where, left: line.x0 >= 72 - 0.5, right: line.x1 <= PAGE_WIDTH - 72 + 0.5, top: line.y0 >= 36, bottom: line.y1 <= PAGE_HEIGHT - 30 }).toEqual({
      where,
      left: true,
      right: true,
      top: true,
      bottom: true,
    });
  }
};

const overlaps = (a: { x0: number; y0: number; x1: number; y1: number }, b: { x0: number; y0: number; x1: number; y1: number }): boolean =>
  a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

describe('renderConsentPdf', () => {
  it('shows the practice and its address, the plan, price and renewal terms, the patient and the caregiver who signs', async () => {
    const { pdf } = await renderConsentPdf(membershipAgreement(harold), { createdAt });
    const read = readPdf(pdf);
    expect(read.title).toBe('Membership Agreement');
    const text = read.text.replace(/\s+/g, ' ');
    for (const expected of [
      'MDRI Primary Care',
      'Valley Family Practice',
      '1150 Smithfield Avenue',
      'Lincoln, RI 02865',
      '(401) 555-0101',
      'Membership Agreement',
      'Patient Harold Bennett',
      'Signed by (caregiver) Carol Bennett',
      'Membership plan Enhanced 6 Month',
      'Price $70 per 6 months',
      'Renewal Automatic, every 6 months, until cancelled',
      'The membership renews automatically at the end of each period at the same price until it is cancelled.',
      'Printed name of caregiver signing Carol Bennett',
      'On behalf of the patient Harold Bennett',
    ]) {
      expect(text).toContain(expected);
    }
    // The run-in heading is set in the semibold face.
    const lead = read.pages.flatMap((page) => page.lines).find((line) => line.text.startsWith('Membership fee.'));
    expect(lead?.font).toMatch(/Semibold/);
  });

  it('numbers every page "Page n of N" and repeats the practice header on each', async () => {
    const { pdf } = await renderConsentPdf(membershipAgreement(harold), { createdAt });
    const read = readPdf(pdf);
    expect(read.pageCount).toBeGreaterThanOrEqual(2);
    read.pages.forEach((page, index) => {
      expect(page.lines.filter((line) => /^Page \d+ of \d+$/.test(line.text)).map((line) => line.text)).toEqual([`Page ${index + 1} of ${read.pageCount}`]);
      expect(page.lines.some((line) => line.text === 'MDRI Primary Care' && line.y1 < 80)).toBe(true);
      expect(page.text).toContain('1150 Smithfield Avenue');
    });
  });

  it('names the patient as the signer when no caregiver signs, and leaves the address out for an unknown location', async () => {
    const { pdf } = await renderConsentPdf(privacyPracticesAcknowledgment({ ...harold, guardianName: null, department: null }), { createdAt });
    const text = readPdf(pdf).text.replace(/\s+/g, ' ');
    expect(text).toContain('Acknowledgment of Notice of Privacy Practices');
    expect(text).toContain('Printed name of patient signing Harold Bennett');
    expect(text).not.toContain('Carol Bennett');
    expect(text).not.toContain('On behalf of');
    expect(text).not.toContain('Smithfield');
  });

  it('wraps very long names, a long address and many paragraphs inside the margins, over several numbered pages', async () => {
    const base = membershipAgreement({ ...harold, patientName: LONG_PATIENT, guardianName: `${LONG_SIGNER} ${UNBROKEN}` });
    const document: ConsentDocument = {
      ...base,
      location: { id: '8', name: 'Cherry Hill Medical at the Johnston Professional Office Park', address1: '25 Cherry Hill Road, Building C, Second Floor, Suite 210 (entrance from the rear parking lot)', city: 'Johnston', state: 'RI', zip: '02919', phone: '4015550108' },
      paragraphs: [...Array.from({ length: 30 }, (_, index) => `Clause ${index + 1}. ${base.paragraphs[1] ?? ''}`), ...base.paragraphs],
    };
    const { pdf, fields } = await renderConsentPdf(document, { createdAt });
    const read = readPdf(pdf);
    expect(read.pageCount).toBeGreaterThanOrEqual(4);
    for (const page of read.pages) expectInsideMargins(page);
    const text = read.text.replace(/\s+/g, '');
    // Nothing is lost to wrapping: the names and the last paragraph are all there (spaces aside).
    expect(text).toContain(LONG_PATIENT.replace(/\s+/g, ''));
    expect(text).toContain(UNBROKEN);
    expect(text).toContain('(entrancefromtherearparkinglot)');
    expect(text).toContain('Clause30.');
    expect(text).toContain(document.paragraphs.at(-1)?.replace(/\s+/g, ''));
    // The signature block is on the last page.
    expect(fields.map((field) => field.page)).toEqual([read.pageCount, read.pageCount]);
  });

  it('returns SignWell fields that lie on the signature block: above the Signature and Date lines, over no text', async () => {
    for (const document of [membershipAgreement(harold), privacyPracticesAcknowledgment({ ...harold, guardianName: null })]) {
      const { pdf, fields } = await renderConsentPdf(document, { createdAt });
      const [signature, date] = fields;
      expect(signature).toMatchObject({ type: 'signature', x: 72, width: SIGNATURE_BLOCK.signatureWidth });
      expect(date).toMatchObject({ type: 'date', page: signature?.page });
      if (signature === undefined || date === undefined) throw new Error('no fields');
      const page = readPdf(pdf).pages[signature.page - 1] as ReadPage;
      const box = (field: typeof signature) => ({ x0: field.x, y0: field.y, x1: field.x + field.width, y1: field.y + field.height });
      for (const [field, label] of [
        [signature, 'Signature'],
        [date, 'Date'],
      ] as const) {
        // The label printed under the line starts where the field starts, just below it.
        const under = page.lines.find((line) => line.text === label && Math.abs(line.x0 - field.x) < 1 && line.y0 > field.y);
        expect(under).toBeDefined();
        expect((under?.y0 ?? 0) - (field.y + field.height)).toBeLessThan(14);
        expect(page.lines.filter((line) => overlaps(line, box(field))).map((line) => line.text)).toEqual([]);
        // The drawn line runs right under the field: dark pixels across its width.
        const scale = 2;
        withPdf(pdf, (opened) => {
          const pixmap = opened.loadPage(signature.page - 1).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
          const pixels = pixmap.getPixels();
          const stride = pixmap.getStride();
          const darkIn = (y: number): number => {
            let dark = 0;
            for (let x = Math.ceil(field.x * scale); x < Math.floor((field.x + field.width) * scale); x += 1) {
              if ((pixels[Math.round(y * scale) * stride + x * 3] ?? 255) < 128) dark += 1;
            }
            return dark / (field.width * scale);
          };
          const lineRow = Array.from({ length: 9 }, (_, step) => darkIn(field.y + field.height + step / 2));
          expect(Math.max(...lineRow)).toBeGreaterThan(0.95);
          // Inside the field itself: blank paper, for SignWell to sign on.
          expect(darkIn(field.y + field.height / 2)).toBe(0);
          pixmap.destroy();
        });
      }
      expect(signature.y + signature.height).toBeLessThanOrEqual(date.y + date.height + 2);
    }
  });

  it('embeds Source Sans 3 as font subsets (FontFile2), nothing more', async () => {
    const { pdf } = await renderConsentPdf(membershipAgreement(harold), { createdAt });
    const loaded = await PDFDocument.load(pdf);
    const descriptors = loaded.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    expect(descriptors.length).toBe(3);
    for (const descriptor of descriptors) {
      expect(String(descriptor.get(PDFName.of('FontName')))).toMatch(/SourceSans3-(Regular|Semibold|Bold)/);
      const file = loaded.context.lookup(descriptor.get(PDFName.of('FontFile2')));
      expect(file).toBeInstanceOf(PDFRawStream);
      // A subset: a small part of the 430 kB font file.
      expect((file as PDFRawStream).getContents().length).toBeLessThan(60_000);
    }
    expect(pdf.length).toBeLessThan(80_000);
  });

  it('gives identical bytes for identical input and date; the date is the file’s creation date', async () => {
    // At the same time too: nothing in the bytes depends on timing (e.g. which font loads first).
    const [a, b] = await Promise.all([renderConsentPdf(membershipAgreement(harold), { createdAt }), renderConsentPdf(membershipAgreement(harold), { createdAt })]);
    expect(Buffer.compare(a.pdf, b.pdf)).toBe(0);
    expect(a.fields).toEqual(b.fields);
    const later = await renderConsentPdf(membershipAgreement(harold), { createdAt: new Date('2026-03-02T10:05:00Z') });
    expect(Buffer.compare(a.pdf, later.pdf)).not.toBe(0);
    const loaded = await PDFDocument.load(a.pdf, { updateMetadata: false });
    expect(loaded.getCreationDate()).toEqual(createdAt);
    expect(loaded.getModificationDate()).toEqual(createdAt);
  });

  it('renders every page to PNG (set PDF_LOOK_DIR to keep them for a look)', async () => {
    const documents = {
      agreement: membershipAgreement(harold),
      privacy: privacyPracticesAcknowledgment(harold),
      'long-agreement': membershipAgreement({ ...harold, membershipTier: '500_concierge_annual', department: '8', patientName: LONG_PATIENT, guardianName: LONG_SIGNER }),
    };
    for (const [name, document] of Object.entries(documents)) {
      const { pdf } = await renderConsentPdf(document, { createdAt });
      const pages = renderPdfPages(pdf);
      expect(pages.length).toBe(readPdf(pdf).pageCount);
      for (const png of pages) expect(Buffer.from(png.subarray(0, 8)).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
      const directory = process.env['PDF_LOOK_DIR'];
      if (directory !== undefined && directory !== '') await writePdfPages(pdf, directory, name);
    }
  });
});
