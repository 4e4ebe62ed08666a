/**
 * A micro-frontend's messages (issue 26, decision 0057): its catalogs, one per locale, loaded
 * lazily one locale at a time, in ICU MessageFormat, formatted by Lingui's core. Catalogs are JSON
 * (`src/messages/en.json`, `es.json`); the build compiles them (tools/webpack/icu-catalog-loader.cjs)
 * so no ICU parser ships. Each remote makes its own instance: it deploys alone and its ids are
 * its own.
 *
 *   export const messages = defineMessages<keyof typeof en>({ 'en-US': () => import('./messages/en.json'), … });
 *   const t = messages.useT(); t('schedule.title')
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, type Locale } from '@portal/contracts/locale.ts';
import { onPageLocale } from './page-locale.ts';
import { pseudoLocaleOn, pseudoLocalize } from './pseudo.ts';

export type MessageValues = Readonly<Record<string, string | number>>;
type CatalogModule = { readonly default: Messages };
type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0];
export type CatalogLoaders = Readonly<Record<Locale, () => Promise<CatalogModule>>>;

/** Outside webpack (jest, Node) catalogs arrive as ICU source; tests register Lingui's compiler. */
let compiler: MessageCompiler | undefined;
export const setCatalogCompiler = (compile: MessageCompiler): void => {
  compiler = compile;
};

export interface MessagesOf<Id extends string> {
  /** Loads (once) and activates a locale's catalogs; resolves when texts can be drawn. */
  load(locale: Locale): Promise<void>;
  /** Loads a locale and keeps it whatever the page's language (the staff portal stays English). */
  pin(locale: Locale): Promise<void>;
  /** The active locale's text; outside React (toasts, document.title). */
  t(id: Id, values?: MessageValues): string;
  /** In a component: the active locale's `t`, drawn again when the page's language changes. */
  useT(): (id: Id, values?: MessageValues) => string;
  useLocale(): Locale;
  /** The active locale. */
  locale(): Locale;
}

/** One package's messages; several loader sets, if given, make one catalog per locale. */
export const defineMessages = <Id extends string>(...catalogs: readonly CatalogLoaders[]): MessagesOf<Id> => {
  const i18n: I18n = setupI18n();
  if (compiler) i18n.setMessagesCompiler(compiler);
  const loaded = new Map<Locale, Promise<void>>();
  const listeners = new Set<() => void>();
  let active: Locale = DEFAULT_LOCALE;
  let following = false;
  let pinned = false;
  /** The locale asked for last: a slower, earlier load does not win over it. */
  let wanted: Locale = DEFAULT_LOCALE;

  const load = (locale: Locale): Promise<void> => {
    wanted = locale;
    let pending = loaded.get(locale);
    if (!pending) {
      pending = Promise.all(catalogs.map((loaders) => loaders[locale]())).then((modules) => {
        i18n.load(locale, Object.assign({}, ...modules.map((module) => module.default)) as Messages);
      });
      pending.catch(() => loaded.delete(locale));
      loaded.set(locale, pending);
    }
    return pending.then(() => {
      if (wanted !== locale || (active === locale && i18n.locale === locale)) return;
      active = locale;
      i18n.activate(locale);
      for (const listener of listeners) listener();
    });
  };

  const follow = (): void => {
    if (following || pinned) return;
    following = true;
    onPageLocale((locale) => {
      if (!pinned) void load(locale);
    });
  };

  const subscribe = (listener: () => void): (() => void) => {
    follow();
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const t = (id: Id, values?: MessageValues): string => {
    const text = i18n._(id, values as Record<string, unknown> | undefined);
    return pseudoLocaleOn() ? pseudoLocalize(text) : text;
  };
  const locale = (): Locale => active;

  return {
    load: (wanted) => {
      follow();
      return load(wanted);
    },
    pin: (wanted) => {
      pinned = true;
      return load(wanted);
    },
    t,
    locale,
    useLocale: () => useSyncExternalStore(subscribe, locale, locale),
    useT: () => {
      // A new function for each locale: the component draws again, and effects that use it run again.
      const current = useSyncExternalStore(subscribe, locale, locale);
      return useMemo(() => (id: Id, values?: MessageValues) => t(id, values), [current]);
    },
  };
};
