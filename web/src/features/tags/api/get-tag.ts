import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './get-tags.ts';

/** GET /tags/{id}: the whole tag, lane fields included, for the dialog. */
export const getTag = (id: number) => callRoute('tags.show', { params: { id } });

export const useTag = (id: number | undefined) =>
  useQuery({ queryKey: tagsQueryKeys.detail(id ?? 0), queryFn: () => getTag(id!), enabled: id !== undefined });
