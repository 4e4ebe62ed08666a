/**
 * Exposed as './app': the single-spa lifecycles of the staff micro-frontend. The shell loads
 * this module through module federation and mounts it on /staff.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
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

export const { bootstrap, mount, unmount } = lifecycles;
