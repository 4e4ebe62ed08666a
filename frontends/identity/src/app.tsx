/**
 * Exposed as './app': the single-spa lifecycles of the identity micro-frontend. The shell loads
 * this module through module federation and mounts it on /login and /guest-login.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
import { withPageWords } from '@portal/ui/page-words.ts';
import { IdentityRoot } from './IdentityRoot.tsx';
import type { IdentityRootProps } from './IdentityRoot.tsx';
import { messages } from './i18n.ts';
// This micro-frontend's own styles: extracted into a CSS chunk that loads with this module, from
// wherever remoteEntry.js is served (publicPath 'auto').
import './identity.css';

const lifecycles = singleSpaReact<IdentityRootProps>({
  React,
  ReactDOMClient,
  rootComponent: IdentityRoot,
  errorBoundary: () => <AppError />,
});

/** Its words, the design system's and the data client's, in the page's language before the first render. */
export const bootstrap = withPageWords(lifecycles.bootstrap, messages);
export const { mount, unmount } = lifecycles;
