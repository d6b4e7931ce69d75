import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useBranding } from '../lib/branding.ts';
import { AppProviders } from './providers.tsx';
import { appRoutes, isWidgetPath, widgetRoutes } from './router.tsx';

// the widget's providers bring PrimeReact and a data cache of their own: loaded only on a widget page
const WidgetProviders = lazy(async () => ({
  default: (await import('../features/widget/components/widget-providers.tsx')).WidgetProviders,
}));

/** Declarative routing: the app uses no loaders or actions, and the data router would add about 16 KB gzip. */
function AppRoutes() {
  return useRoutes(appRoutes);
}

/** The platform's white label (name, colours, favicon), on the sign-in pages as on the signed-in ones. */
function Branding() {
  useBranding();
  return null;
}

function WidgetRoutes() {
  return useRoutes(widgetRoutes);
}

export function App() {
  // the public chat widget runs without the app's session, so an agent signed in on this browser is not touched
  const [widget] = useState(() => isWidgetPath(window.location.pathname));
  if (widget)
    return (
      <Suspense fallback={<PageLoader fullScreen />}>
        <WidgetProviders>
          <BrowserRouter>
            <WidgetRoutes />
          </BrowserRouter>
        </WidgetProviders>
      </Suspense>
    );
  return (
    <AppProviders>
      <Branding />
      <OfflineBanner />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
