import { settingsFromEntries } from '@switchboard/shared/contracts/campaigns';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { campaignsQueryKeys } from './get-campaigns.ts';

/** GET /campaign-settings: the key/value list read into the settings, defaults for what is missing. */
export const getCampaignSettings = async () => settingsFromEntries(await callRoute('campaigns.settings'));

export const useCampaignSettings = () => useQuery({ queryKey: campaignsQueryKeys.settings, queryFn: getCampaignSettings });
