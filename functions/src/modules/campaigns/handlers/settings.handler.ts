import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showCampaignSettings } from '../campaign-settings.service.ts';

export const handler = defineHandler('campaigns.settings', ({ auth }) => showCampaignSettings(auth));
