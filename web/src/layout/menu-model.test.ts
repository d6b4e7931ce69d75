import { menu } from '@switchboard/shared/permissions';
import { describe, expect, it } from 'vitest';
import { buildViewer } from '../lib/viewer.ts';
import { makePlan, makeUser } from '../test-fixtures.ts';
import { isActivePath, visibleMenu, type VisibleMenuItem } from './menu-model.ts';

const keys = (items: VisibleMenuItem[]): string[] => items.flatMap((i) => [i.key, ...keys(i.children ?? [])]);

const show = ({ user = makeUser(), plan = makePlan(), paths = ['/tickets'], flags = [] as string[] } = {}) =>
  visibleMenu(menu, {
    viewer: buildViewer(user, plan),
    registeredPaths: new Set(paths),
    hasLocalFlag: (f) => flags.includes(f),
  });

describe('menu model', () => {
  it('shows Helps only while help entries exist, and the platform entries to the super user only', () => {
    const paths = ['/tickets', '/helps', '/companies', '/announcements'];
    const ctx = (user = makeUser(), hiddenKeys?: ReadonlySet<string>) =>
      keys(
        visibleMenu(menu, {
          viewer: buildViewer(user, makePlan()),
          registeredPaths: new Set(paths),
          hasLocalFlag: () => false,
          hiddenKeys,
        }),
      );
    expect(ctx(makeUser(), new Set(['helps']))).toEqual(['tickets']);
    expect(ctx(makeUser())).toEqual(['tickets', 'helps']);
    expect(ctx(makeUser({ super: true }))).toEqual(['tickets', 'helps', 'announcements', 'companies']);
  });

  it('shows only the entries whose page exists in the app', () => {
    expect(keys(show())).toEqual(['tickets']);
  });

  it('hides administration entries from profile users and shows them to admins', () => {
    const paths = ['/tickets', '/users', '/settings'];
    expect(keys(show({ paths, user: makeUser({ profile: 'user' }) }))).toEqual(['tickets']);
    expect(keys(show({ paths }))).toEqual(['tickets', 'users', 'settings']);
  });

  it('shows a group when one of its children shows, with only the children that show', () => {
    const items = show({ paths: ['/reports', '/tickets'] });
    expect(items[0]).toMatchObject({ key: 'management', children: [{ key: 'reports', path: '/reports' }] });
  });

  it('hides a group when none of its children has a page, even if the group rule passes', () => {
    expect(keys(show({ paths: ['/tickets'] }))).not.toContain('management');
  });

  it('treats a user with showDashboard or allowRealTime as admin for the Management group', () => {
    const paths = ['/reports', '/moments'];
    expect(keys(show({ paths, user: makeUser({ profile: 'user' }) }))).toEqual([]);
    expect(keys(show({ paths, user: makeUser({ profile: 'user', showDashboard: 'enabled' }) }))).toEqual([
      'management',
      'reports',
    ]);
    expect(keys(show({ paths, user: makeUser({ profile: 'user', allowRealTime: 'enabled' }) }))).toEqual([
      'management',
      'moments',
    ]);
  });

  it('needs the plan feature, for super users too', () => {
    const paths = ['/Kanban'];
    expect(keys(show({ paths }))).toEqual([]);
    expect(keys(show({ paths, user: makeUser({ super: true }) }))).toEqual([]);
    expect(keys(show({ paths, plan: makePlan({ useKanban: true }) }))).toEqual(['kanban']);
  });

  it('grants no plan feature while the plan is unknown', () => {
    const items = visibleMenu(menu, {
      viewer: buildViewer(makeUser(), undefined),
      registeredPaths: new Set(['/Kanban', '/tickets']),
      hasLocalFlag: () => true,
    });
    expect(keys(items)).toEqual(['tickets']);
  });

  it('shows the campaign pages when the plan has campaigns and the company setting is on, with no local flag', () => {
    const paths = ['/campaigns', '/contact-lists'];
    const campaigns = (plan = makePlan({ useCampaigns: true }), settingOn = true, flags: string[] = [], user = makeUser()) =>
      keys(
        visibleMenu(menu, {
          viewer: buildViewer(user, plan),
          registeredPaths: new Set(paths),
          hasLocalFlag: (f) => flags.includes(f),
          companySettingOn: (key) => key === 'campaignsEnabled' && settingOn,
        }),
      );
    expect(campaigns()).toEqual(['campaigns', 'campaignList', 'contactLists']);
    // the plan decides first: neither the company setting nor the cshow override grants a feature the plan lacks
    expect(campaigns(makePlan({ useCampaigns: false }), true, ['cshow'])).toEqual([]);
    expect(campaigns(undefined, true, [], makeUser({ profile: 'user' }))).toEqual([]);
    // the company switched campaigns off: hidden, unless the spec's cshow flag overrides it
    expect(campaigns(undefined, false)).toEqual([]);
    expect(campaigns(undefined, false, ['cshow'])).toEqual(['campaigns', 'campaignList', 'contactLists']);
  });

  it('shows super-user entries to super users only', () => {
    const paths = ['/companies'];
    expect(keys(show({ paths }))).toEqual([]);
    expect(keys(show({ paths, user: makeUser({ super: true }) }))).toEqual(['companies']);
  });
});

describe('active entry', () => {
  it('lights the entry for its page and the pages below it', () => {
    expect(isActivePath('/tickets', '/tickets')).toBe(true);
    expect(isActivePath('/tickets', '/tickets/abc')).toBe(true);
    expect(isActivePath('/tickets', '/ticketsx')).toBe(false);
    expect(isActivePath('/', '/tickets')).toBe(false);
  });
});
