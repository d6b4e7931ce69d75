import type { Campaign } from '@switchboard/shared/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { CampaignBodyInput } from '../utils/campaign-form.ts';
import { campaignsQueryKeys } from './get-campaigns.ts';

export type MediaChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'upload'; file: File };

export interface SaveCampaignInput {
  id?: number;
  body: CampaignBodyInput;
  media: MediaChange;
}

/**
 * POST /campaigns/{id}/media-upload: the API records the attachment (its name with spaces as underscores) and hands out
 * a signed address; the bytes go there directly.
 */
export const uploadCampaignMedia = async (id: number, file: File): Promise<Campaign> => {
  const mimeType = file.type || 'application/octet-stream';
  const target = await callRoute('campaigns.media-upload', {
    params: { id },
    body: { name: file.name, mimeType, size: file.size },
  });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
  return target.campaign;
};

/** DELETE /campaigns/{id}/media-upload: the campaign goes without its attachment. */
export const removeCampaignMedia = (id: number) => callRoute('campaigns.media-remove', { params: { id } });

/** Creates (POST) or updates (PUT) a campaign, then applies the attachment change. */
export const saveCampaign = async ({ id, body, media }: SaveCampaignInput): Promise<Campaign> => {
  let saved =
    id === undefined
      ? await callRoute('campaigns.create', { body })
      : await callRoute('campaigns.update', { params: { id }, body });
  if (media.kind === 'upload') saved = await uploadCampaignMedia(saved.id, media.file);
  if (media.kind === 'remove' && saved.mediaPath) saved = await removeCampaignMedia(saved.id);
  return saved;
};

export const useSaveCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
  });
};
