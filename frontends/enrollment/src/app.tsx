/**
 * Exposed as './app': the single-spa lifecycles of the enrollment micro-frontend. The shell loads
 * this module through module federation and mounts it on /enrollment, /enrollment/practice-location,
 * /enrollment/membership-tier, /declination-confirmation, /pay/return and /billing/return.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
import { EnrollmentRoot } from './EnrollmentRoot.tsx';
import type { EnrollmentRootProps } from './EnrollmentRoot.tsx';
// This micro-frontend's own styles: extracted into a CSS chunk that loads with this module, from
// wherever remoteEntry.js is served (publicPath 'auto').
import './enrollment.css';

const lifecycles = singleSpaReact<EnrollmentRootProps>({
  React,
  ReactDOMClient,
  rootComponent: EnrollmentRoot,
  errorBoundary: () => <AppError />,
});

export const { bootstrap, mount, unmount } = lifecycles;
