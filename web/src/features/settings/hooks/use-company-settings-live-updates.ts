import { channels } from '@switchboard/shared/events';
import { callRoute } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useApplySettings } from '../api/apply-settings.ts';

/**
 * Options changed anywhere in the company (`company-{id}-settings` names the keys) are read again (the answer
 * carries every key, defaults included), so every signed-in user's pages follow them without signing in again.
 */
export const useCompanySettingsLiveUpdates = (companyId: number): void => {
  const apply = useApplySettings();
  useRealtimeEvent(channels.settings(companyId), () => {
    void callRoute('settings.company', { params: { companyId } })
      .then(apply)
      .catch((error: unknown) => console.warn('settings refresh failed', error));
  });
};
