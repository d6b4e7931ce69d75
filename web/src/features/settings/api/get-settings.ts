import { withDefaults } from '@switchboard/shared/company-options';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { settingsQueryKeys } from './settings-query-keys.ts';

/** GET /settings: the company's options as key and value, read into one record. */
export const getSettings = async (): Promise<CompanySettings> =>
  withDefaults(Object.fromEntries((await callRoute('settings.list')).map((s) => [s.key, s.value])) as Partial<CompanySettings>);

export const useSettings = () => useQuery({ queryKey: settingsQueryKeys.options(), queryFn: getSettings, staleTime: 0 });
