/**
 * React.lazy for the chrome's parts that load on first use (decision 0034), with what to show when
 * their chunk cannot be loaded (the network dropped, a new release removed it): the chrome is one
 * React root, and a failed lazy part must not take the header and footer down with it.
 */
import { lazy } from 'react';
import type { ComponentType } from 'react';

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
