import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, use, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { KitProvider } from '../../../components/kit-provider.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { browserLanguages, visitorLanguages, widgetLanguage } from '../utils/widget-language.ts';

// the page is only ever the widget, so the shared instance can switch; the app's stored choice is untouched
let languageSwitch: Promise<unknown> | undefined;
const switchLanguage = () =>
  (languageSwitch ??= i18n.changeLanguage(widgetLanguage(visitorLanguages(window.location.search, browserLanguages()))));

/**
 * Holds the page back until the visitor's language has been downloaded, so it never shows in another one. One
 * promise per page load: a render React retries must wait on the same one.
 */
function LanguageReady({ children }: { children: ReactNode }) {
  use(switchLanguage());
  return children;
}

/**
 * What the public widget page runs in, instead of the app's providers: translations in the site's or the browser's language,
 * the UI kit and a data cache of its own. No session, no agents' realtime connection and no refresh of an
 * agent's token happen on a widget page, even in a browser where an agent is signed in.
 */
export function WidgetProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false }, mutations: { retry: false } } }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <KitProvider>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageLoader fullScreen />}>
            <LanguageReady>{children}</LanguageReady>
          </Suspense>
        </QueryClientProvider>
      </KitProvider>
    </I18nextProvider>
  );
}
