import type { ReactElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { ContactsImportPage } from '../features/contacts/components/contacts-import-page.tsx';
import { ContactsPage } from '../features/contacts/components/contacts-page.tsx';
import { QuickMessagesPage } from '../features/quick-messages/components/quick-messages-page.tsx';
import { SchedulesPage } from '../features/schedules/components/schedules-page.tsx';
import { ExpiredSubscriptionPage } from '../features/subscription/components/expired-subscription-page.tsx';
import { TicketsPage } from '../features/tickets/components/tickets-page.tsx';
import { WidgetPage } from '../features/widget/components/widget-page.tsx';
import { AppShell } from '../layout/app-shell.tsx';
import { HomeRoute, PublicOnly, RequireAuth } from './route-guards.tsx';

/**
 * The private pages that exist today. The drawer shows a menu entry only when its path is one of these, so a
 * page added here appears in the menu (for viewers its rule admits) with no other change.
 */
const pages: { path: string; element: ReactElement; children?: RouteObject[] }[] = [
  { path: '/tickets', element: <TicketsPage />, children: [{ path: ':ticketUuid', element: <TicketsPage /> }] },
  { path: '/financeiro-aberto', element: <ExpiredSubscriptionPage /> },
  { path: '/contacts', element: <ContactsPage />, children: [{ path: 'import', element: <ContactsImportPage /> }] },
  { path: '/quick-messages', element: <QuickMessagesPage /> },
  { path: '/schedules', element: <SchedulesPage /> },
];

export const registeredPaths: ReadonlySet<string> = new Set(pages.map((p) => p.path));

export const appRoutes: RouteObject[] = [
  { path: '/login', element: <PublicOnly><LoginPage /></PublicOnly> },
  { path: '/signup', element: <PublicOnly><SignupPage /></PublicOnly> },
  { path: '/forgetpsw', element: <PublicOnly><ForgotPasswordPage /></PublicOnly> },
  {
    element: (
      <RequireAuth>
        <AppShell registeredPaths={registeredPaths} />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomeRoute /> },
      // /tickets/{uuid} renders the inbox too; each renders its own page element, so they are listed flat.
      ...pages.flatMap(({ path, element, children }) => [
        { path, element },
        ...(children ?? []).map((c) => ({ path: `${path}/${c.path}`, element: c.element })),
      ]),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * The public website chat (/widget/{token}), embedded in customers' sites. It is a router of its own, run
 * outside the app's providers by App: no session restore, guards or agents' realtime connection on it.
 */
export const widgetRoutes: RouteObject[] = [{ path: '/widget/:token', element: <WidgetPage /> }];

export const isWidgetPath = (pathname: string): boolean => pathname.startsWith('/widget/');

export const createWidgetRouter = () => createBrowserRouter(widgetRoutes);
