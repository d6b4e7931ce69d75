/**
 * The administration pages' texts in Portuguese (the language that ships with the app) are not part of the first
 * download: each page's route loads its sections before it renders (app/router.tsx), so the inbox's first paint
 * carries only the texts it uses. Other languages arrive whole when chosen (lib/i18n.ts).
 */
import type { connectionsPt } from './connections/pt.ts';
import type { filesPt } from './files/pt.ts';
import type { queuesPt } from './queues/pt.ts';
import type { settingsPt } from './settings/pt.ts';
import type { tagsPt } from './tags/pt.ts';
import type { usersPt } from './users/pt.ts';
import type { weeklyHoursPt } from './weekly-hours/pt.ts';
import type { billingPt } from './billing/pt.ts';
import type { platformPt } from './platform/pt.ts';
import type { reportsPt } from './reports/pt.ts';
import type { auditLogPt } from './audit-log/pt.ts';
import type { dashboardPt } from './dashboard/pt.ts';
import type { messagesApiPt } from './messages-api/pt.ts';
import type { contactListsPt } from './contact-lists/pt.ts';
import type { flowsPt } from './flows/pt.ts';
import type { flowCampaignsPt } from './flow-campaigns/pt.ts';
import type { promptsPt } from './prompts/pt.ts';
import type { campaignsPt } from './campaigns/pt.ts';
import type { queueIntegrationsPt } from './queue-integrations/pt.ts';

export interface LazySections {
  connections: typeof connectionsPt;
  queues: typeof queuesPt;
  tags: typeof tagsPt;
  files: typeof filesPt;
  users: typeof usersPt;
  settings: typeof settingsPt;
  weeklyHours: typeof weeklyHoursPt;
  platform: typeof platformPt;
  reports: typeof reportsPt;
  auditLog: typeof auditLogPt;
  dashboard: typeof dashboardPt;
  billing: typeof billingPt;
  messagesApi: typeof messagesApiPt;
  contactLists: typeof contactListsPt;
  flows: typeof flowsPt;
  flowCampaigns: typeof flowCampaignsPt;
  prompts: typeof promptsPt;
  campaigns: typeof campaignsPt;
  queueIntegrations: typeof queueIntegrationsPt;
}
export type LazySection = keyof LazySections;

export const lazySectionLoaders: { [K in LazySection]: () => Promise<LazySections[K]> } = {
  connections: () => import('./connections/pt.ts').then((m) => m.connectionsPt),
  queues: () => import('./queues/pt.ts').then((m) => m.queuesPt),
  tags: () => import('./tags/pt.ts').then((m) => m.tagsPt),
  files: () => import('./files/pt.ts').then((m) => m.filesPt),
  users: () => import('./users/pt.ts').then((m) => m.usersPt),
  settings: () => import('./settings/pt.ts').then((m) => m.settingsPt),
  weeklyHours: () => import('./weekly-hours/pt.ts').then((m) => m.weeklyHoursPt),
  platform: () => import('./platform/pt.ts').then((m) => m.platformPt),
  reports: () => import('./reports/pt.ts').then((m) => m.reportsPt),
  auditLog: () => import('./audit-log/pt.ts').then((m) => m.auditLogPt),
  dashboard: () => import('./dashboard/pt.ts').then((m) => m.dashboardPt),
  billing: () => import('./billing/pt.ts').then((m) => m.billingPt),
  messagesApi: () => import('./messages-api/pt.ts').then((m) => m.messagesApiPt),
  contactLists: () => import('./contact-lists/pt.ts').then((m) => m.contactListsPt),
  flows: () => import('./flows/pt.ts').then((m) => m.flowsPt),
  flowCampaigns: () => import('./flow-campaigns/pt.ts').then((m) => m.flowCampaignsPt),
  prompts: () => import('./prompts/pt.ts').then((m) => m.promptsPt),
  campaigns: () => import('./campaigns/pt.ts').then((m) => m.campaignsPt),
  queueIntegrations: () => import('./queue-integrations/pt.ts').then((m) => m.queueIntegrationsPt),
};

export const lazySections = Object.keys(lazySectionLoaders) as LazySection[];
