/**
 * SignWell's embedded.js, loaded from the URL GET /api/config gives (scripts.signwellEmbedJs; the
 * provider sandbox serves a look-alike with the same API). Loaded once per URL; a failed load may
 * be tried again.
 */
import { loadProviderScript } from '@portal/client';

export interface SignWellEventPayload {
  readonly id?: string | null;
  readonly documentId?: string | null;
  readonly event?: string;
  readonly message?: string;
}

export interface SignWellEmbedOptions {
  url: string;
  containerId?: string;
  allowDecline?: boolean;
  allowClose?: boolean;
  showHeader?: boolean;
  events: {
    completed?: (payload: SignWellEventPayload) => void;
    closed?: (payload: SignWellEventPayload) => void;
    declined?: (payload: SignWellEventPayload) => void;
    error?: (payload: SignWellEventPayload) => void;
  };
}

export interface SignWellEmbedInstance {
  open(): SignWellEmbedInstance;
  close(): SignWellEmbedInstance;
}

export type SignWellEmbedConstructor = new (options: SignWellEmbedOptions) => SignWellEmbedInstance;

declare global {
  interface Window {
    SignWellEmbed?: SignWellEmbedConstructor;
  }
}

export const loadSignWellEmbed = (url: string): Promise<SignWellEmbedConstructor> =>
  loadProviderScript({ url, name: 'SignWellEmbed', global: () => window.SignWellEmbed });
