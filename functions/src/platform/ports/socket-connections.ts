/**
 * The WebSocket API's management side as the publisher needs it: post one frame to one connection, close one. In AWS this
 * is the API Gateway management API; the local runtime's gateway registers itself and delivers in process.
 */
export interface SocketConnections {
  /** Sends `data` to the connection; false when the connection no longer exists (API Gateway's 410 Gone). */
  post(connectionId: string, data: string): Promise<boolean>;
  /** Closes the connection (API Gateway's DELETE @connections/{id}); a connection already gone is no error. */
  close(connectionId: string): Promise<void>;
}
