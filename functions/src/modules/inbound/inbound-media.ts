/**
 * Media an event left at the provider (`mediaRef`: Cloud API media ids, Messenger attachment URLs) is fetched by the
 * channel's driver when the event is processed, after the webhook was answered, and kept in the blob store. Media
 * the provider no longer serves is logged and the message kept without it; anything else fails the event, which
 * the queue delivers again.
 */
import type { InboundMessageEvent } from '@switchboard/shared/connector';
import { MediaUnavailable } from '../../channels/channel-driver.ts';
import { driverFor } from '../../channels/drivers.ts';
import { logger } from '../../platform/logger.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { companyMediaKey } from '../../platform/ports/media-keys.ts';
import { driverConnection } from '../connections/graph-connections.service.ts';

export interface StoredMedia {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

export const fetchInboundMedia = async (event: InboundMessageEvent): Promise<StoredMedia | undefined> => {
  const driver = driverFor(event.channel);
  if (!event.mediaRef || event.media || !driver.fetchMedia) return event.media;
  try {
    const file = await driver.fetchMedia(driverConnection(event.companyId, event.connectionId), event.mediaRef);
    const key = companyMediaKey(event.companyId, `in${event.connectionId}`, file.name);
    await blobStore().put(key, file.bytes, file.mimeType);
    return { key, name: file.name, mimeType: file.mimeType, size: file.bytes.length };
  } catch (error) {
    if (!(error instanceof MediaUnavailable)) throw error;
    logger.warn('inbound media no longer available: message kept without it', { connectionId: event.connectionId, error });
    return undefined;
  }
};
