import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createFlowCampaign } from '../flow-campaigns.service.ts';

export const handler = defineHandler('flow-campaigns.create', ({ auth, body }) => createFlowCampaign(auth, body));
