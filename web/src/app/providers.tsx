import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { installFocusReturn } from '../lib/focus-return.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { RealtimeProvider } from '../lib/realtime.tsx';
import { SessionProvider } from '../lib/session.tsx';
import { ToastProvider } from '../lib/toast.tsx';

/**
 * Everything a page may rely on: translations, data cache, toasts, the session and live events. PrimeReact's
 * provider is not here but in the pages that use PrimeReact (KitProvider), so the sign-in page loads none of it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => installFocusReturn(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SessionProvider>
            <RealtimeProvider>{children}</RealtimeProvider>
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
