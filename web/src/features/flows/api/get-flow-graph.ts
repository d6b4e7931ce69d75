import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { flowsQueryKeys } from './get-flows.ts';

/** GET /flowbuilder/flow/{id}: the flow, its graph (`flow.flow`) and addresses of its files. */
export const getFlowGraph = (id: number) => callRoute('flows.graph', { params: { id } });

export const useFlowGraph = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: flowsQueryKeys.graph(id),
    queryFn: () => getFlowGraph(id),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
