import { useEffect, useState } from 'react';

/** The value as it was `delayMs` after it last changed (search boxes wait 500 ms, spec document 1 section 9). */
export const useDebouncedValue = <T>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};
