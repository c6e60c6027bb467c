import { useEffect, useState } from 'react';

/** Whole seconds left until an instant, ticking once a second; 0 once it has passed. */
export function useSecondsUntil(iso: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}
