/**
 * How a session gets its socket. The default is Baileys' own `makeWASocket`, with the auth state from the table,
 * the bridge's `getMessage` and `cachedGroupMetadata`, a quiet logger and `WA_WEBSOCKET_URL` when set; tests pass a
 * scripted socket (testing/fake-baileys-socket.ts) through the same seam.
 */
import makeWASocket, {
  Browsers,
  type AuthenticationState,
  type GroupMetadata,
  type WAMessageKey,
  type WASocket,
  type proto,
} from '@whiskeysockets/baileys';
import { logger } from '../../../functions/src/platform/logger.ts';

export interface SocketRequest {
  companyId: number;
  connectionId: number;
  auth: AuthenticationState;
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined>;
  /** ask the phone for its whole history when pairing (an import of old messages); recent history only otherwise */
  fullHistory?: boolean;
}

/** Makes one socket for one session; each reconnect asks for a new one. */
export type SocketFactory = (request: SocketRequest) => WASocket;

/** A pino-compatible logger (Baileys' ILogger) */
export interface QuietLogger {
  level: string;
  child(obj: Record<string, unknown>): QuietLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * Baileys narrates every frame at debug and every failed connect at error: only errors reach our log, each distinct
 * text at most once a minute per session, so a machine without internet does not flood it.
 */
export const quietLogger = (bindings: Record<string, unknown> = {}, seen = new Map<string, number>()): QuietLogger => {
  const none = () => undefined;
  const error = (obj: unknown, msg?: string) => {
    const text = msg ?? (typeof obj === 'string' ? obj : ((obj as { msg?: string } | undefined)?.msg ?? 'baileys error'));
    const at = Date.now();
    if ((seen.get(text) ?? 0) > at - 60_000) return;
    seen.set(text, at);
    if (seen.size > 100) seen.clear();
    const err = (obj as { err?: unknown; error?: unknown } | undefined)?.err ?? (obj as { error?: unknown } | undefined)?.error;
    logger.warn(`baileys: ${text}`, { ...bindings, ...(err instanceof Error ? { error: err } : {}) });
  };
  return {
    level: 'error',
    child: (obj) => quietLogger({ ...bindings, ...obj }, seen),
    trace: none,
    debug: none,
    info: none,
    warn: none,
    error,
  };
};

export interface BaileysFactoryOptions {
  /** WhatsApp's WebSocket address; default Baileys' own (wss://web.whatsapp.com/ws/chat) */
  waWebSocketUrl?: string;
  /** how long a connection attempt may take */
  connectTimeoutMs?: number;
}

/** The real socket. */
export const baileysSocketFactory = (options: BaileysFactoryOptions = {}): SocketFactory => {
  // what a session's sockets logged lately: each reconnect makes a new socket, and the same failure of every
  // attempt of one outage is logged once a minute, not once per attempt
  const seenBySession = new Map<string, Map<string, number>>();
  const seenOf = (companyId: number, connectionId: number): Map<string, number> => {
    const key = `${companyId}:${connectionId}`;
    let seen = seenBySession.get(key);
    if (!seen) seenBySession.set(key, (seen = new Map()));
    return seen;
  };
  return (request) =>
    makeWASocket({
      auth: request.auth,
      getMessage: request.getMessage,
      cachedGroupMetadata: request.cachedGroupMetadata,
      browser: Browsers.ubuntu('Switchboard'),
      logger: quietLogger(
        { companyId: request.companyId, connectionId: request.connectionId },
        seenOf(request.companyId, request.connectionId),
      ),
      markOnlineOnConnect: false,
      // the essential syncs stay on either way: LID mappings and messages missed while down arrive through them
      syncFullHistory: request.fullHistory ?? false,
      ...(options.waWebSocketUrl ? { waWebSocketUrl: options.waWebSocketUrl } : {}),
      ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
    });
};
