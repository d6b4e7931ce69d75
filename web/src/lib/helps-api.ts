/**
 * The home of the help videos' list (GET /helps/list): the /helps page shows it, the drawer shows the Helps entry
 * only while it has entries (spec document 3 "Help videos"), and the super user's helps tab changes it.
 */
import { useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

export const helpsQueryKeys = { all: ['helps'] as const };

export const getHelps = () => callRoute('helps.list');

export const useHelps = () => useQuery({ queryKey: helpsQueryKeys.all, queryFn: getHelps, staleTime: 60_000 });
