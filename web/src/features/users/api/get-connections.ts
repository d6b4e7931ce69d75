/** The connections a user can have as default: the shared lookup (lib/lookups.ts). */
export {
  connectionListKey as connectionsQueryKey,
  getConnectionList as getConnections,
  useConnectionList as useConnections,
} from '../../../lib/lookups.ts';
