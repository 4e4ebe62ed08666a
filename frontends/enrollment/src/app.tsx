/**
 * Exposed as './app': the single-spa lifecycles of the enrollment micro-frontend. The shell loads
 * this module through module federation and mounts it on /enrollment, /enrollment/practice-location,
 * /enrollment/membership-tier, /declination-confirmation, /pay/return and /billing/return.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
import { withPageWords } from '@portal/ui/page-words.ts';
import { EnrollmentRoot } from './EnrollmentRoot.tsx';
import type { EnrollmentRootProps } from './EnrollmentRoot.tsx';
import { messages } from './i18n.ts';
import { paymentMessages } from './payment/i18n.ts';
// This micro-frontend's own styles: extracted into a CSS chunk that loads with this module, from
// wherever remoteEntry.js is served (publicPath 'auto').
import './enrollment.css';

const lifecycles = singleSpaReact<EnrollmentRootProps>({
  React,
  ReactDOMClient,
  rootComponent: EnrollmentRoot,
  errorBoundary: () => <AppError />,
});

/** Its words, the design system's and the data client's, in the page's language before the first render. */
export const bootstrap = withPageWords(lifecycles.bootstrap, messages, paymentMessages);
export const { mount, unmount } = lifecycles;
