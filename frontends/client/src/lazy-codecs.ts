/**
 * `decode` options that load their codec on first use (see startup-codecs.ts): the request starts
 * the download, so the codec arrives while the answer is on its way.
 */
import type { Decode } from './api.ts';

type Codecs = typeof import('./startup-codecs.ts');

let loading: Promise<Codecs> | null = null;

const codecs = (): Promise<Codecs> => {
  // Named: the API preloads the shell's copy from every page (its chunks and the io-ts and fp-ts
  // it needs), since the session's answer waits on it (docs/decisions/0046-startup-codecs-preload.md).
  loading ??= import(/* webpackChunkName: "startup-codecs" */ './startup-codecs.ts');
  // A failed download may be tried again by the next request.
  loading.catch(() => {
    loading = null;
  });
  return loading;
};

/** The named codec of startup-codecs.ts, loaded when a request first needs it. */
export const lazyCodec = (name: keyof Codecs): Decode => () => codecs().then((module) => module[name]);
