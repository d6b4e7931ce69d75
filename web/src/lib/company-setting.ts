import type { companySettingQuery } from '@switchboard/shared/contracts/company-settings';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from './api-client.ts';
import { useCurrentUser } from './session.tsx';

export type SettingColumn = z.infer<typeof companySettingQuery>['column'];

export const getCompanySetting = (column: SettingColumn) => callRoute('settings.company-one', { query: { column } });

export const companySettingQueryKey = (column: SettingColumn) => ['settings', 'company', column] as const;

/**
 * One company setting the inbox reads. The signed-in user usually carries the company's settings; when not, it
 * is read with GET /companySettingOne.
 */
export const useCompanySetting = (column: SettingColumn): string | undefined => {
  const user = useCurrentUser();
  const known = user.company.settings?.[column];
  const query = useQuery({
    queryKey: companySettingQueryKey(column),
    queryFn: () => getCompanySetting(column),
    enabled: known === undefined,
    staleTime: 5 * 60_000,
  });
  return known ?? query.data?.value ?? undefined;
};

export const useSettingEnabled = (column: SettingColumn): boolean => useCompanySetting(column) === 'enabled';
