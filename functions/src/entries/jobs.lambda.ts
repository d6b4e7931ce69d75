// Written by `npm run entries` from functions/src/deployment/manifest.ts: change the manifest, not this file.
import { registerRealtimeListener } from '../listeners/realtime.listener.ts';
import { registerCompanySessionsListener } from '../listeners/company-sessions.listener.ts';
import { registerTimerListener } from '../listeners/ticket-timers.listener.ts';
import { registerDashboardListener } from '../listeners/dashboard.listener.ts';
import { registerKanbanListener } from '../listeners/kanban.listener.ts';
import { registerTicketJobs } from '../modules/tickets/ticket-jobs.service.ts';
import { registerScheduleJobs } from '../modules/schedules/schedule-jobs.service.ts';
import { registerCampaignJobs } from '../modules/campaigns/campaign-jobs.service.ts';
import { registerTagJobs } from '../modules/tags/tag-jobs.service.ts';
import { registerCompanyJobs } from '../modules/companies/company-purge.service.ts';
import { registerEngineJobs } from '../engine/ticket-timer-job.ts';
import { registerFlowJobs } from '../engine/flow-runtime.ts';
import { registerIntegrationJobs } from '../engine/integrations/integration-outbox.ts';
import { registerInvoiceJobs } from '../modules/invoices/invoice-jobs.service.ts';
import { registerContactListJobs } from '../modules/contact-lists/contact-list-jobs.service.ts';
import { registerDataMigrationJobs } from '../migrations/data-migrations.ts';
import { handler } from '../modules/jobs/jobs.function.ts';

registerRealtimeListener();
registerCompanySessionsListener();
registerTimerListener();
registerDashboardListener();
registerKanbanListener();
registerTicketJobs();
registerScheduleJobs();
registerCampaignJobs();
registerTagJobs();
registerCompanyJobs();
registerEngineJobs();
registerFlowJobs();
registerIntegrationJobs();
registerInvoiceJobs();
registerContactListJobs();
registerDataMigrationJobs();

export { handler };
