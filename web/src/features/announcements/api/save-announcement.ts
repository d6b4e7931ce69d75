import type { Announcement, AnnouncementBody } from '@switchboard/shared/contracts/announcements';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announcementsQueryKeys } from '../../../lib/announcements-api.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/** GET /announcements: every announcement, newest first (super user). */
export const useAnnouncements = (searchParam: string) =>
  useQuery({
    queryKey: announcementsQueryKeys.list(searchParam),
    queryFn: () => callRoute('announcements.list', { query: { searchParam: searchParam || undefined } }),
  });

export type ImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'upload'; file: File };

/** POST or PUT the announcement, then apply the image change (signed upload, or removal). */
export const saveAnnouncement = async ({
  id,
  body,
  image,
}: {
  id?: number;
  body: AnnouncementBody;
  image: ImageChange;
}): Promise<Announcement> => {
  const saved =
    id === undefined
      ? await callRoute('announcements.create', { body })
      : await callRoute('announcements.update', { params: { id }, body });
  if (image.kind === 'remove') return callRoute('announcements.media-remove', { params: { id: saved.id } });
  if (image.kind === 'upload') {
    const target = await callRoute('announcements.media-upload', {
      params: { id: saved.id },
      body: { name: image.file.name, mimeType: image.file.type, size: image.file.size },
    });
    const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: image.file });
    if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
    return target.announcement;
  }
  return saved;
};

export const useSaveAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKeys.all }),
  });
};

export const useDeleteAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute('announcements.delete', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKeys.all }),
  });
};
