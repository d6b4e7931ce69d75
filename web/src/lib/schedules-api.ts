import type { Schedule, ScheduleInput } from '@switchboard/shared/contracts/schedules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';
import { ApiError } from './api-error.ts';

/** Cache keys of the schedules, shared by the /schedules page and the ticket screen's schedule dialog. */
export const scheduleQueryKeys = {
  all: ['schedules'] as const,
  list: (searchParam: string) => ['schedules', 'list', searchParam] as const,
};

export type ScheduleMediaChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'upload'; file: File };

export interface SaveScheduleInput {
  id?: number;
  body: ScheduleInput;
  media: ScheduleMediaChange;
}

/** POST /schedules/{id}/media-upload names the file on the schedule and hands out where the bytes go. */
const uploadScheduleMedia = async (id: number, file: File): Promise<Schedule> => {
  const mimeType = file.type || (file.name.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg');
  const target = await callRoute('schedules.media-upload', {
    params: { id },
    body: { name: file.name, mimeType, size: file.size },
  });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
  return target.schedule;
};

/** Creates (POST) or updates (PUT) a schedule, then applies the attachment change. */
export const saveSchedule = async ({ id, body, media }: SaveScheduleInput): Promise<Schedule> => {
  let saved =
    id === undefined
      ? await callRoute('schedules.create', { body })
      : await callRoute('schedules.update', { params: { id }, body });
  if (media.kind === 'upload') saved = await uploadScheduleMedia(saved.id, media.file);
  if (media.kind === 'remove' && saved.mediaPath) saved = await callRoute('schedules.media-remove', { params: { id: saved.id } });
  return saved;
};

export const useSaveSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKeys.all }),
  });
};
