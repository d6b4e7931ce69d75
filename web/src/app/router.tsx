import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/page-loader.tsx';
import { lazySections } from '../i18n/lazy-sections.ts';
import { loadSections } from '../lib/i18n.ts';
import { HomeRoute, PublicOnly, RequireAuth } from './route-guards.tsx';

/**
 * Every page is its own chunk, loaded when it is first opened: the sign-in page does not download the inbox, and
 * the inbox does not download the contacts page or the spreadsheet libraries.
 */
const page = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  options: { adminTexts?: boolean } = {},
) => {
  // an administration page brings the administration texts with it (i18n/lazy-sections.ts), fetched beside its code
  const Page = lazy(async (): Promise<{ default: ComponentType }> => {
    const [module] = await Promise.all([load(), options.adminTexts ? loadSections(lazySections) : undefined]);
    return { default: module[name] };
  });
  return function LazyPage(): ReactElement {
    return (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    );
  };
};

const LoginPage = page(() => import('../features/auth/components/login-page.tsx'), 'LoginPage');
const SignupPage = page(() => import('../features/auth/components/signup-page.tsx'), 'SignupPage');
const ForgotPasswordPage = page(() => import('../features/auth/components/forgot-password-page.tsx'), 'ForgotPasswordPage');
const AppShell = lazy(async () => ({ default: (await import('../layout/app-shell.tsx')).AppShell }));
// the inbox, with a new company's first steps where its admin lands after signing up
const SetupChecklist = lazy(async () => ({
  default: (await import('../features/onboarding/components/setup-checklist.tsx')).SetupChecklist,
}));
const inboxWelcome = (
  <Suspense fallback={null}>
    <SetupChecklist />
  </Suspense>
);
const TicketsPage = page(async () => {
  const { TicketsPage: Inbox } = await import('../features/tickets/components/tickets-page.tsx');
  return { TicketsPage: () => <Inbox welcome={inboxWelcome} /> };
}, 'TicketsPage');
const ExpiredSubscriptionPage = page(
  () => import('../features/subscription/components/expired-subscription-page.tsx'),
  'ExpiredSubscriptionPage',
  { adminTexts: true },
);
const InvoicesPage = page(() => import('../features/subscription/components/invoices-page.tsx'), 'InvoicesPage', {
  adminTexts: true,
});
const SubscriptionPage = page(() => import('../features/subscription/components/subscription-page.tsx'), 'SubscriptionPage', {
  adminTexts: true,
});
const ContactsPage = page(() => import('../features/contacts/components/contacts-page.tsx'), 'ContactsPage');
const ContactsImportPage = page(() => import('../features/contacts/components/contacts-import-page.tsx'), 'ContactsImportPage');
const QuickMessagesPage = page(
  () => import('../features/quick-messages/components/quick-messages-page.tsx'),
  'QuickMessagesPage',
);
const SchedulesPage = page(() => import('../features/schedules/components/schedules-page.tsx'), 'SchedulesPage');
const ConnectionsPage = page(() => import('../features/connections/components/connections-page.tsx'), 'ConnectionsPage', {
  adminTexts: true,
});
const AllConnectionsPage = page(
  () => import('../features/connections/components/all-connections-page.tsx'),
  'AllConnectionsPage',
  { adminTexts: true },
);
const QueuesPage = page(() => import('../features/queues/components/queues-page.tsx'), 'QueuesPage', { adminTexts: true });
const TagsPage = page(() => import('../features/tags/components/tags-page.tsx'), 'TagsPage', { adminTexts: true });
const TagsKanbanPage = page(() => import('../features/tags/components/tags-kanban-page.tsx'), 'TagsKanbanPage', {
  adminTexts: true,
});
const KanbanPage = page(() => import('../features/tags/components/kanban-page.tsx'), 'KanbanPage', { adminTexts: true });
const FilesPage = page(() => import('../features/files/components/files-page.tsx'), 'FilesPage', { adminTexts: true });
const ContactListsPage = page(() => import('../features/contact-lists/components/contact-lists-page.tsx'), 'ContactListsPage', {
  adminTexts: true,
});
const ContactListItemsPage = page(
  () => import('../features/contact-lists/components/contact-list-items-page.tsx'),
  'ContactListItemsPage',
  { adminTexts: true },
);
const UsersPage = page(() => import('../features/users/components/users-page.tsx'), 'UsersPage', { adminTexts: true });
const SettingsPage = page(() => import('../features/settings/components/settings-page.tsx'), 'SettingsPage', {
  adminTexts: true,
});
const ReportsPage = page(() => import('../features/reports/components/reports-page.tsx'), 'ReportsPage', { adminTexts: true });
const AuditLogPage = page(() => import('../features/audit-log/components/audit-log-page.tsx'), 'AuditLogPage', {
  adminTexts: true,
});
const DashboardPage = page(() => import('../features/dashboard/components/dashboard-page.tsx'), 'DashboardPage', {
  adminTexts: true,
});
const MomentsPage = page(() => import('../features/dashboard/components/moments-page.tsx'), 'MomentsPage', { adminTexts: true });
const CompaniesPage = page(() => import('../features/settings/components/companies-tab.tsx'), 'CompaniesPage', {
  adminTexts: true,
});
const HelpsPage = page(() => import('../features/helps/components/helps-page.tsx'), 'HelpsPage', { adminTexts: true });
const AnnouncementsPage = page(() => import('../features/announcements/components/announcements-page.tsx'), 'AnnouncementsPage', {
  adminTexts: true,
});
const CampaignsPage = page(() => import('../features/campaigns/components/campaigns-page.tsx'), 'CampaignsPage', {
  adminTexts: true,
});
const CampaignSettingsPage = page(
  () => import('../features/campaigns/components/campaign-settings-page.tsx'),
  'CampaignSettingsPage',
  { adminTexts: true },
);
const CampaignReportPage = page(() => import('../features/campaigns/components/campaign-report-page.tsx'), 'CampaignReportPage', {
  adminTexts: true,
});
const MessagesApiPage = page(() => import('../features/messages-api/components/messages-api-page.tsx'), 'MessagesApiPage', {
  adminTexts: true,
});
const ChatsPage = page(() => import('../features/chats/components/chats-page.tsx'), 'ChatsPage');
const TodoPage = page(() => import('../features/todo/components/todo-page.tsx'), 'TodoPage');
const FlowsPage = page(() => import('../features/flows/components/flows-page.tsx'), 'FlowsPage', { adminTexts: true });
const PromptsPage = page(() => import('../features/prompts/components/prompts-page.tsx'), 'PromptsPage', { adminTexts: true });
const QueueIntegrationsPage = page(
  () => import('../features/queue-integrations/components/queue-integrations-page.tsx'),
  'QueueIntegrationsPage',
  { adminTexts: true },
);
const FlowEditorPage = page(() => import('../features/flows/components/flow-editor-page.tsx'), 'FlowEditorPage', {
  adminTexts: true,
});
const FlowCampaignsPage = page(
  () => import('../features/flow-campaigns/components/flow-campaigns-page.tsx'),
  'FlowCampaignsPage',
  { adminTexts: true },
);
const NotFoundPage = page(() => import('../components/not-found-page.tsx'), 'NotFoundPage');
const WidgetPage = page(() => import('../features/widget/components/widget-page.tsx'), 'WidgetPage');

/**
 * The private pages that exist today. The drawer shows a menu entry only when its path is one of these, so a
 * page added here appears in the menu (for viewers its rule admits) with no other change.
 */
const pages: { path: string; element: ReactElement; children?: RouteObject[] }[] = [
  { path: '/tickets', element: <TicketsPage />, children: [{ path: ':ticketUuid', element: <TicketsPage /> }] },
  { path: '/financeiro-aberto', element: <ExpiredSubscriptionPage /> },
  { path: '/financeiro', element: <InvoicesPage /> },
  { path: '/subscription', element: <SubscriptionPage /> },
  { path: '/contacts', element: <ContactsPage />, children: [{ path: 'import', element: <ContactsImportPage /> }] },
  { path: '/quick-messages', element: <QuickMessagesPage /> },
  { path: '/flowbuilders', element: <FlowsPage /> },
  { path: '/flowbuilder/:id', element: <FlowEditorPage /> },
  { path: '/phrase-lists', element: <FlowCampaignsPage /> },
  { path: '/prompts', element: <PromptsPage /> },
  { path: '/queue-integration', element: <QueueIntegrationsPage /> },
  { path: '/chats', element: <ChatsPage />, children: [{ path: ':uuid', element: <ChatsPage /> }] },
  { path: '/todolist', element: <TodoPage /> },
  { path: '/schedules', element: <SchedulesPage /> },
  { path: '/connections', element: <ConnectionsPage /> },
  { path: '/allConnections', element: <AllConnectionsPage /> },
  { path: '/queues', element: <QueuesPage /> },
  { path: '/tags', element: <TagsPage /> },
  { path: '/TagsKanban', element: <TagsKanbanPage /> },
  { path: '/Kanban', element: <KanbanPage /> },
  { path: '/files', element: <FilesPage /> },
  { path: '/campaigns', element: <CampaignsPage /> },
  { path: '/campaigns-config', element: <CampaignSettingsPage /> },
  { path: '/campaign/:campaignId/report', element: <CampaignReportPage /> },
  {
    path: '/contact-lists',
    element: <ContactListsPage />,
    children: [{ path: ':contactListId/contacts', element: <ContactListItemsPage /> }],
  },
  { path: '/users', element: <UsersPage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/companies', element: <CompaniesPage /> },
  { path: '/helps', element: <HelpsPage /> },
  { path: '/announcements', element: <AnnouncementsPage /> },
  { path: '/messages-api', element: <MessagesApiPage /> },
  { path: '/reports', element: <ReportsPage /> },
  { path: '/audit-logs', element: <AuditLogPage /> },
  { path: '/moments', element: <MomentsPage /> },
];

// `/` is the dashboard (HomeRoute below)
export const registeredPaths: ReadonlySet<string> = new Set(['/', ...pages.map((p) => p.path)]);

export const appRoutes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <PublicOnly>
        <LoginPage />
      </PublicOnly>
    ),
  },
  {
    path: '/signup',
    element: (
      <PublicOnly>
        <SignupPage />
      </PublicOnly>
    ),
  },
  {
    path: '/forgetpsw',
    element: (
      <PublicOnly>
        <ForgotPasswordPage />
      </PublicOnly>
    ),
  },
  {
    element: (
      <RequireAuth>
        <Suspense fallback={<PageLoader />}>
          <AppShell registeredPaths={registeredPaths} />
        </Suspense>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomeRoute dashboard={<DashboardPage />} /> },
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

/**
 * The public website chat (/widget/{token}), embedded in customers' sites. Its routes are the only ones on such a
 * page, run outside the app's providers by App: no session restore, guards or agents' realtime connection on it.
 */
export const widgetRoutes: RouteObject[] = [{ path: '/widget/:token', element: <WidgetPage /> }];

export const isWidgetPath = (pathname: string): boolean => pathname.startsWith('/widget/');
