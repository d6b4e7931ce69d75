/**
 * Publishes realtime events: resolves the recipients among the company's connections (never a broadcast to
 * everyone), posts the frame to each through the socket connections port (the API Gateway management API in
 * AWS, the local gateway in process), and forgets connections that are gone.
 */
import type { RealtimeFrame } from '@switchboard/shared/events';
import { clock } from '../clock.ts';
import { logger } from '../logger.ts';
import { socketConnections } from '../ports/ports.ts';
import { ttlCache } from '../ttl-cache.ts';
import { companyConnections, deleteConnection } from './connection.repository.ts';
import type { ConnectionRecord } from './connection.entity.ts';

export type Audience = (connection: ConnectionRecord) => boolean;

export const resetPublisher = (): void => {
  connectionsCache.clear();
};

/** Sends one frame to one connection; false when the connection is gone (and has been forgotten). */
export const postToConnection = async (connectionId: string, frame: RealtimeFrame): Promise<boolean> => {
  try {
    if (await socketConnections().post(connectionId, JSON.stringify(frame))) return true;
    await deleteConnection(connectionId);
    connectionsCache.clear();
    return false;
  } catch (error) {
    // an error, not a warning: throttling or a missing grant loses every push, and errors are what the alarm counts
    logger.error('post to connection failed', { connectionId, error: error as Error });
    return false;
  }
};

/**
 * A busy company publishes many events a second: an instance reuses the list of its connections for a moment.
 * Connections made or closed through this instance refresh it at once; elsewhere a new socket may miss up to
 * this long of events, which its client covers by re-reading lists when it connects.
 */
export const CONNECTIONS_CACHE_MS = 1_000;
const connectionsCache = ttlCache<number, ConnectionRecord[]>(CONNECTIONS_CACHE_MS);

export const forgetCompanyConnections = (companyId: number): void => connectionsCache.forget(companyId);

const connectionsOf = (companyId: number): Promise<ConnectionRecord[]> =>
  connectionsCache.get(companyId, () => companyConnections(companyId, clock().now().getTime()));

/**
 * Closes the company's connections that `which` admits and forgets them, so no further event reaches them: a
 * session that ends (logout, replaced, password reset, removal) takes its sockets with it. Reads the live list,
 * not the cached one, so a socket opened a moment ago is closed too.
 */
export const closeConnections = async (companyId: number, which: Audience): Promise<number> => {
  const connections = (await companyConnections(companyId, clock().now().getTime())).filter(
    (c) => c.companyId === companyId && which(c),
  );
  await Promise.all(
    connections.map(async (c) => {
      await deleteConnection(c.connectionId);
      await socketConnections().close(c.connectionId);
    }),
  );
  connectionsCache.forget(companyId);
  return connections.length;
};

/** Posts `frame` to the company's connections that the audience admits; answers how many received it. */
export const publish = async (companyId: number, frame: RealtimeFrame, audience: Audience = () => true): Promise<number> => {
  const connections = (await connectionsOf(companyId)).filter((c) => c.companyId === companyId && audience(c));
  const results = await Promise.all(connections.map((c) => postToConnection(c.connectionId, frame)));
  return results.filter(Boolean).length;
};
