/** The company's connections, also behind the menu's warning badge: the shared lookup (lib/lookups.ts), whose key the inbox's pickers share. */
export {
  connectionListKey as connectionsQueryKey,
  getConnectionList as getConnections,
  useConnectionList as useConnections,
} from '../../../lib/lookups.ts';
