import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../../lib/i18n.ts';
import { browserLanguages, widgetLanguage } from '../utils/widget-language.ts';

/**
 * What the public widget page runs in, instead of the app's providers: translations in the browser's language,
 * the UI kit and a data cache of its own. No session, no agents' realtime connection and no refresh of an
 * agent's token happen on a widget page, even in a browser where an agent is signed in.
 */
export function WidgetProviders({ children }: { children: ReactNode }) {
  useState(() => {
    // the page is only ever the widget, so the shared instance can switch; the app's stored choice is untouched
    void i18n.changeLanguage(widgetLanguage(browserLanguages()));
  });
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false }, mutations: { retry: false } } }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <PrimeReactProvider value={{ ripple: true }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </PrimeReactProvider>
    </I18nextProvider>
  );
}
