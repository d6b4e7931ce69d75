import type { FlowUploadTarget } from '@switchboard/shared/contracts/flows';
import { ApiError } from '../../../lib/api-error.ts';
import { callRoute } from '../../../lib/api-client.ts';

export type FlowMediaKind = 'img' | 'audio' | 'video';

const put = async (target: FlowUploadTarget, file: Blob): Promise<FlowUploadTarget> => {
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
  return target;
};

/**
 * POST /flowbuilder/img, /flowbuilder/audio or /flowbuilder/content (video, and files of content blocks): the API
 * answers the stored name and a signed address, and the bytes go there directly.
 */
export const uploadFlowMedia = async ({
  kind,
  file,
  inContent,
}: {
  kind: FlowMediaKind;
  file: File;
  inContent: boolean;
}): Promise<FlowUploadTarget> => {
  const body = { name: file.name, mimeType: file.type || 'application/octet-stream', size: file.size };
  if (kind === 'img' && !inContent) return put(await callRoute('flows.upload-image', { body }), file);
  if (kind === 'audio' && !inContent) return put(await callRoute('flows.upload-audio', { body }), file);
  const answer = await callRoute('flows.upload-content', { body: { medias: [body] } });
  return put(answer.elements[0]!, file);
};
