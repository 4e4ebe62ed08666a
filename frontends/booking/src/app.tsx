/**
 * Exposed as './app': the single-spa lifecycles of the booking micro-frontend. The shell loads
 * this module through module federation and mounts it on /appointments and below.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppError } from '@portal/ui';
import { clientMessages } from '@portal/client/i18n.ts';
import { pageLocale } from '@portal/i18n/page-locale.ts';
import { uiMessages } from '@portal/ui/i18n.ts';
import { BookingRoot } from './BookingRoot.tsx';
import type { BookingRootProps } from './BookingRoot.tsx';
import { messages } from './i18n.ts';
// This micro-frontend's own styles: extracted into a CSS chunk that loads with this module, from
// wherever remoteEntry.js is served (publicPath 'auto').
import './booking.css';

const lifecycles = singleSpaReact<BookingRootProps>({
  React,
  ReactDOMClient,
  rootComponent: BookingRoot,
  errorBoundary: () => <AppError />,
});

/**
 * The words of the page's language (this remote's, the design system's and the data client's) are
 * there before the first render; after that each catalog follows the page's `portal:locale`.
 */
const loadMessages = async (): Promise<void> => {
  const locale = pageLocale();
  await Promise.all([messages.load(locale), uiMessages.load(locale), clientMessages.load(locale)]);
};

export const bootstrap = async (props: Parameters<typeof lifecycles.bootstrap>[0]): Promise<void> => {
  await loadMessages();
  await lifecycles.bootstrap(props);
};
export const { mount, unmount } = lifecycles;
