/**
 * Exposed as './app': the single-spa lifecycles of the dashboard micro-frontend. The shell loads
 * this module through module federation and mounts it on / and /dashboard.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
import { DashboardRoot } from './DashboardRoot.tsx';
import type { DashboardRootProps } from './DashboardRoot.tsx';
// This micro-frontend's own styles: extracted into a CSS chunk that loads with this module, from
// wherever remoteEntry.js is served (publicPath 'auto').
import './dashboard.css';

const lifecycles = singleSpaReact<DashboardRootProps>({
  React,
  ReactDOMClient,
  rootComponent: DashboardRoot,
  errorBoundary: () => <AppError />,
});

export const { bootstrap, mount, unmount } = lifecycles;
