import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showCampaign } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.show', ({ auth, params }) => showCampaign(auth, params.id));
