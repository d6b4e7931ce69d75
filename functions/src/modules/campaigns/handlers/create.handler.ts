import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createCampaign } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.create', ({ auth, body }) => createCampaign(auth, body));
