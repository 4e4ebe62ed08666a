/**
 * The booking texts Node reads without the catalogs' loader (manifest.ts, at build time and in the
 * API's first paint): taken from messages/en.json and es.json, the one home of the words
 * (issue 26). The screens draw theirs from `t()` (i18n.ts).
 */
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };

export const PAGE_TITLE = en['page.title'];
export const PAGE_DESCRIPTION = en['page.description'];
export const EARLIER_TITLE = en['earlier.header'];

/** The Spanish of each English text the manifest declares (its header titles and first paint). */
export const MANIFEST_SPANISH: Readonly<Record<string, string>> = {
  [PAGE_TITLE]: es['page.title'],
  [PAGE_DESCRIPTION]: es['page.description'],
  [EARLIER_TITLE]: es['earlier.header'],
};
