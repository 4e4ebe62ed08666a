import { useEffect, useState } from 'react';

/**
 * The time, updated every second while `active` (countdowns). Stops when inactive, so a page
 * without a running clock does not re-render.
 */
export const useNow = (active: boolean, intervalMs = 1000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs]);
  return now;
};
