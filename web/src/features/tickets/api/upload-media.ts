import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

export interface UploadedMedia {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

/**
 * Puts a file in the media store: the API hands out a signed upload address for the ticket, the bytes go there
 * directly, and the answer is what POST /messages needs to send it.
 */
export const uploadMedia = async (ticketId: number, file: Blob, name: string): Promise<UploadedMedia> => {
  const mimeType = file.type || 'application/octet-stream';
  const target = await callRoute('messages.upload-url', { params: { id: ticketId }, body: { name, mimeType, size: file.size } });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_CREATING_MESSAGE' });
  return { key: target.key, name, mimeType, size: file.size };
};
