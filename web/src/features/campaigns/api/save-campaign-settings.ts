import { settingsFromEntries, type SaveCampaignSettingsBody } from '@switchboard/shared/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { campaignsQueryKeys } from './get-campaigns.ts';

/** POST /campaign-settings with the settings; answers the saved key/value list. */
export const saveCampaignSettings = async (settings: SaveCampaignSettingsBody['settings']) =>
  settingsFromEntries(await callRoute('campaigns.settings-save', { body: { settings } }));

export const useSaveCampaignSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaignSettings,
    onSuccess: (saved) => queryClient.setQueryData(campaignsQueryKeys.settings, saved),
  });
};
