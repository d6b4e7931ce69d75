import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteCampaign } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.delete', ({ auth, params }) => deleteCampaign(auth, params.id));
