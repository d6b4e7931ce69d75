import { useEffect, useState } from 'react';
import { systemClock } from '../../../lib/clock.ts';

/** "Now", refreshed every 30 seconds while `active` (a row's countdown in minutes stays right without events). */
export const useMinuteTick = (active: boolean): Date => {
  const [now, setNow] = useState(() => systemClock.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(systemClock.now());
    const timer = setInterval(() => setNow(systemClock.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
};
