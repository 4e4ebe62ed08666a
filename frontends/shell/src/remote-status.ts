/** Which micro-frontend is being downloaded, for the loading indicator in the main area. */
import { useSyncExternalStore } from 'react';

let loading: string | null = null;
const listeners = new Set<() => void>();

export const setLoadingRemote = (name: string | null): void => {
  if (loading === name) return;
  loading = name;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLoadingRemote = (): string | null => useSyncExternalStore(subscribe, () => loading, () => loading);
