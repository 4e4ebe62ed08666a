import { deflateSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { checkPdfStructure } from './pdf-check.ts';
import { countPdfPages, extractPdfText } from './pdf-text.ts';
import { PageFlow, pdfString, textWidth, wrapText, writePdf } from './pdf-writer.ts';

describe('writePdf', () => {
  it('writes a structurally valid PDF whose text can be read back', () => {
    const flow = new PageFlow();
    flow.text('Membership Agreement', 20, 'bold');
    flow.text('Signed by Margaret Sullivan (margaret.sullivan@example.com)');
    flow.newPage();
    flow.text('Audit Trail', 16, 'bold');
    const pdf = writePdf({ title: 'Membership Agreement', creationDate: new Date('2026-03-01T10:05:00Z'), pages: flow.pages() });
    const checked = checkPdfStructure(pdf);
    expect(checked).toMatchObject({ version: '1.7', pageCount: 2, title: 'Membership Agreement' });
    expect(countPdfPages(pdf)).toBe(2);
    expect(extractPdfText(pdf)).toBe('Membership Agreement\nSigned by Margaret Sullivan (margaret.sullivan@example.com)\n\nAudit Trail');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').endsWith('%%EOF\n')).toBe(true);
  });

  it('escapes PDF string syntax and maps text to WinAnsi', () => {
    expect(pdfString('a(b)c\\d')).toBe('(a\\(b\\)c\\\\d)');
    expect(pdfString('José – “ok” ☺')).toBe('(Jos\\351 \\226 \\223ok\\224 ?)');
  });

  it('wraps text to the width and cuts words that cannot fit', () => {
    const lines = wrapText('one two three four five six seven eight nine ten', 12, 100);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(line, 12)).toBeLessThanOrEqual(100);
    expect(wrapText('x'.repeat(100), 12, 60).every((line) => textWidth(line, 12) <= 60)).toBe(true);
    expect(wrapText('a\n\nb', 12, 100)).toEqual(['a', '', 'b']);
  });

  it('flows long text onto new pages', () => {
    const flow = new PageFlow();
    for (let i = 0; i < 120; i += 1) flow.text(`Line ${i}`);
    expect(flow.pages().length).toBeGreaterThan(1);
  });
});

describe('extractPdfText', () => {
  it('reads Flate-compressed content streams, TJ arrays and escapes', () => {
    const content = Buffer.from('BT /F1 12 Tf 72 700 Td (Hello \\(world\\)) Tj 0 -14 Td [(Mem) 20 (bership) -300 (terms)] TJ ET');
    const compressed = deflateSync(content);
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n2 0 obj << /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      compressed,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
    expect(extractPdfText(pdf)).toBe('Hello (world)\nMembership terms');
  });

  it('gives nothing (never throws) for bytes it cannot read', () => {
    expect(extractPdfText(Buffer.from('not a pdf'))).toBe('');
    expect(extractPdfText(Buffer.from('%PDF-1.4\n1 0 obj << /Length 4 /Filter /FlateDecode >>\nstream\nxxxx\nendstream'))).toBe('');
    expect(countPdfPages(Buffer.from('%PDF-1.4'))).toBe(1);
  });
});
