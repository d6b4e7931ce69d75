import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateFlowCampaign } from '../flow-campaigns.service.ts';

export const handler = defineHandler('flow-campaigns.update', ({ auth, body }) => updateFlowCampaign(auth, body));
