import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import { appContainer } from './app-container.ts';

/** single-spa lifecycles for a small view that lives in the shell (404, remote load failure). */
export const reactLifecycles = (containerName: string, render: () => ReactNode): LifeCycles => {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async () => {
      root = createRoot(appContainer(containerName));
      const mounted = root;
      // Render at once so the shell can move focus to the new page's heading after routing.
      flushSync(() => mounted.render(<StrictMode>{render()}</StrictMode>));
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
};
