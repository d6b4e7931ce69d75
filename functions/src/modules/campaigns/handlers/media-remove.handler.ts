import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeCampaignMedia } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.media-remove', ({ auth, params }) => removeCampaignMedia(auth, params.id));
