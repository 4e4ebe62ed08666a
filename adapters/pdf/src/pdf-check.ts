/**
 * For tests: reads a PDF's structure the way a viewer starts to — header, startxref, the
 * cross-reference table, every object where the table says, the trailer's Root and Info — and
 * throws on the first thing that does not hold. Handles classic xref tables only (what the
 * sandbox writes).
 */
export interface CheckedPdf {
  readonly version: string;
  readonly objectCount: number;
  readonly pageCount: number;
  readonly title: string | null;
  /** Every object's text, in order (content streams included): for "does it say X" checks. */
  readonly text: string;
}

export const checkPdfStructure = (pdf: Buffer): CheckedPdf => {
  const source = pdf.toString('latin1');
  const header = /^%PDF-(\d\.\d)/.exec(source);
  if (!header) throw new Error('no %PDF- header');
  if (!/%%EOF\s*$/.test(source)) throw new Error('does not end with %%EOF');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(source);
  if (!startxref) throw new Error('no startxref before %%EOF');
  const xrefAt = Number(startxref[1]);
  if (source.slice(xrefAt, xrefAt + 4) !== 'xref') throw new Error(`startxref ${xrefAt} does not point at an xref table`);
  const table = /^xref\s+0\s+(\d+)\s+/.exec(source.slice(xrefAt));
  if (!table) throw new Error('malformed xref subsection header');
  const size = Number(table[1]);
  let cursor = xrefAt + table[0].length;
  const offsets: number[] = [];
  for (let index = 0; index < size; index += 1) {
    const entry = source.slice(cursor, cursor + 20);
    const fields = /^(\d{10}) (\d{5}) ([nf])(?: \n|\r\n| \r)$/.exec(entry);
    if (!fields) throw new Error(`xref entry ${index} is not 20 bytes of "nnnnnnnnnn ggggg n eol"`);
    if (index > 0) {
      if (fields[3] !== 'n') throw new Error(`object ${index} is not in use`);
      offsets.push(Number(fields[1]));
    }
    cursor += 20;
  }
  offsets.forEach((offset, index) => {
    const expected = `${index + 1} 0 obj`;
    if (source.slice(offset, offset + expected.length) !== expected) throw new Error(`xref offset of object ${index + 1} is wrong`);
    const end = source.indexOf('endobj', offset);
    if (end < 0) throw new Error(`object ${index + 1} has no endobj`);
    const streamAt = source.indexOf('stream\n', offset);
    if (streamAt >= 0 && streamAt < end) {
      const length = /\/Length (\d+)/.exec(source.slice(offset, streamAt));
      if (!length) throw new Error(`stream of object ${index + 1} has no /Length`);
      const dataEnd = streamAt + 'stream\n'.length + Number(length[1]);
      if (source.slice(dataEnd, dataEnd + 'endstream'.length) !== 'endstream') throw new Error(`stream of object ${index + 1} has a wrong /Length`);
    }
  });
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref/.exec(source.slice(xrefAt));
  if (!trailer) throw new Error('no trailer');
  const root = /\/Root (\d+) 0 R/.exec(trailer[1] ?? '');
  if (!root || !/\/Type \/Catalog/.test(objectBody(source, offsets, Number(root[1])))) throw new Error('the trailer Root is not a catalog');
  if (Number(/\/Size (\d+)/.exec(trailer[1] ?? '')?.[1]) !== size) throw new Error('trailer /Size does not match the xref');
  const pages = /\/Type \/Pages \/Kids \[([^\]]*)\] \/Count (\d+)/.exec(source);
  const pageCount = Number(pages?.[2] ?? 0);
  if (pages === null || (pages[1] ?? '').trim().split(/\s+/).length !== pageCount * 3) throw new Error('the page tree does not match its count');
  const info = /\/Info (\d+) 0 R/.exec(trailer[1] ?? '');
  const title = info ? (/\/Title \(((?:\\.|[^\\)])*)\)/.exec(objectBody(source, offsets, Number(info[1])))?.[1] ?? null) : null;
  return { version: header[1] as string, objectCount: size - 1, pageCount, title, text: source };
};

const objectBody = (source: string, offsets: readonly number[], id: number): string => {
  const at = offsets[id - 1];
  if (at === undefined) throw new Error(`object ${id} is not in the xref`);
  return source.slice(at, source.indexOf('endobj', at));
};
