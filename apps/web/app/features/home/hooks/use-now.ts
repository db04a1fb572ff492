import { useEffect, useState } from 'react';

/**
 * The current time, ticking every `intervalMs` on the client. The first render uses
 * `initialNow` (the loader's clock) so that the server HTML and the hydrating client agree;
 * the browser's own clock takes over right after hydration.
 */
export function useNow(initialNow: number, intervalMs = 1000): number {
  const [now, setNow] = useState(initialNow);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
