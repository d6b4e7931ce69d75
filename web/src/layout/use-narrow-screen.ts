import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN_PX } from './drawer-state.ts';

const query = `(max-width: ${NARROW_SCREEN_PX - 0.02}px)`;

const subscribe = (listener: () => void) => {
  const media = window.matchMedia(query);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
};

/** True under 600 px wide, where the drawer becomes temporary. */
export const useNarrowScreen = (): boolean => useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
