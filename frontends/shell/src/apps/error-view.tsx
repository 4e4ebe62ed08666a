/**
 * The view shown in place of a micro-frontend that cannot be loaded or started (and on unknown
 * paths while some micro-frontend's routes are unknown). It is rare, so RemoteLoadError.tsx is a
 * chunk of its own (decision 0034); should that chunk not load either (the network is gone), the
 * same sentence is shown plainly.
 */
import type { ComponentType } from 'react';
import { withWords } from '../chrome/lazy-or.ts';
import { REMOTE_LOAD_ERROR_TEXT } from './remote-load-error-text.ts';

export { REMOTE_LOAD_ERROR_TEXT };

function PlainLoadError() {
  return (
    <p role="alert" className="ui-container ui-container--md">
      {REMOTE_LOAD_ERROR_TEXT}
    </p>
  );
}

/** RemoteLoadError, or the plain sentence when its chunk cannot be loaded. */
export const loadErrorView = (): Promise<ComponentType> =>
  withWords(import('./RemoteLoadError.tsx')).then(
    (module) => module.RemoteLoadError,
    () => PlainLoadError,
  );
