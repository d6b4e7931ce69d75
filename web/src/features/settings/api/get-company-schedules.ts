import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { settingsQueryKeys } from './settings-query-keys.ts';

/** GET /companies/{id}/schedules: the company's opening hours (none until first saved). */
export const getCompanySchedules = (companyId: number) => callRoute('companies.schedules', { params: { id: companyId } });

export const useCompanySchedules = (companyId: number) =>
  useQuery({ queryKey: settingsQueryKeys.schedules(companyId), queryFn: () => getCompanySchedules(companyId), staleTime: 0 });
