import { Button } from 'primereact/button';
import { lazy, Suspense } from 'react';
import { Tag } from 'primereact/tag';
import { Trans, useTranslation } from 'react-i18next';
import { LanguageSelector } from '../components/language-selector.tsx';
import { ThemeToggleButton } from '../components/theme-toggle-button.tsx';
import { formatDate } from '../lib/i18n.ts';
import { useRealtimeStatus } from '../lib/realtime.tsx';
import { useCurrentUser } from '../lib/session.tsx';
import { NotificationBell } from '../features/tickets/components/notification-bell.tsx';
import { RefreshButton } from './refresh-button.tsx';
import { UserMenu } from './user-menu.tsx';
import { VolumeControl } from './volume-control.tsx';

// the internal chat and announcements buttons and their data arrive just after the first paint (the inbox's budget, test/bundle-size.test.ts)
const ChatsButton = lazy(async () => ({ default: (await import('../features/chats/components/chats-button.tsx')).ChatsButton }));
const AnnouncementsButton = lazy(async () => ({ default: (await import('./announcements-button.tsx')).AnnouncementsButton }));

const validDate = (iso: string): Date | undefined => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** The app bar: menu toggle, greeting, and the user's controls (spec document 1, section 2). */
export function TopBar({
  drawerOpen,
  narrow,
  onToggleDrawer,
  onOpenProfile,
  chatUnread,
}: {
  drawerOpen: boolean;
  /** under 600 px wide: the secondary controls move to the drawer */
  narrow: boolean;
  onToggleDrawer: () => void;
  onOpenProfile: () => void;
  /** the user's unread internal chat messages; undefined when the plan has no internal chat */
  chatUnread?: number;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const realtime = useRealtimeStatus();
  const dueDate = user.profile === 'admin' ? validDate(user.company.dueDate) : undefined;
  const toggleLabel = drawerOpen ? t('shell.closeMenu') : t('shell.openMenu');
  return (
    <header className="top-bar">
      <Button
        type="button"
        text
        rounded
        severity="secondary"
        icon="pi pi-bars"
        aria-label={toggleLabel}
        aria-expanded={drawerOpen}
        aria-controls="side-drawer"
        tooltip={toggleLabel}
        tooltipOptions={{ position: 'bottom' }}
        className="top-bar__menu"
        data-testid="menu-toggle"
        onClick={onToggleDrawer}
      />
      <p className="top-bar__greeting" data-testid="greeting">
        <Trans
          i18nKey="shell.greeting"
          components={{ user: <strong>{user.name}</strong>, company: <strong>{user.company.name}</strong> }}
        />
        {dueDate ? (
          <span className="top-bar__due" data-testid="due-date">
            {' '}
            <Trans i18nKey="shell.activeUntil" components={{ date: <strong>{formatDate(dueDate)}</strong> }} />
          </span>
        ) : null}
      </p>
      <div className="top-bar__actions">
        {realtime === 'reconnecting' ? (
          <Tag severity="warning" icon="pi pi-wifi" value={t('shell.reconnecting')} className="top-bar__status" role="status" />
        ) : null}
        {/* on a phone the language, volume and reload controls live in the drawer, so the bar keeps its menu button, greeting and avatar */}
        {narrow ? null : (
          <>
            <LanguageSelector />
            <VolumeControl />
          </>
        )}
        <ThemeToggleButton />
        {narrow ? null : <RefreshButton />}
        <Suspense fallback={null}>
          <AnnouncementsButton />
        </Suspense>
        {chatUnread !== undefined ? (
          <Suspense fallback={null}>
            <ChatsButton unread={chatUnread} />
          </Suspense>
        ) : null}
        <NotificationBell />
        <UserMenu onOpenProfile={onOpenProfile} />
      </div>
    </header>
  );
}
