import { useEffect, useLayoutEffect, useRef } from 'react';
import { useRealtimeStatus } from '../../../lib/realtime.tsx';

/** Runs `callback` when the realtime connection is open again after a loss: events sent meanwhile were missed. */
export const useOnReconnect = (callback: () => void): void => {
  const status = useRealtimeStatus();
  const wasLost = useRef(false);
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (status === 'reconnecting') wasLost.current = true;
    if (status === 'open' && wasLost.current) {
      wasLost.current = false;
      latest.current();
    }
  }, [status]);
};
