import type { Campaign, CampaignEvent } from '@switchboard/shared/contracts/campaigns';
import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { campaignsQueryKeys } from '../api/get-campaigns.ts';

/**
 * `company-{id}-campaign` frames (create, update with the record and its counts, delete): the lists are read again and
 * an open campaign takes the record as it came, so the report's counters move with every send; `onChange` sees each.
 */
export const useCampaignsLiveUpdates = (companyId: number, onChange?: (change: CampaignEvent) => void): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.campaign(companyId), (change) => {
    void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.lists });
    if (change.action === 'delete') {
      queryClient.removeQueries({ queryKey: campaignsQueryKeys.one(change.id) });
    } else {
      queryClient.setQueryData(
        campaignsQueryKeys.one(change.record.id),
        (current: (Campaign & Record<string, unknown>) | undefined) => (current ? { ...current, ...change.record } : current),
      );
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.shippingOf(change.record.id) });
    }
    onChange?.(change);
  });
};

/** `company-{id}-campaignSettings`: settings saved elsewhere replace the cached ones. */
export const useCampaignSettingsLiveUpdates = (companyId: number, onChange?: () => void): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent(channels.campaignSettings(companyId), () => {
    void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.settings });
    onChange?.();
  });
};
