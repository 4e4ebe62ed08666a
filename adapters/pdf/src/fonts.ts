/**
 * Source Sans 3 (Adobe, SIL Open Font License), the TTF files of the installed `source-sans`
 * package, found through Node's resolution (no absolute path). Read once per process.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export type FontRole = 'regular' | 'semibold' | 'bold' | 'italic';

export const FONT_FILES: Readonly<Record<FontRole, string>> = {
  regular: 'SourceSans3-Regular.ttf',
  semibold: 'SourceSans3-Semibold.ttf',
  bold: 'SourceSans3-Bold.ttf',
  italic: 'SourceSans3-It.ttf',
};

const require = createRequire(import.meta.url);

/** The absolute path of one of the package's TTF files. */
export const fontPath = (role: FontRole): string => require.resolve(`source-sans/TTF/${FONT_FILES[role]}`);

const cache = new Map<FontRole, Promise<Uint8Array>>();

export const fontBytes = (role: FontRole): Promise<Uint8Array> => {
  let bytes = cache.get(role);
  if (bytes === undefined) {
    bytes = readFile(fontPath(role)).then((buffer) => new Uint8Array(buffer));
    // A failed read is not cached: the next document tries again.
    bytes.catch(() => cache.delete(role));
    cache.set(role, bytes);
  }
  return bytes;
};
