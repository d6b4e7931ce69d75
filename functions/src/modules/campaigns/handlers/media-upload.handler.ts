import { defineHandler } from '../../../platform/http/define-handler.ts';
import { uploadCampaignMedia } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.media-upload', ({ auth, params, body }) =>
  uploadCampaignMedia(auth, params.id, body),
);
