/**
 * For tests and for looking: renders a PDF's pages to PNG with MuPDF (1.5× by default, 108 dpi),
 * so a person (or an image viewer) can see the document as a patient would.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { withPdf } from '../pdf-read.ts';

export const renderPdfPages = (pdf: Uint8Array, scale = 1.5): Uint8Array[] =>
  withPdf(pdf, (document) => {
    const images: Uint8Array[] = [];
    for (let index = 0; index < document.countPages(); index += 1) {
      const page = document.loadPage(index);
      try {
        const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
        try {
          images.push(pixmap.asPNG());
        } finally {
          pixmap.destroy();
        }
      } finally {
        page.destroy();
      }
    }
    return images;
  });

/** Writes `<name>-page-<n>.png` for every page into `directory`; answers the paths. */
export const writePdfPages = async (pdf: Uint8Array, directory: string, name: string, scale = 1.5): Promise<string[]> => {
  await mkdir(directory, { recursive: true });
  const paths: string[] = [];
  for (const [index, png] of renderPdfPages(pdf, scale).entries()) {
    const path = join(directory, `${name}-page-${index + 1}.png`);
    await writeFile(path, png);
    paths.push(path);
  }
  return paths;
};
