/** @portal/ui's ToastHost (Radix Toast), loaded with the page's first toast (LazyToastHost.tsx). */
import { useEffect } from 'react';
import { ToastHost } from '@portal/ui/ToastHost.tsx';
import { earlyToastEvents, hostState } from './toast-host-state.ts';

export default function ToastHostLoaded() {
  // Runs after ToastHost's own effect (children first), so its listeners hear the replay.
  useEffect(() => {
    hostState.listening = true;
    for (const event of earlyToastEvents.splice(0)) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, []);
  return <ToastHost />;
}
