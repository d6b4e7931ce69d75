import type { FlowGraph } from '@switchboard/shared/flows/graph';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { flowsQueryKeys } from './get-flows.ts';

/** POST /flowbuilder/flow: the whole graph the editor shows. */
export const saveFlowGraph = ({ id, graph }: { id: number; graph: FlowGraph }) =>
  callRoute('flows.save-graph', { body: { idFlow: id, nodes: graph.nodes, connections: graph.connections } });

export const useSaveFlowGraph = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlowGraph,
    onSuccess: (saved, { id }) => queryClient.setQueryData(flowsQueryKeys.graph(id), saved),
  });
};
