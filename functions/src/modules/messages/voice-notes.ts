/**
 * Agents' audio in a format every channel takes. Chromium records WebM/Opus, which the Cloud API refuses and WhatsApp
 * phones do not play as a voice note; the same Opus packets in an Ogg file are taken by both, so an uploaded WebM/Opus
 * audio is stored anew as Ogg (a remux, nothing is re-encoded) before its message is recorded: what the agents see is
 * what the customer gets.
 */
import { baseMimeType } from '@switchboard/shared/media-types';
import { oggIfWebmOpus } from '@switchboard/shared/media/webm-opus-to-ogg';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { companyMediaKey } from '../../platform/ports/media-keys.ts';

interface Upload {
  key: string;
  name: string;
  mimeType: string;
}

/** The upload as channels take it: a WebM/Opus one stored again as Ogg beside it (under the same ticket's folder). */
export const channelReadyUpload = async (companyId: number, ticketId: number, upload: Upload): Promise<Upload> => {
  if (baseMimeType(upload.mimeType) !== 'audio/webm') return upload;
  const bytes = await blobStore().read(upload.key);
  if (!bytes) return upload;
  const ogg = oggIfWebmOpus({ name: upload.name, mimeType: upload.mimeType, data: bytes });
  if (ogg.data === bytes) return upload;
  const key = companyMediaKey(companyId, `t${ticketId}`, ogg.name);
  await blobStore().put(key, ogg.data, ogg.mimeType);
  return { key, name: ogg.name, mimeType: ogg.mimeType };
};

/** A recording goes out as a voice note only in Ogg/Opus, the one format WhatsApp plays as one; else as an audio file. */
export const isVoiceNote = (upload: { mimeType: string; voiceNote?: boolean }): boolean =>
  upload.voiceNote === true && ['audio/ogg', 'audio/opus'].includes(baseMimeType(upload.mimeType));
