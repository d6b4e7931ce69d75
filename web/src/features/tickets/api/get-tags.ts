import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const getTags = (kanban?: 0 | 1) => callRoute('tags.list', { query: { kanban } });

export const tagsQueryKey = (kanban?: 0 | 1) => ['tags', 'list', kanban ?? 'all'] as const;

export const useTags = (kanban?: 0 | 1) => useQuery({ queryKey: tagsQueryKey(kanban), queryFn: () => getTags(kanban), staleTime: 60_000 });
