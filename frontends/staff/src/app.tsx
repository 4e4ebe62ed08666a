/**
 * Exposed as './app': the single-spa lifecycles of the staff micro-frontend. The shell loads
 * this module through module federation and mounts it on /staff.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
import { clientMessages } from '@portal/client/i18n.ts';
import { uiMessages } from '@portal/ui/i18n.ts';
import { STAFF_LANGUAGE } from './manifest.ts';
import { StaffRoot } from './StaffRoot.tsx';
import type { StaffRootProps } from './StaffRoot.tsx';
// This micro-frontend's own styles: extracted into a CSS chunk that loads with this module, from
// wherever remoteEntry.js is served (publicPath 'auto').
import './staff.css';

const lifecycles = singleSpaReact<StaffRootProps>({
  React,
  ReactDOMClient,
  rootComponent: StaffRoot,
  errorBoundary: () => <AppError />,
});

/**
 * The staff portal stays English (issue 26; its manifest's `languages`): the design system's and
 * the data client's words in that language are loaded before the first render (their components
 * draw from catalogs now), pinned so a language change on the same page does not turn them Spanish.
 */
export const bootstrap = async (props: Parameters<typeof lifecycles.bootstrap>[0]): Promise<void> => {
  await Promise.all([uiMessages.pin(STAFF_LANGUAGE), clientMessages.pin(STAFF_LANGUAGE)]);
  await lifecycles.bootstrap(props);
};
export const { mount, unmount } = lifecycles;
