/**
 * Who may do what, as data read by both the API (route access) and the web app (menu, buttons).
 * Spec document 1 section 6 and document 2 section 6.
 */
import type { PlanFlag, PlanFlags } from './contracts/plans.ts';

export type Profile = 'admin' | 'user';

/** The user flags stored as 'enabled' | 'disabled'. */
export const userFlagNames = [
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const;
export type UserFlag = (typeof userFlagNames)[number];

/** Everything a permission decision needs to know about the caller. */
export interface Viewer {
  profile: Profile;
  super: boolean;
  flags: Partial<Record<UserFlag, 'enabled' | 'disabled'>>;
  plan: Partial<PlanFlags>;
  /** the company's own options ('enabled' | 'disabled' switches); absent, a rule that needs one fails */
  companySettings?: Partial<Record<string, string>>;
}

/**
 * A rule passes when every stated part passes:
 * - `super`: the caller has the super flag;
 * - `profile: 'admin'`: the caller is an admin, or has one of `orUserFlags` enabled;
 * - `planFlag`: the company's plan has the feature (super users are not exempt: it is the company's plan);
 * - `companySetting`: the company has that switch of its options 'enabled' (the plan allows, the company chooses).
 */
export interface AccessRule {
  super?: true;
  profile?: 'admin';
  orUserFlags?: readonly UserFlag[];
  planFlag?: PlanFlag;
  companySetting?: 'campaignsEnabled';
}

export const allows = (viewer: Viewer, rule: AccessRule | undefined): boolean => {
  if (!rule) return true;
  if (rule.super && !viewer.super) return false;
  if (rule.profile === 'admin' && viewer.profile !== 'admin') {
    const flagged = (rule.orUserFlags ?? []).some((f) => viewer.flags[f] === 'enabled');
    if (!flagged) return false;
  }
  if (rule.planFlag && viewer.plan[rule.planFlag] !== true) return false;
  if (rule.companySetting && viewer.companySettings?.[rule.companySetting] !== 'enabled') return false;
  return true;
};

/** Named rules the spec refers to (document 1 section 6, document 2 section 6). */
export const rules = {
  'dashboard:view': { profile: 'admin', orUserFlags: ['showDashboard'] },
  'management:view': { profile: 'admin', orUserFlags: ['showDashboard', 'allowRealTime'] },
  'moments:view': { profile: 'admin', orUserFlags: ['allowRealTime'] },
  'connections-page:view': { profile: 'admin', orUserFlags: ['allowConnections'] },
  'connections-page:addConnection': { profile: 'admin', orUserFlags: ['allowConnections'] },
  'ticket-options:deleteTicket': { profile: 'admin' },
  'tickets-manager:showall': { profile: 'admin' },
  'tickets-manager:closeAll': { profile: 'admin' },
  'tickets-manager:userFilter': { profile: 'admin' },
  'user-modal:editProfile': { profile: 'admin' },
  'user-modal:editQueues': { profile: 'admin' },
  'contacts-page:deleteContact': { profile: 'admin' },
  'admin:area': { profile: 'admin' },
  'super:area': { super: true },
  'schedules:use': { planFlag: 'useSchedules' },
  'kanban:use': { planFlag: 'useKanban' },
  /**
   * campaigns and their settings: admins of a plan with campaigns (spec document 3 sections 2 and 6), in a company
   * that has not switched campaigns off (the option that also hides the menu)
   */
  'campaigns:use': { profile: 'admin', planFlag: 'useCampaigns', companySetting: 'campaignsEnabled' },
  'chats:use': { planFlag: 'useInternalChat' },
  /**
   * contact lists and their items: an admin page of the campaigns feature (spec document 3 sections 2 and 6), off
   * with it; the lists are read by campaign sends only, so nothing else stops when campaigns are switched off
   */
  'contact-lists:use': { profile: 'admin', planFlag: 'useCampaigns', companySetting: 'campaignsEnabled' },
  /** flows and phrase campaigns: admins of a plan with integrations (spec document 2 section 6, document 3 section 6) */
  'flowbuilders:use': { profile: 'admin', planFlag: 'useIntegrations' },
  /** AI prompts: admins of a plan with OpenAI; a profile user gets the no-access answer (spec document 3 sections 2 and 6) */
  'prompts:use': { profile: 'admin', planFlag: 'useOpenAi' },
  /** integrations (/queue-integration): admins of a plan with integrations; profile users get no access (spec document 3 section 6) */
  'integrations:use': { profile: 'admin', planFlag: 'useIntegrations' },
} as const satisfies Record<string, AccessRule>;
export type RuleName = keyof typeof rules;

export const can = (viewer: Viewer, rule: RuleName): boolean => allows(viewer, rules[rule]);

/** Company 1 runs the platform and never expires. */
export const PLATFORM_COMPANY_ID = 1;

export interface MenuItem {
  key: string;
  /** i18n key of the label */
  label: string;
  /** PrimeIcons class */
  icon: string;
  path?: string;
  access?: AccessRule;
  /** a company setting that must be 'enabled' for the entry to show (the company's own switch for a feature) */
  companySetting?: string;
  /**
   * a local storage flag: alone, it must be present; beside `companySetting` it shows the entry even while the
   * setting is off (the spec's `cshow` for campaign pages, kept as an override)
   */
  localFlag?: string;
  children?: readonly MenuItem[];
}

/**
 * The whole product's menu. The web app shows an entry only when its page exists in the app's router and the
 * viewer passes the entry's rule; a group shows when any child shows.
 */
export const menu: readonly MenuItem[] = [
  {
    key: 'management',
    label: 'menu.management',
    icon: 'pi pi-chart-bar',
    access: rules['management:view'],
    children: [
      { key: 'dashboard', label: 'menu.dashboard', icon: 'pi pi-chart-line', path: '/', access: rules['dashboard:view'] },
      { key: 'reports', label: 'menu.reports', icon: 'pi pi-file', path: '/reports', access: rules['dashboard:view'] },
      { key: 'moments', label: 'menu.moments', icon: 'pi pi-bolt', path: '/moments', access: rules['moments:view'] },
    ],
  },
  { key: 'tickets', label: 'menu.tickets', icon: 'pi pi-comments', path: '/tickets' },
  { key: 'quickMessages', label: 'menu.quickMessages', icon: 'pi pi-bolt', path: '/quick-messages' },
  { key: 'kanban', label: 'menu.kanban', icon: 'pi pi-th-large', path: '/Kanban', access: { planFlag: 'useKanban' } },
  { key: 'contacts', label: 'menu.contacts', icon: 'pi pi-address-book', path: '/contacts' },
  { key: 'schedules', label: 'menu.schedules', icon: 'pi pi-calendar', path: '/schedules', access: rules['schedules:use'] },
  { key: 'tags', label: 'menu.tags', icon: 'pi pi-tags', path: '/tags' },
  { key: 'chats', label: 'menu.chats', icon: 'pi pi-comment', path: '/chats', access: rules['chats:use'] },
  // the personal to-do list lives in the browser only (spec document 3 "To-do list (/todolist)")
  { key: 'todolist', label: 'menu.todolist', icon: 'pi pi-check-square', path: '/todolist' },
  { key: 'helps', label: 'menu.helps', icon: 'pi pi-question-circle', path: '/helps' },
  {
    key: 'campaigns',
    label: 'menu.campaigns',
    icon: 'pi pi-megaphone',
    companySetting: 'campaignsEnabled',
    localFlag: 'cshow',
    access: { profile: 'admin', planFlag: 'useCampaigns' },
    children: [
      { key: 'campaignList', label: 'menu.campaignList', icon: 'pi pi-list', path: '/campaigns' },
      { key: 'contactLists', label: 'menu.contactLists', icon: 'pi pi-users', path: '/contact-lists' },
      { key: 'campaignSettings', label: 'menu.campaignSettings', icon: 'pi pi-cog', path: '/campaigns-config' },
    ],
  },
  {
    key: 'flowbuilder',
    label: 'menu.flowbuilder',
    icon: 'pi pi-sitemap',
    access: { profile: 'admin', planFlag: 'useIntegrations' },
    children: [
      { key: 'phraseLists', label: 'menu.phraseLists', icon: 'pi pi-send', path: '/phrase-lists' },
      { key: 'flowbuilders', label: 'menu.flowbuilders', icon: 'pi pi-share-alt', path: '/flowbuilders' },
    ],
  },
  {
    key: 'announcements',
    label: 'menu.announcements',
    icon: 'pi pi-info-circle',
    path: '/announcements',
    access: rules['super:area'],
  },
  {
    key: 'messagesApi',
    label: 'menu.messagesApi',
    icon: 'pi pi-code',
    path: '/messages-api',
    access: { profile: 'admin', planFlag: 'useExternalApi' },
  },
  { key: 'users', label: 'menu.users', icon: 'pi pi-user', path: '/users', access: rules['admin:area'] },
  { key: 'queues', label: 'menu.queues', icon: 'pi pi-sitemap', path: '/queues', access: rules['admin:area'] },
  {
    key: 'prompts',
    label: 'menu.prompts',
    icon: 'pi pi-microchip-ai',
    path: '/prompts',
    access: { profile: 'admin', planFlag: 'useOpenAi' },
  },
  {
    key: 'integrations',
    label: 'menu.integrations',
    icon: 'pi pi-link',
    path: '/queue-integration',
    access: rules['integrations:use'],
  },
  {
    key: 'connections',
    label: 'menu.connections',
    icon: 'pi pi-mobile',
    path: '/connections',
    access: rules['connections-page:view'],
  },
  {
    key: 'allConnections',
    label: 'menu.allConnections',
    icon: 'pi pi-globe',
    path: '/allConnections',
    access: rules['super:area'],
  },
  { key: 'files', label: 'menu.files', icon: 'pi pi-folder', path: '/files', access: rules['admin:area'] },
  { key: 'financeiro', label: 'menu.financeiro', icon: 'pi pi-dollar', path: '/financeiro', access: rules['admin:area'] },
  { key: 'settings', label: 'menu.settings', icon: 'pi pi-cog', path: '/settings', access: rules['admin:area'] },
  // the audit log of administrative changes: the company's admins and the super user
  { key: 'auditLog', label: 'menu.auditLog', icon: 'pi pi-history', path: '/audit-logs', access: rules['admin:area'] },
  { key: 'companies', label: 'menu.companies', icon: 'pi pi-building', path: '/companies', access: rules['super:area'] },
];

export const connectionWarningStatuses = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
