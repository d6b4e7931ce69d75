import { describe, expect, it } from 'vitest';
import { allows, can, menu, type Viewer } from './permissions.ts';

const viewer = (over: Partial<Viewer> = {}): Viewer => ({ profile: 'user', super: false, flags: {}, plan: {}, ...over });

describe('allows', () => {
  it('lets admins and users with one of the named flags through an admin rule', () => {
    const rule = { profile: 'admin', orUserFlags: ['showDashboard', 'allowRealTime'] } as const;
    expect(allows(viewer({ profile: 'admin' }), rule)).toBe(true);
    expect(allows(viewer(), rule)).toBe(false);
    expect(allows(viewer({ flags: { allowRealTime: 'enabled' } }), rule)).toBe(true);
    expect(allows(viewer({ flags: { showDashboard: 'disabled' } }), rule)).toBe(false);
  });

  it('requires the plan flag even of admins and super users', () => {
    const rule = { profile: 'admin', planFlag: 'useCampaigns' } as const;
    expect(allows(viewer({ profile: 'admin', super: true }), rule)).toBe(false);
    expect(allows(viewer({ profile: 'admin', plan: { useCampaigns: true } }), rule)).toBe(true);
  });

  it('keeps super rules for super users', () => {
    expect(can(viewer({ profile: 'admin' }), 'super:area')).toBe(false);
    expect(can(viewer({ super: true }), 'super:area')).toBe(true);
  });

  it('treats allowConnections as admin for the connections page only', () => {
    const v = viewer({ flags: { allowConnections: 'enabled' } });
    expect(can(v, 'connections-page:view')).toBe(true);
    expect(can(v, 'admin:area')).toBe(false);
  });
});

describe('menu model', () => {
  it('gives every entry a unique key, an i18n label and either a path or children', () => {
    const keys: string[] = [];
    const walk = (items: typeof menu) =>
      items.forEach((item) => {
        keys.push(item.key);
        expect(item.label).toMatch(/^menu\./);
        expect(Boolean(item.path) !== Boolean(item.children)).toBe(true);
        if (item.children) walk(item.children);
      });
    walk(menu);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
