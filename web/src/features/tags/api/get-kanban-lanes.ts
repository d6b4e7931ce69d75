import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './get-tags.ts';

/** GET /tag/kanban: the lanes by name with the number of tickets in each. */
export const getKanbanLanes = () => callRoute('tags.kanban-lanes', {});

export const useKanbanLanes = () => useQuery({ queryKey: tagsQueryKeys.lanes(), queryFn: getKanbanLanes });
