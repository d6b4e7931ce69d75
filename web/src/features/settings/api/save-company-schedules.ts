import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { settingsQueryKeys } from './settings-query-keys.ts';

/** PUT /companies/{id}/schedules: the whole week. */
export const saveCompanySchedules = ({ companyId, schedules }: { companyId: number; schedules: ScheduleEntry[] }) =>
  callRoute('companies.schedules-update', { params: { id: companyId }, body: { schedules } });

export const useSaveCompanySchedules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanySchedules,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKeys.schedules(saved.id), saved),
  });
};
