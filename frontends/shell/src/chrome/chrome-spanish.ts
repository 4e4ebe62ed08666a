/**
 * The shell's first-load words in Spanish (chrome-text.ts), a chunk loaded only for a Spanish
 * page: its catalog, and the Spanish header titles, the shell's own ('Member Portal') and those of
 * the manifests' `translations` (checked by the build's parseBuiltManifest; here only well-formed
 * entries are taken).
 */
import { DEFAULT_HEADER } from '../routes.ts';
import { manifestUrlFor, readRemoteEntries } from '../remotes.ts';
import { formatText, type ChromeSpanish, type CompiledText } from './chrome-format.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** English → Spanish from one manifest's `translations['es-US']`. */
export const manifestSpanish = (manifest: unknown): Array<[string, string]> => {
  const table = isRecord(manifest) && isRecord(manifest.translations) ? manifest.translations['es-US'] : undefined;
  if (!isRecord(table)) return [];
  return Object.entries(table)
    .slice(0, 200)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '' && entry[1].length <= 300);
};

/**
 * The manifests as the page was given them: folded into /remotes.js, or else manifest.json beside
 * the remote's entry (the browser's cache has it: the shell fetched it a moment ago). One that
 * does not arrive leaves its titles in English.
 */
const pageManifests = (): Promise<unknown[]> =>
  Promise.all(
    (readRemoteEntries(window.__PORTAL_REMOTES__) ?? []).map((entry) =>
      entry.manifest !== undefined
        ? entry.manifest
        : fetch(manifestUrlFor(entry.url, window.location.href), { credentials: 'same-origin' }).then(
            (response) => (response.ok ? (response.json() as Promise<unknown>) : null),
            () => null,
          ),
    ),
  );

export const chromeSpanish = async (): Promise<ChromeSpanish> => {
  const manifests = await pageManifests();
  const catalog = (await import(/* webpackChunkName: "messages-es" */ './messages/es.json', { with: { type: 'json' } })).default as unknown as Readonly<Record<string, CompiledText>>;
  return {
    catalog,
    titles: new Map([...manifests.flatMap(manifestSpanish), [DEFAULT_HEADER.title, formatText(catalog['header.defaultTitle']!)]]),
  };
};
