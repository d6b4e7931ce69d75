import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export const getVersion = () => callRoute('system.version');

export const versionQueryKey = ['system', 'version'] as const;

export const useVersion = () => useQuery({ queryKey: versionQueryKey, queryFn: getVersion, staleTime: Infinity });
