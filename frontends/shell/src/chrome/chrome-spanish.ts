/**
 * The shell's first-load words in Spanish (chrome-text.ts), a chunk loaded only for a Spanish
 * page: its catalog, and the Spanish header titles, the shell's own ('Member Portal') and those of
 * the manifests' `translations` (checked by the build's parseBuiltManifest; here only well-formed
 * entries are taken).
 */
import { DEFAULT_HEADER } from '../routes.ts';
import { formatText, type ChromeSpanish, type CompiledText } from './chrome-text.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** English → Spanish from one manifest's `translations['es-US']`. */
export const manifestSpanish = (manifest: unknown): Array<[string, string]> => {
  const table = isRecord(manifest) && isRecord(manifest.translations) ? manifest.translations['es-US'] : undefined;
  if (!isRecord(table)) return [];
  return Object.entries(table)
    .slice(0, 200)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '' && entry[1].length <= 300);
};

export const chromeSpanish = async (manifests: readonly unknown[]): Promise<ChromeSpanish> => {
  const catalog = (await import('./messages/es.json', { with: { type: 'json' } })).default as unknown as Readonly<Record<string, CompiledText>>;
  return {
    catalog,
    titles: new Map([...manifests.flatMap(manifestSpanish), [DEFAULT_HEADER.title, formatText(catalog['header.defaultTitle']!)]]),
  };
};
