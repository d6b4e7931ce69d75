import { defineHandler } from '../../../platform/http/define-handler.ts';
import { cancelCampaign } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.cancel', ({ auth, params }) => cancelCampaign(auth, params.id));
