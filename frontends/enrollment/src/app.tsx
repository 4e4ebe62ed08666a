/**
 * Exposed as './app': the single-spa lifecycles of the enrollment micro-frontend. The shell loads
 * this module through module federation and mounts it on /enrollment, /enrollment/practice-location,
 * /enrollment/membership-tier, /declination-confirmation, /pay/return and /billing/return.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
import { uiMessages } from '@portal/ui/i18n.ts';
import { clientMessages } from '@portal/client/i18n.ts';
import { pageLocale } from '@portal/i18n/page-locale.ts';
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

/**
 * Before the first render, the page's language (issue 26): the forms' words, the signing and
 * payment screens', the design system's and the data client's. After that each follows the page's
 * `portal:locale` event by itself.
 */
const loadMessages = async (): Promise<void> => {
  const locale = pageLocale();
  await Promise.all([messages.load(locale), paymentMessages.load(locale), uiMessages.load(locale), clientMessages.load(locale)]);
};

export const bootstrap = async (props: Parameters<typeof lifecycles.bootstrap>[0]): Promise<void> => {
  await loadMessages();
  await lifecycles.bootstrap(props);
};
export const { mount, unmount } = lifecycles;
