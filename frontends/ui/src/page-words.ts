/**
 * A micro-frontend's bootstrap with its words (issue 26, decision 0057): its own catalogs, the
 * design system's and the data client's, in the page's language, before the first render; after
 * that each catalog follows the page's `portal:locale` event by itself.
 */
import { clientMessages } from '@portal/client/i18n.ts';
import type { Locale } from '@portal/i18n';
import { pageLocale } from '@portal/i18n/page-locale.ts';
import { uiMessages } from './i18n.ts';

interface Loadable {
  load(locale: Locale): Promise<void>;
}

export const withPageWords =
  <P,>(bootstrap: (props: P) => Promise<unknown>, ...catalogs: readonly Loadable[]) =>
  async (props: P): Promise<void> => {
    const locale = pageLocale();
    await Promise.all([...catalogs, uiMessages, clientMessages].map((catalog) => catalog.load(locale)));
    await bootstrap(props);
  };
