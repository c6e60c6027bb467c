import { useEffect, useState } from 'react';

/** The time now, moved on every minute: enough for "รอ 2 ชม." to stay true while a screen stays open. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
