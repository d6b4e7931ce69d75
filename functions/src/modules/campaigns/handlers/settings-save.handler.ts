import { defineHandler } from '../../../platform/http/define-handler.ts';
import { saveCampaignSettings } from '../campaign-settings.service.ts';

export const handler = defineHandler('campaigns.settings-save', ({ auth, body }) => saveCampaignSettings(auth, body));
