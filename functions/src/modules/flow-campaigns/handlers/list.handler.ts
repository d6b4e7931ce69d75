import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listFlowCampaigns } from '../flow-campaigns.service.ts';

export const handler = defineHandler('flow-campaigns.list', ({ auth, query }) => listFlowCampaigns(auth, query));
