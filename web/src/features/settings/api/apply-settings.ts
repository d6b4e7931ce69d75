import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionStore } from '../../../lib/session-store.ts';
import { settingsQueryKeys } from './settings-query-keys.ts';

/**
 * Puts options the API answered into the page's cache and into the signed-in user's company, so every page that
 * reads `user.company.settings` (the queues' hours tab, the inbox) follows at once.
 */
export const useApplySettings = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (settings: CompanySettings) => {
      queryClient.setQueryData(settingsQueryKeys.options(), settings);
      const user = sessionStore.getSnapshot().user;
      if (user) sessionStore.setUser({ ...user, company: { ...user.company, settings } });
    },
    [queryClient],
  );
};
