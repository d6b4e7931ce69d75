import { visitorUploadTarget } from '@switchboard/shared/contracts/webchat';
import { widgetFetch, WidgetHttpError } from './widget-fetch.ts';

export interface VisitorUpload {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

/**
 * POST /webchat/{token}/upload-url, then the bytes straight to the address it gives (the media store): the answer
 * is what a send needs to carry the file. The server checks type, name and size as for an agent's file.
 */
export const uploadVisitorFile = async ({
  chatToken,
  visitorToken,
  file,
}: {
  chatToken: string;
  visitorToken: string;
  file: File;
}): Promise<VisitorUpload> => {
  const body = { name: file.name, mimeType: file.type || 'application/octet-stream', size: file.size };
  const target = visitorUploadTarget.parse(await widgetFetch('webchat.upload-url', { chatToken, visitorToken, body }));
  let response: Response;
  try {
    response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file, credentials: 'omit' });
  } catch {
    throw new WidgetHttpError(0, 'ERR_NETWORK');
  }
  if (!response.ok) throw new WidgetHttpError(response.status, 'ERR_UPLOAD');
  return { key: target.key, ...body };
};
