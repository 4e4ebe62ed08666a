/**
 * Exposed as './app': the single-spa lifecycles of the identity micro-frontend. The shell loads
 * this module through module federation and mounts it on /login and /guest-login.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
import { IdentityRoot } from './IdentityRoot.tsx';
import type { IdentityRootProps } from './IdentityRoot.tsx';

const lifecycles = singleSpaReact<IdentityRootProps>({
  React,
  ReactDOMClient,
  rootComponent: IdentityRoot,
  errorBoundary: () => <AppError />,
});

export const { bootstrap, mount, unmount } = lifecycles;
