import { defineHandler } from '../../../platform/http/define-handler.ts';
import { restartCampaign } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.restart', ({ auth, params }) => restartCampaign(auth, params.id));
