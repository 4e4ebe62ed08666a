/**
 * React.lazy for the chrome's parts that load on first use (decision 0034), with what to show when
 * their chunk cannot be loaded (the network dropped, a new release removed it): the chrome is one
 * React root, and a failed lazy part must not take the header and footer down with it.
 */
import { lazy } from 'react';
import type { ComponentType } from 'react';

/** A lazy part's module once its words (../i18n.ts, with Lingui) are loaded too. */
export const withWords = <T>(module: Promise<T>): Promise<T> =>
  Promise.all([module, import('../i18n.ts').then((i18n) => i18n.loadLazyMessages())]).then(([loaded]) => loaded);

export const lazyOr = <P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>) =>
  lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error('A part of the page could not be loaded', error);
        return { default: fallback };
      },
    ),
  );
