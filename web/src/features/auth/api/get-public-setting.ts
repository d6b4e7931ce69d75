import type { PublicSettingKey } from '@switchboard/shared/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const getPublicSetting = (key: PublicSettingKey) => callRoute('settings.public', { params: { key } });

export const publicSettingQueryKey = (key: PublicSettingKey) => ['public-settings', key] as const;

export const usePublicSetting = (key: PublicSettingKey) =>
  useQuery({ queryKey: publicSettingQueryKey(key), queryFn: () => getPublicSetting(key), staleTime: 5 * 60_000 });
