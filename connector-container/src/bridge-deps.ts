/**
 * The bridge's dependencies on our platform: stored messages (Baileys' getMessage, quotes, edits), the media
 * store and the LID <-> phone pairs, read and written through the core's facade and the platform's ports.
 */
import {
  finishImport,
  findByChannelMessageId,
  findStoredMessage,
  importWindowOf,
  MAX_KNOWN_CHATS,
  phoneOfLid,
  pictureCheckedAtOf,
  recordImportProgress,
  rememberChats,
  rememberLidPair,
  storeContactPicture,
  type MessageRecord,
} from '../../functions/src/facades/whatsapp-connector.facade.ts';
import { blobStore } from '../../functions/src/platform/ports/blob-store.ts';
import { logger } from '../../functions/src/platform/logger.ts';
import { ProfilePictures } from './inbound/profile-pictures.ts';
import type { BridgeDeps } from './bridge-scope.ts';
import type { StoredMessage } from './outbound/content.ts';

const stored = (r: MessageRecord | undefined): StoredMessage | undefined =>
  r && {
    id: r.id,
    channelMessageId: r.channelMessageId,
    body: r.body,
    fromMe: r.fromMe,
    mediaType: r.mediaType,
    mediaKey: r.mediaUrl,
    mediaName: r.mediaName,
    isDeleted: r.isDeleted,
  };

export const platformBridgeDeps = (): BridgeDeps => ({
  messages: {
    byChannelId: async (companyId, connectionId, channelMessageId) =>
      stored(await findByChannelMessageId(companyId, connectionId, channelMessageId)),
    byId: async (companyId, messageId) => stored(await findStoredMessage(companyId, messageId)),
  },
  media: {
    put: (key, data, mimeType) => blobStore().put(key, data, mimeType),
    read: (key) => blobStore().read(key),
  },
  lidPairs: { phoneOf: phoneOfLid, remember: rememberLidPair },
  imports: { windowOf: importWindowOf, progress: recordImportProgress, finished: finishImport },
  // one for every session of the task: what was asked survives a reconnect
  pictures: new ProfilePictures(
    { checkedAt: pictureCheckedAtOf, store: storeContactPicture },
    { log: { warn: (message, data) => logger.warn(message, data ?? {}) } },
  ),
  chats: { limit: MAX_KNOWN_CHATS, remember: rememberChats },
});
