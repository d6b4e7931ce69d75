import { withDefaults } from '@switchboard/shared/company-options';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callRoute } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';

export const settingsQueryKeys = {
  all: ['settings'] as const,
  options: () => ['settings', 'options'] as const,
  schedules: (companyId: number) => ['settings', 'schedules', companyId] as const,
};

/** GET /settings: the company's options as key and value, read into one record. */
export const getSettings = async (): Promise<CompanySettings> =>
  withDefaults(Object.fromEntries((await callRoute('settings.list')).map((s) => [s.key, s.value])) as Partial<CompanySettings>);

export const useSettings = () => useQuery({ queryKey: settingsQueryKeys.options(), queryFn: getSettings, staleTime: 0 });

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
