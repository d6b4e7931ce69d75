/** The company's connections, for the inbox's pickers: the shared lookup (lib/lookups.ts). */
export {
  connectionListKey as connectionsQueryKey,
  getConnectionList as getConnections,
  useConnectionList as useConnections,
} from '../../../lib/lookups.ts';
