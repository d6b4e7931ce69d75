import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { scheduleQueryKeys } from '../../../lib/schedules-api.ts';

export const deleteSchedule = (id: number) => callRoute('schedules.delete', { params: { id } });

export const useDeleteSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKeys.all }),
  });
};
