import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { WidgetProviders } from '../features/widget/components/widget-providers.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter, createWidgetRouter, isWidgetPath } from './router.tsx';

export function App() {
  // the public chat widget runs without the app's session, so an agent signed in on this browser is not touched
  const [widget] = useState(() => isWidgetPath(window.location.pathname));
  const [router] = useState(() => (widget ? createWidgetRouter() : createAppRouter()));
  if (widget)
    return (
      <WidgetProviders>
        <RouterProvider router={router} />
      </WidgetProviders>
    );
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
