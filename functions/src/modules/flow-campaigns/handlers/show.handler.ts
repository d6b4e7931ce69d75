import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showFlowCampaign } from '../flow-campaigns.service.ts';

export const handler = defineHandler('flow-campaigns.show', ({ auth, params }) => showFlowCampaign(auth, params.id));
