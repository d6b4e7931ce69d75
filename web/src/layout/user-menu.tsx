import { Avatar } from 'primereact/avatar';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../features/auth/api/logout.ts';
import { useCurrentUser } from '../lib/session.tsx';

export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
};

/** The avatar button and its menu: who is signed in, Profile and Logout. */
export function UserMenu({ onOpenProfile }: { onOpenProfile: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const menu = useRef<Menu>(null);
  const items: MenuItem[] = [
    {
      template: () => (
        <div className="user-menu__header">
          <span className="user-menu__name">{user.name}</span>
          <span className="user-menu__email">{user.email}</span>
        </div>
      ),
    },
    { separator: true },
    { label: t('shell.profile'), icon: 'pi pi-user-edit', command: onOpenProfile },
    {
      label: t('shell.logout'),
      icon: logout.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-sign-out',
      disabled: logout.isPending,
      command: () => logout.mutate(),
    },
  ];
  return (
    <>
      <Menu model={items} popup ref={menu} id="user-menu" popupAlignment="right" className="user-menu" />
      <button
        type="button"
        className="user-menu__trigger"
        aria-label={t('shell.account')}
        aria-haspopup="menu"
        aria-controls="user-menu"
        data-testid="user-menu-button"
        onClick={(e) => menu.current?.toggle(e)}
      >
        <Avatar label={initialsOf(user.name)} shape="circle" className="user-menu__avatar" aria-hidden="true" />
      </button>
    </>
  );
}
