import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateCampaign } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.update', ({ auth, params, body }) => updateCampaign(auth, params.id, body));
