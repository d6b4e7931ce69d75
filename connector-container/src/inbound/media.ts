/**
 * A received file, downloaded from WhatsApp into the media store under the rules agents' uploads follow: the
 * allow-list of types (shared/src/media-types.ts) and the same size cap. A file that is refused or cannot be
 * downloaded leaves the message stored with a clear text instead of being lost.
 */
import { extensionMatches, isAllowedMimeType, mimeTypeOfName, baseMimeType } from '@switchboard/shared/media-types';
import type { InboundMessageEvent } from '@switchboard/shared/connector';
import type { MediaRef } from './normalise.ts';

/** The cap of an agent's upload (uploadUrlBody in shared/src/contracts/messages.ts). */
export const MAX_MEDIA_BYTES = 64 * 1024 * 1024;

export interface MediaSink {
  put(key: string, data: Uint8Array, mimeType: string): Promise<void>;
}

/** Where a received file is stored: by company, connection and WhatsApp id, so a redelivery writes the same key. */
export const inboundMediaKey = (companyId: number, connectionId: number, channelMessageId: string, fileName: string): string => {
  const safeId = channelMessageId.replace(/[^\w-]+/g, '_').slice(0, 80);
  const safeName = fileName.replace(/[^\w.-]+/g, '_').slice(-100) || 'file';
  return `c${companyId}/wa${connectionId}/${safeId}-${safeName}`;
};

/**
 * The type a file is stored and served as: the declared one when it is allowed, else the type its name stands for
 * (WhatsApp sends some documents as application/octet-stream); undefined when neither is allowed.
 */
export const acceptedType = (ref: MediaRef): { mimeType: string; fileName: string } | undefined => {
  const declared = baseMimeType(ref.mimeType);
  const byName = mimeTypeOfName(ref.fileName);
  const mimeType = isAllowedMimeType('message', declared) ? declared : byName;
  if (!mimeType) return undefined;
  // the stored name ends in an extension of its type, so it is served as that type and nothing else
  const fileName = extensionMatches(ref.fileName, mimeType) ? ref.fileName : `${ref.fileName}.${defaultExtension(mimeType)}`;
  return { mimeType, fileName };
};

const COMMON_EXTENSIONS = [
  'jpg',
  'png',
  'webp',
  'gif',
  'mp3',
  'ogg',
  'opus',
  'm4a',
  'aac',
  'wav',
  'amr',
  'mp4',
  'webm',
  'mov',
  '3gp',
  'pdf',
  'txt',
  'csv',
  'vcf',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
  'ppt',
  'odt',
  'ods',
  'odp',
  'rtf',
];
const defaultExtension = (mimeType: string): string =>
  COMMON_EXTENSIONS.find((ext) => extensionMatches(`x.${ext}`, mimeType)) ?? 'bin';

export type Download = () => Promise<Buffer>;

/**
 * Downloads and stores the file of a media message; answers the event with its `media`, or with a text saying
 * why the file is missing (the message itself is never dropped).
 */
export const takeInMedia = async (
  event: InboundMessageEvent,
  ref: MediaRef,
  download: Download,
  sink: MediaSink,
  onError: (error: unknown) => void,
): Promise<InboundMessageEvent> => {
  const missing = (why: string): InboundMessageEvent => ({
    ...event,
    body: [event.body, `[${why}: ${ref.fileName}]`].filter(Boolean).join('\n'),
  });
  const accepted = acceptedType(ref);
  if (!accepted) return missing('file type not accepted');
  if (ref.size !== undefined && ref.size > MAX_MEDIA_BYTES) return missing('file too large');
  let data: Buffer;
  try {
    data = await download();
  } catch (error) {
    onError(error);
    return missing('file could not be downloaded');
  }
  if (data.length > MAX_MEDIA_BYTES) return missing('file too large');
  const key = inboundMediaKey(event.companyId, event.connectionId, event.channelMessageId, accepted.fileName);
  try {
    await sink.put(key, data, accepted.mimeType);
  } catch (error) {
    onError(error);
    return missing('file could not be stored');
  }
  return { ...event, media: { key, name: accepted.fileName, mimeType: accepted.mimeType, size: data.length } };
};
