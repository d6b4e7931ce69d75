/**
 * What the parts of one message bridge (bridge.ts) share: what they need of the platform (BridgeDeps, wired to it by
 * bridge-deps.ts), and the scope of one session's bridge (its context, the bound socket, the clock, the log, the
 * group and identity caches).
 */
import type { WAMessage, WASocket } from '@whiskeysockets/baileys';
import type { GroupMetadataCache } from './inbound/group-metadata-cache.ts';
import type { IdentityResolver, LidPairStore } from './inbound/identities.ts';
import type { MediaSink } from './inbound/media.ts';
import type { ProfilePictures } from './inbound/profile-pictures.ts';
import type { StoredMessage } from './outbound/content.ts';
import type { SessionContext } from './sessions/session-bridge.ts';

export interface StoredMessages {
  byChannelId(companyId: number, connectionId: number, channelMessageId: string): Promise<StoredMessage | undefined>;
  byId(companyId: number, messageId: string): Promise<StoredMessage | undefined>;
}

export interface BridgeLog {
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export interface BridgeDeps {
  messages: StoredMessages;
  media: MediaSink & { read(key: string): Promise<Buffer | undefined> };
  lidPairs: LidPairStore;
  /** Baileys' media download; replaced in tests */
  download?: (message: WAMessage, socket: WASocket) => Promise<Buffer>;
  log?: BridgeLog;
  now?: () => Date;
  /**
   * How far back a history sync's messages are taken in as missed ones. Older history comes in only through an
   * import of old messages (`imports`).
   */
  historyWindowMs?: number;
  /** the connection's import of old messages; without it a history sync brings missed messages only */
  imports?: HistoryImports;
  /** contacts' profile pictures, asked for after their messages are queued; without it none are asked for */
  pictures?: ProfilePictures;
  /** the chats the session sees, kept for an import of their people as contacts; without it none are kept */
  chats?: KnownChats;
}

/** Where the people of a session's chats are kept (chat-import.service.ts), at most `limit` per session. */
export interface KnownChats {
  limit: number;
  remember(companyId: number, connectionId: number, chats: { identity: string; name?: string }[]): Promise<void>;
}

/** What an import of old messages needs from the platform (connection-import.service.ts). */
export interface HistoryImports {
  /** the range (ms, inclusive) an import takes in while one is asked and not finished; undefined otherwise */
  windowOf(companyId: number, connectionId: number): Promise<{ from: number; to: number; groups: boolean } | undefined>;
  /** `done` of `total` messages of the range found so far are queued */
  progress(companyId: number, connectionId: number, counts: { done: number; total: number }): Promise<void>;
  /** WhatsApp said the history sync is complete */
  finished(companyId: number, connectionId: number): Promise<void>;
}

/** One session's bridge, as its parts (inbound/message-intake.ts, inbound/history-import.ts, outbound/sends.ts) see it. */
export interface BridgeScope {
  context: SessionContext;
  deps: BridgeDeps;
  log: BridgeLog;
  now: () => Date;
  /** the socket bound now, if any */
  socket(): WASocket | undefined;
  groups: GroupMetadataCache;
  identities: IdentityResolver;
}

export const errorData = (error: unknown): Record<string, unknown> => ({
  error: error instanceof Error ? error.message : String(error),
});
