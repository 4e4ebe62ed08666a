import { describe, expect, it } from '@jest/globals';
import { countPdfPages, extractPdfText, readPdf } from './pdf-read.ts';
import { PdfFlow } from './pdf-flow.ts';

const twoPages = async (): Promise<Buffer> => {
  const flow = await PdfFlow.create({ title: 'Audit Trail', createdAt: new Date('2026-03-01T10:05:00Z') }, { top: 72, right: 72, bottom: 72, left: 72 });
  flow.text('Membership Agreement', { size: 20, font: 'bold' });
  flow.text('Signed by Margaret Sullivan (margaret.sullivan@example.com)');
  flow.newPage();
  flow.text('Audit Trail', { size: 16, font: 'semibold' });
  return flow.save();
};

describe('pdf-read (MuPDF)', () => {
  it('reads the title, the pages and their lines of a PDF with embedded subset fonts', async () => {
    const pdf = await twoPages();
    const read = readPdf(pdf);
    expect(read).toMatchObject({ pageCount: 2, title: 'Audit Trail' });
    expect(read.pages.map((page) => page.lines.map((line) => line.text))).toEqual([
      ['Membership Agreement', 'Signed by Margaret Sullivan (margaret.sullivan@example.com)'],
      ['Audit Trail'],
    ]);
    expect(read.pages[0]?.lines[0]).toMatchObject({ size: 20, font: expect.stringMatching(/SourceSans3-Bold/) });
    expect(countPdfPages(pdf)).toBe(2);
    expect(extractPdfText(pdf)).toBe('Membership Agreement\nSigned by Margaret Sullivan (margaret.sullivan@example.com)\n\nAudit Trail');
    expect(extractPdfText(pdf, 10)).toBe('Membership…');
  });

  it('gives nothing (never throws) for bytes it cannot read', () => {
    expect(extractPdfText(Buffer.from('not a pdf'))).toBe('');
    expect(countPdfPages(Buffer.from('%PDF-1.4'))).toBe(1);
  });
});
