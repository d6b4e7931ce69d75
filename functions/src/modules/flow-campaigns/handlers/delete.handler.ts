import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteFlowCampaign } from '../flow-campaigns.service.ts';

export const handler = defineHandler('flow-campaigns.delete', ({ auth, params }) => deleteFlowCampaign(auth, params.id));
