/**
 * SignWell's embedded.js, loaded from the URL GET /api/config gives (scripts.signwellEmbedJs; the
 * provider sandbox serves a look-alike with the same API). Loaded once per URL; a failed load may
 * be tried again.
 */

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

const LOAD_TIMEOUT_MS = 20_000;
const loads = new Map<string, Promise<SignWellEmbedConstructor>>();

export const loadSignWellEmbed = (url: string): Promise<SignWellEmbedConstructor> => {
  if (window.SignWellEmbed) return Promise.resolve(window.SignWellEmbed);
  const cached = loads.get(url);
  if (cached) return cached;
  const loading = new Promise<SignWellEmbedConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = window.setTimeout(() => fail(new Error(`Timed out loading ${url}`)), LOAD_TIMEOUT_MS);
    const fail = (error: Error): void => {
      window.clearTimeout(timer);
      script.remove();
      reject(error);
    };
    script.src = url;
    script.async = true;
    script.dataset.portalScript = 'signwell';
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.SignWellEmbed) resolve(window.SignWellEmbed);
      else fail(new Error(`${url} did not define window.SignWellEmbed`));
    };
    script.onerror = () => fail(new Error(`Could not load ${url}`));
    document.head.append(script);
  });
  loads.set(url, loading);
  loading.catch(() => loads.delete(url));
  return loading;
};
