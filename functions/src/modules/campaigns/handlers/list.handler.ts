import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listCampaigns } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.list', ({ auth, query }) => listCampaigns(auth, query));
