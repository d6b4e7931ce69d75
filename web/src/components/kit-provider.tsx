import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { primeLocaleName } from '../lib/prime-locale.ts';
import { primePassThrough } from '../lib/prime-pass-through.ts';
import { useOverlayEscape } from './overlay-escape.ts';

/**
 * PrimeReact's settings and texts, around the parts of the app that use PrimeReact (the signed-in shell, the
 * signup and password pages, the widget). Not in the app's providers: the sign-in page runs without PrimeReact.
 * Escape in an open dropdown closes only the dropdown, in every dialog (overlay-escape.ts).
 */
export function KitProvider({ children }: { children: ReactNode }) {
  useOverlayEscape();
  // PrimeReactProvider sets PrimeReact's global locale to this one when it mounts (its default would be English)
  return (
    <PrimeReactProvider value={{ ripple: true, pt: primePassThrough, locale: primeLocaleName() }}>{children}</PrimeReactProvider>
  );
}
