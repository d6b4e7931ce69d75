import { classNames } from 'primereact/utils';
import { Sidebar } from 'primereact/sidebar';
import { Tooltip } from 'primereact/tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { BrandMark } from '../components/brand-mark.tsx';
import { LanguageSelector } from '../components/language-selector.tsx';
import { useVersion } from '../features/system/api/get-version.ts';
import { isActivePath, type VisibleMenuItem } from './menu-model.ts';
import { RefreshButton } from './refresh-button.tsx';
import { VolumeControl } from './volume-control.tsx';

/** Menu keys with a warning badge, each with the i18n key of what the badge means. */
export type MenuWarnings = ReadonlyMap<string, string>;
/** Menu keys with a dot (something unread), each with the i18n key of what the dot means. */
export type MenuDots = ReadonlyMap<string, string>;
const NO_DOTS: MenuDots = new Map();

function NavEntry({
  item,
  collapsed,
  onNavigate,
  depth,
  warnings,
  dots = NO_DOTS,
}: {
  item: VisibleMenuItem;
  collapsed: boolean;
  onNavigate: () => void;
  depth: number;
  warnings: MenuWarnings;
  dots?: MenuDots;
}) {
  const { t } = useTranslation();
  const dotKey = dots.get(item.key);
  const { pathname } = useLocation();
  const label = t(item.label);
  const warningKey = warnings.get(item.key);
  const warning = warningKey ? t(warningKey) : undefined;
  const hasActiveChild = item.children?.some((c) => c.path && isActivePath(c.path, pathname)) ?? false;
  const [expanded, setExpanded] = useState(true);

  if (item.children) {
    if (collapsed) {
      return (
        <>
          {item.children.map((child) => (
            <NavEntry
              key={child.key}
              item={child}
              collapsed
              onNavigate={onNavigate}
              depth={depth}
              warnings={warnings}
              dots={dots}
            />
          ))}
        </>
      );
    }
    const groupId = `nav-group-${item.key}`;
    return (
      <li className="nav-group">
        <button
          type="button"
          className={classNames('nav-link nav-link--group', { 'nav-link--active-parent': hasActiveChild })}
          aria-expanded={expanded}
          aria-controls={groupId}
          onClick={() => setExpanded((e) => !e)}
        >
          <i className={classNames(item.icon, 'nav-link__icon')} aria-hidden="true" />
          <span className="nav-link__label">{label}</span>
          <i className={classNames('pi nav-link__chevron', expanded ? 'pi-chevron-up' : 'pi-chevron-down')} aria-hidden="true" />
        </button>
        {expanded ? (
          <ul id={groupId} className="nav-list nav-list--nested">
            {item.children.map((child) => (
              <NavEntry
                key={child.key}
                item={child}
                collapsed={false}
                onNavigate={onNavigate}
                depth={depth + 1}
                warnings={warnings}
                dots={dots}
              />
            ))}
          </ul>
        ) : null}
      </li>
    );
  }

  return (
    <li>
      <NavLink
        to={item.path ?? '/'}
        end={item.path === '/'}
        className={({ isActive }) => classNames('nav-link', { 'nav-link--active': isActive })}
        aria-label={collapsed ? (warning ? `${label}: ${warning}` : label) : undefined}
        data-pr-tooltip={collapsed ? label : undefined}
        data-pr-position="right"
        data-testid={`nav-${item.key}`}
        onClick={onNavigate}
      >
        <i className={classNames(item.icon, 'nav-link__icon')} aria-hidden="true" />
        {collapsed ? null : <span className="nav-link__label">{label}</span>}
        {dotKey ? (
          <span className="nav-link__dot" title={t(dotKey)} data-testid={`nav-${item.key}-dot`}>
            <span className="sr-only">{t(dotKey)}</span>
          </span>
        ) : null}
        {warning ? (
          <span className="nav-link__warning" title={warning} data-testid={`nav-${item.key}-warning`}>
            <i className="pi pi-exclamation-triangle" aria-hidden="true" />
            {collapsed ? null : <span className="sr-only">{warning}</span>}
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

function VersionFooter() {
  const { t } = useTranslation();
  const version = useVersion();
  if (!version.data) return null;
  return (
    <div className="side-drawer__footer" data-testid="version-footer">
      {t('shell.version', { version: version.data.version })}
    </div>
  );
}

/** The top bar's secondary controls, which a phone's bar has no room for. */
function PhoneControls() {
  const { t } = useTranslation();
  return (
    <div className="side-drawer__controls" role="group" aria-label={t('shell.preferences')} data-testid="drawer-controls">
      <LanguageSelector showLabel />
      <VolumeControl />
      <RefreshButton />
    </div>
  );
}

function DrawerContent({
  items,
  warnings,
  dots,
  collapsed,
  onNavigate,
  header = true,
  controls = false,
}: {
  items: VisibleMenuItem[];
  warnings: MenuWarnings;
  dots?: MenuDots;
  collapsed: boolean;
  onNavigate: () => void;
  header?: boolean;
  controls?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {header ? (
        <div className="side-drawer__header">
          <BrandMark compact={collapsed} />
        </div>
      ) : null}
      <nav className="side-drawer__nav" aria-label={t('shell.navigation')}>
        <ul className="nav-list">
          {items.map((item) => (
            <NavEntry
              key={item.key}
              item={item}
              collapsed={collapsed}
              onNavigate={onNavigate}
              depth={0}
              warnings={warnings}
              dots={dots}
            />
          ))}
        </ul>
      </nav>
      {controls ? <PhoneControls /> : null}
      {collapsed ? null : <VersionFooter />}
    </>
  );
}

/**
 * The side drawer: permanent on wide screens (full, or collapsed to an icon rail), temporary under 600 px
 * (an overlay closed after each navigation).
 */
export function SideDrawer({
  items,
  warnings,
  dots,
  open,
  narrow,
  onClose,
}: {
  items: VisibleMenuItem[];
  warnings: MenuWarnings;
  dots?: MenuDots;
  open: boolean;
  narrow: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (narrow) {
    return (
      <Sidebar
        id="side-drawer"
        visible={open}
        onHide={onClose}
        className="side-drawer side-drawer--temporary"
        header={<BrandMark />}
        showCloseIcon
        ariaCloseLabel={t('shell.closeMenu')}
        aria-label={t('shell.navigation')}
      >
        <DrawerContent
          items={items}
          warnings={warnings}
          dots={dots}
          collapsed={false}
          onNavigate={onClose}
          header={false}
          controls
        />
      </Sidebar>
    );
  }
  return (
    <aside
      id="side-drawer"
      className={classNames('side-drawer', { 'side-drawer--collapsed': !open })}
      data-testid="side-drawer"
      data-collapsed={!open}
    >
      {!open ? <Tooltip target=".side-drawer--collapsed .nav-link[data-pr-tooltip]" /> : null}
      <DrawerContent items={items} warnings={warnings} dots={dots} collapsed={!open} onNavigate={() => undefined} />
    </aside>
  );
}
