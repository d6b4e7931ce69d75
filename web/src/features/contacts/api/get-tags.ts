import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /tags/list: every tag of the company, for the filter and the contact's tag picker. */
export const getTags = () => callRoute('tags.list');

export const tagsQueryKey = ['tags', 'list'] as const;

export const useTags = () => useQuery({ queryKey: tagsQueryKey, queryFn: getTags });
