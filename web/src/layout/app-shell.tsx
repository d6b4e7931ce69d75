import { withDefaults } from '@switchboard/shared/company-options';
import { can, menu } from '@switchboard/shared/permissions';
import { classNames } from 'primereact/utils';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { KitProvider } from '../components/kit-provider.tsx';
import { useSessionReplaced } from '../features/auth/hooks/use-session-replaced.ts';
import { useCompanyPlan } from '../features/company/api/get-company-plan.ts';
import { useConnectionList as useConnections } from '../lib/lookups.ts';
import { useConnectionAlerts } from '../features/connections/hooks/use-connection-alerts.ts';
import { useConnectionsLiveUpdates } from '../features/connections/hooks/use-connections-live-updates.ts';
import { needsAttention } from '../features/connections/utils/connection-status.ts';
import { useCompanySettingsLiveUpdates } from '../features/settings/hooks/use-company-settings-live-updates.ts';
import { useCurrentUser } from '../lib/session.tsx';
import { readStored } from '../lib/storage.ts';
import { setTheme, storedTheme } from '../lib/theme.ts';
import { buildViewer } from '../lib/viewer.ts';
import { initialDrawerOpen } from './drawer-state.ts';
import { visibleMenu } from './menu-model.ts';
import { SideDrawer } from './side-drawer.tsx';
import { TopBar } from './top-bar.tsx';
import { useNarrowScreen } from './use-narrow-screen.ts';
import { useHelps } from '../lib/helps-api.ts';

// the internal chat's live caches and unread count arrive just after the first paint (test/bundle-size.test.ts)
const ChatsWatcher = lazy(async () => ({
  default: (await import('../features/chats/components/chats-watcher.tsx')).ChatsWatcher,
}));

// the profile dialog (and its password field) loads when the user first opens it, not with every page
const ProfileDialog = lazy(async () => ({
  default: (await import('../features/account/components/profile-dialog.tsx')).ProfileDialog,
}));

/** The signed-in frame around every private page: drawer, top bar and the page, with PrimeReact's settings. */
/** The Helps entry shows only while help entries exist. */
const NO_HELPS: ReadonlySet<string> = new Set(['helps']);

export function AppShell({ registeredPaths }: { registeredPaths: ReadonlySet<string> }) {
  return (
    <KitProvider>
      <Shell registeredPaths={registeredPaths} />
    </KitProvider>
  );
}

function Shell({ registeredPaths }: { registeredPaths: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useState(() => initialDrawerOpen(user.defaultMenu, narrow));
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileWanted, setProfileWanted] = useState(false);
  const plan = useCompanyPlan(user.companyId);
  const helps = useHelps();
  useSessionReplaced();
  useConnectionAlerts();
  useCompanySettingsLiveUpdates(user.companyId);
  // the warning badge on Connections (spec document 1 section 2), for those who see the entry
  const seesConnections = can(buildViewer(user), 'connections-page:view');
  const connections = useConnections({ enabled: seesConnections });
  useConnectionsLiveUpdates(user.companyId, { enabled: seesConnections });
  const warnings = useMemo(
    () => new Map(seesConnections && needsAttention(connections.data) ? [['connections', 'shell.connectionsAttention']] : []),
    [seesConnections, connections.data],
  );

  // the internal chat (plan useInternalChat): the top bar's count and the menu's dot, kept live (spec documents 1 and 3)
  const seesChats = can(buildViewer(user, plan.data?.plan), 'chats:use');
  const [chatUnread, setChatUnread] = useState(0);
  const dots = useMemo(() => new Map(seesChats && chatUnread > 0 ? [['chats', 'chats.unreadDot']] : []), [seesChats, chatUnread]);

  // Crossing the 600 px line swaps the drawer's kind; each kind starts from its own initial state.
  const wasNarrow = useRef(narrow);
  useEffect(() => {
    if (wasNarrow.current !== narrow) setDrawerOpen(initialDrawerOpen(user.defaultMenu, narrow));
    wasNarrow.current = narrow;
  }, [narrow, user.defaultMenu]);

  // The theme chosen on this computer wins; without one, the user's default theme from the profile applies.
  useEffect(() => {
    if (!storedTheme()) setTheme(user.defaultTheme);
  }, [user.defaultTheme]);

  const items = useMemo(
    () =>
      visibleMenu(menu, {
        viewer: buildViewer(user, plan.data?.plan),
        registeredPaths,
        hasLocalFlag: (flag) => readStored(flag) !== null,
        companySettingOn: (key) => (withDefaults(user.company.settings) as Record<string, string>)[key] === 'enabled',
        hiddenKeys: helps.data && helps.data.length > 0 ? undefined : NO_HELPS,
      }),
    [user, plan.data, registeredPaths, helps.data],
  );

  return (
    <div className={classNames('app-shell', { 'app-shell--narrow': narrow, 'app-shell--collapsed': !narrow && !drawerOpen })}>
      <a className="skip-link" href="#main-content">
        {t('shell.skipToContent')}
      </a>
      <SideDrawer
        items={items}
        warnings={warnings}
        dots={dots}
        open={drawerOpen}
        narrow={narrow}
        onClose={() => setDrawerOpen(false)}
      />
      <div className="app-shell__main">
        <TopBar
          drawerOpen={drawerOpen}
          narrow={narrow}
          chatUnread={seesChats ? chatUnread : undefined}
          onToggleDrawer={() => setDrawerOpen((o) => !o)}
          onOpenProfile={() => {
            setProfileWanted(true);
            setProfileOpen(true);
          }}
        />
        <main id="main-content" className="app-shell__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {seesChats ? (
        <Suspense fallback={null}>
          <ChatsWatcher companyId={user.companyId} userId={user.id} onUnread={setChatUnread} />
        </Suspense>
      ) : null}
      {profileWanted ? (
        <Suspense fallback={null}>
          <ProfileDialog visible={profileOpen} onHide={() => setProfileOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
