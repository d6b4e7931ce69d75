import { allows, type MenuItem, type Viewer } from '@switchboard/shared/permissions';

/**
 * Which entries of the product menu (shared/src/permissions.ts) the drawer shows: an entry needs its access
 * rule to pass, its company setting to be on (or its local flag, the spec's `cshow`, present as an override), and
 * its page to exist in this app's router; a group shows when its own rule passes and at least one child shows.
 */
export interface VisibleMenuItem {
  key: string;
  label: string;
  icon: string;
  path?: string;
  children?: VisibleMenuItem[];
}

export interface MenuContext {
  viewer: Viewer;
  registeredPaths: ReadonlySet<string>;
  hasLocalFlag: (flag: string) => boolean;
  /** whether a company setting is 'enabled'; without it, entries that need a company setting stay hidden */
  companySettingOn?: (key: string) => boolean;
  /** entries hidden for now, e.g. Helps while there are no help entries (spec document 3 "Help videos") */
  hiddenKeys?: ReadonlySet<string>;
}

const switchedOn = (item: MenuItem, ctx: MenuContext): boolean => {
  const flagged = item.localFlag !== undefined && ctx.hasLocalFlag(item.localFlag);
  if (item.companySetting) return ctx.companySettingOn?.(item.companySetting) === true || flagged;
  return item.localFlag === undefined || flagged;
};

const visibleItem = (item: MenuItem, ctx: MenuContext): VisibleMenuItem | undefined => {
  if (!allows(ctx.viewer, item.access)) return undefined;
  if (ctx.hiddenKeys?.has(item.key)) return undefined;
  if (!switchedOn(item, ctx)) return undefined;
  const base = { key: item.key, label: item.label, icon: item.icon };
  if (item.children) {
    const children = visibleMenu(item.children, ctx);
    if (children.length === 0) return undefined;
    return item.path && ctx.registeredPaths.has(item.path) ? { ...base, path: item.path, children } : { ...base, children };
  }
  if (!item.path || !ctx.registeredPaths.has(item.path)) return undefined;
  return { ...base, path: item.path };
};

export const visibleMenu = (items: readonly MenuItem[], ctx: MenuContext): VisibleMenuItem[] =>
  items.flatMap((item) => {
    const shown = visibleItem(item, ctx);
    return shown ? [shown] : [];
  });

/** The entry whose path is the longest prefix of the current location, so /tickets/abc lights up Tickets. */
export const isActivePath = (itemPath: string, pathname: string): boolean =>
  itemPath === '/' ? pathname === '/' : pathname === itemPath || pathname.startsWith(`${itemPath}/`);
