/**
 * What a function of the deployment (manifest.ts) can be composed of: the listeners of domain events and the job
 * sets of the jobs queue, each by name with the file that defines it and the function that registers it. Paths are
 * relative to functions/src. Data only: nothing here imports the code it names, so reading the manifest loads none.
 */
export interface Registration {
  /** the defining file, relative to functions/src */
  file: string;
  /** its exported function that registers it (no arguments) */
  register: string;
}

export const listenerCatalogue = {
  realtime: { file: 'listeners/realtime.listener.ts', register: 'registerRealtimeListener' },
  'chat-realtime': { file: 'listeners/chat-realtime.listener.ts', register: 'registerChatRealtimeListener' },
  audit: { file: 'listeners/audit.listener.ts', register: 'registerAuditListener' },
  'campaign-replies': { file: 'listeners/campaign-replies.listener.ts', register: 'registerCampaignRepliesListener' },
  'campaign-sends': { file: 'listeners/campaign-sends.listener.ts', register: 'registerCampaignSendsListener' },
  'company-sessions': { file: 'listeners/company-sessions.listener.ts', register: 'registerCompanySessionsListener' },
  dashboard: { file: 'listeners/dashboard.listener.ts', register: 'registerDashboardListener' },
  engine: { file: 'listeners/engine.listener.ts', register: 'registerEngineListener' },
  'flow-references': { file: 'listeners/flow-references.listener.ts', register: 'registerFlowReferencesListener' },
  'integration-references': {
    file: 'listeners/integration-references.listener.ts',
    register: 'registerIntegrationReferencesListener',
  },
  kanban: { file: 'listeners/kanban.listener.ts', register: 'registerKanbanListener' },
  'prompt-references': { file: 'listeners/prompt-references.listener.ts', register: 'registerPromptReferencesListener' },
  'queue-references': { file: 'listeners/queue-references.listener.ts', register: 'registerQueueReferencesListener' },
  'socket-rights': { file: 'listeners/socket-rights.listener.ts', register: 'registerSocketRightsListener' },
  'ticket-timers': { file: 'listeners/ticket-timers.listener.ts', register: 'registerTimerListener' },
  'ticket-texts': { file: 'listeners/ticket-texts.listener.ts', register: 'registerTicketTextsListener' },
  'user-invites': { file: 'listeners/user-invites.listener.ts', register: 'registerUserInvitesListener' },
} as const satisfies Record<string, Registration>;

export type ListenerName = keyof typeof listenerCatalogue;

export const jobSetCatalogue = {
  tickets: { file: 'modules/tickets/ticket-jobs.service.ts', register: 'registerTicketJobs' },
  schedules: { file: 'modules/schedules/schedule-jobs.service.ts', register: 'registerScheduleJobs' },
  campaigns: { file: 'modules/campaigns/campaign-jobs.service.ts', register: 'registerCampaignJobs' },
  tags: { file: 'modules/tags/tag-jobs.service.ts', register: 'registerTagJobs' },
  companies: { file: 'modules/companies/company-purge.service.ts', register: 'registerCompanyJobs' },
  engine: { file: 'engine/ticket-timer-job.ts', register: 'registerEngineJobs' },
  flows: { file: 'engine/flow-runtime.ts', register: 'registerFlowJobs' },
  integrations: { file: 'engine/integrations/integration-outbox.ts', register: 'registerIntegrationJobs' },
  invoices: { file: 'modules/invoices/invoice-jobs.service.ts', register: 'registerInvoiceJobs' },
  'contact-lists': { file: 'modules/contact-lists/contact-list-jobs.service.ts', register: 'registerContactListJobs' },
  'data-migrations': { file: 'migrations/data-migrations.ts', register: 'registerDataMigrationJobs' },
} as const satisfies Record<string, Registration>;

export type JobSetName = keyof typeof jobSetCatalogue;
